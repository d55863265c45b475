import noLiteralMessage from './no-literal-message.js';
import noModuleCycle from './no-module-cycle.js';

/** The project's own lint rules (eslint.config.js). */
export default { rules: { 'no-literal-message': noLiteralMessage, 'no-module-cycle': noModuleCycle } };
