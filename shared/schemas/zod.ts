import { z } from 'zod/mini';
import en from 'zod/v4/locales/en.js';

/**
 * The one `z` every schema imports: `zod/mini` (it tree-shakes, docs/decisions/0005) with Zod's English
 * messages installed. Classic Zod installs them when loaded and mini does not, so without this a check
 * that names no message of its own would say only "Invalid input", and the browser and the server could
 * disagree. About 1.5 KB gzipped.
 */
z.config(en());

export { z };
