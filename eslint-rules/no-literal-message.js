import fs from 'node:fs';

/**
 * Every text a user can see is in shared/messages.ts (CONTRIBUTING.md). This rule makes "a text a user can
 * see" precise as a string or template literal with text of its own (not one made only of `${…}`) in one of
 * these places:
 *
 * - the message argument of a domain error of server/errors.ts: `new NotFoundError('…')`;
 * - a Zod message: any string argument of a `z.*` call (`z.minLength(1, '…')`, `z.enum([…], '…')`,
 *   `z.string('…')`), except the calls whose string arguments are values (`z.literal`, `z._default`, …),
 *   and the `error` or `message` property of an object passed to a `z.*` call (`z.string({ error: '…' })`);
 * - a toast: `toast('…')`, `toast.error('…')`, `toast.undo('…', …)` …, and the `success` option of a
 *   submit (`run(…, { success: '…' })`, app/lib/use-submit.ts), which is shown as a toast.
 *
 * The texts belong in shared/messages.ts, where the rule does not apply; the call sites name them.
 */
const ERRORS_FILE = new URL('../server/errors.ts', import.meta.url);
const DOMAIN_ERRORS = new Set(
  [...fs.readFileSync(ERRORS_FILE, 'utf8').matchAll(/export class (\w+)/g)].map((match) => match[1]),
);
/** `z.*` calls whose string arguments are values, not messages. */
const ZOD_VALUES = new Set([
  'literal',
  '_default',
  'default',
  'prefault',
  'catch',
  'templateLiteral',
  'describe',
  'meta',
  'config',
]);

const isLiteralText = (node) =>
  (node?.type === 'Literal' && typeof node.value === 'string' && node.value !== '') ||
  (node?.type === 'TemplateLiteral' && node.quasis.some((q) => q.value.cooked !== ''));

/** `z.x.y(…)` → ['z', 'x', 'y']; anything else → null. */
function memberPath(node) {
  const names = [];
  while (node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier') {
    names.unshift(node.property.name);
    node = node.object;
  }
  if (node.type !== 'Identifier') return null;
  names.unshift(node.name);
  return names;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Texts users see are written in shared/messages.ts, never as literals elsewhere.' },
    schema: [],
    messages: {
      literal: 'A text users see ({{where}}) belongs in shared/messages.ts: add it there and use it by name here.',
    },
  },
  create(context) {
    const report = (node, where) => context.report({ node, messageId: 'literal', data: { where } });
    return {
      NewExpression(node) {
        if (
          node.callee.type === 'Identifier' &&
          DOMAIN_ERRORS.has(node.callee.name) &&
          isLiteralText(node.arguments[0])
        )
          report(node.arguments[0], `the message of ${node.callee.name}`);
      },
      CallExpression(node) {
        const path = memberPath(node.callee);
        if (!path) return;
        const [root, ...rest] = path;
        const name = rest.at(-1);
        if (root === 'z' && rest.length && !ZOD_VALUES.has(name)) {
          for (const arg of node.arguments) {
            if (isLiteralText(arg)) report(arg, `a message of z.${rest.join('.')}`);
            if (arg.type === 'ObjectExpression') {
              for (const prop of arg.properties) {
                if (
                  prop.type === 'Property' &&
                  !prop.computed &&
                  ['error', 'message'].includes(prop.key.name ?? prop.key.value) &&
                  isLiteralText(prop.value)
                )
                  report(prop.value, `the ${prop.key.name ?? prop.key.value} of z.${rest.join('.')}`);
              }
            }
          }
        }
        if (root === 'toast' && rest.length <= 1 && isLiteralText(node.arguments[0]))
          report(node.arguments[0], 'a toast');
        if (name === 'run') {
          for (const arg of node.arguments) {
            if (arg.type !== 'ObjectExpression') continue;
            for (const prop of arg.properties) {
              if (
                prop.type === 'Property' &&
                !prop.computed &&
                prop.key.name === 'success' &&
                isLiteralText(prop.value)
              )
                report(prop.value, 'the success toast of a submit');
            }
          }
        }
      },
    };
  },
};
