// Second half of `npm run build` (after `react-router build`): bundles the Fastify server into
// build/node/main.js, copies the self-hosted TinyMCE into the client build and precompresses the client
// files so they are served as .br/.gz files.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { build } from 'esbuild';
import { copyTinymce } from './copy-tinymce.mjs';

await build({
  entryPoints: ['server/main.ts'],
  outfile: 'build/node/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});

const tinymceFiles = copyTinymce('build/client/tinymce');

const COMPRESSIBLE = /\.(js|css|svg|json|txt|xml|html|ico|map)$/;
let count = 0;
function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(file);
    else if (COMPRESSIBLE.test(entry.name) && !file.endsWith('.map')) {
      const bytes = fs.readFileSync(file);
      if (bytes.length < 1024) continue;
      fs.writeFileSync(
        `${file}.br`,
        zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
      count++;
    }
  }
}
walk('build/client');
fs.writeFileSync('build/.stamp', new Date().toISOString());
console.log(
  `server bundled to build/node/main.js; TinyMCE copied (${tinymceFiles} files); ${count} client files precompressed`,
);
