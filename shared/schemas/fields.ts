import { z } from './zod';
import { EDIT_CONFLICT_MESSAGES, VALIDATION_MESSAGES } from '#shared/messages.ts';

/**
 * Field rules shared by forms and API routes. Shared schemas use `zod/mini`: they ship to browsers, and
 * its functional checks tree-shake to a fraction of classic Zod (docs/decisions/0005). `trim()` runs
 * first, so whitespace-only input counts as empty (docs/product.md#validation-rules). Zod reports every failing check; callers
 * show the first issue of each field, which is why the emptiness check always comes before the format
 * check.
 */
export const requiredText = (emptyMessage: string, max = 100_000) =>
  z
    .string({ error: emptyMessage })
    .check(z.trim(), z.minLength(1, emptyMessage), z.maxLength(max, VALIDATION_MESSAGES.tooLong(max)));

/**
 * **Extension:** the version of a post or section its editor opened (docs/product.md#edit-conflicts): a save
 * over a newer one answers 409. Absent: the save is made whatever came before (the spec's flow).
 */
export const baseVersionField = z.optional(
  z
    .number({ error: EDIT_CONFLICT_MESSAGES.badVersion })
    .check(z.int({ error: EDIT_CONFLICT_MESSAGES.badVersion }), z.gte(1, { error: EDIT_CONFLICT_MESSAGES.badVersion })),
);

/** Optional text capped at `max` characters, stored as '' when absent. */
export const optionalText = (max: number, message?: string) =>
  z._default(z.string().check(z.maxLength(max, message)), '');

/** Elements that are content in rich text even without any text around them. */
const EMBEDDED_CONTENT = /<(img|iframe|video|audio|picture|svg|object|embed)\b/i;

/**
 * Whether rich text (HTML) shows anything: its text without tags and non-breaking spaces is not blank,
 * or it holds an image or an embed. An editor that only got spaces gives `<p>&nbsp; &nbsp;</p>`.
 */
export const hasVisibleContent = (html: string) =>
  EMBEDDED_CONTENT.test(html) ||
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&(nbsp|#160|#xa0);/gi, ' ')
    .trim() !== '';

/** Required rich text: whitespace-only counts as empty (docs/product.md#validation-rules), also when wrapped in tags. */
export const requiredRichText = (emptyMessage: string, max = 100_000) =>
  requiredText(emptyMessage, max).check(z.refine(hasVisibleContent, emptyMessage));

/** "Only letters and dots": any script's letters, so names like "José" or "Zoë" are accepted. */
const NAME_PATTERN = /^[\p{L}.]+$/u;

export const personName = (emptyMessage: string, invalidMessage: string) =>
  requiredText(emptyMessage, 100).check(z.regex(NAME_PATTERN, invalidMessage));

/** The contact form's e-mail rule: it must contain both '@' and '.' (docs/product.md#validation-rules). */
export const looseEmail = (message: string) =>
  z.string({ error: message }).check(
    z.trim(),
    z.minLength(1, message),
    z.maxLength(254, message),
    z.refine((value) => value.includes('@') && value.includes('.'), message),
  );

/**
 * Links are not checked as URLs (docs/product.md#validation-rules), but a script URL never reaches a page,
 * a feed or an e-mail. Browsers drop tabs and newlines inside a URL and control characters before it, so
 * `java\tscript:` and `\u0001javascript:` run as `javascript:`: a link with any control character is refused
 * before its scheme is checked.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
const SCRIPT_SCHEME = /^\s*(javascript|data|vbscript):/i;
export const INVALID_LINK = 'Please enter a valid link';
export const isSafeLink = (link: string) => !CONTROL_CHARACTER.test(link) && !SCRIPT_SCHEME.test(link);
export const safeLink = () => z.refine<string>(isSafeLink, INVALID_LINK);

/** An optional link (image address, product link), stored as '' when absent. */
export const optionalLink = () => z._default(z.string().check(z.trim(), z.maxLength(2000), safeLink()), '');
