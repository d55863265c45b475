import { z } from 'zod';

/**
 * Field rules shared by forms and API routes. `trim()` runs first, so whitespace-only input counts as
 * empty (SPEC §5). Zod reports every failing check; callers show the first issue of each field, which is
 * why the emptiness check always comes before the format check.
 */
export const requiredText = (emptyMessage: string, max = 100_000) =>
  z
    .string({ error: emptyMessage })
    .trim()
    .min(1, emptyMessage)
    .max(max, `Must be at most ${max} characters`);

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

/** Required rich text: whitespace-only counts as empty (SPEC §5), also when wrapped in tags. */
export const requiredRichText = (emptyMessage: string, max = 100_000) =>
  requiredText(emptyMessage, max).refine(hasVisibleContent, emptyMessage);

/** "Only letters and dots": any script's letters, so names like "José" or "Zoë" are accepted. */
const NAME_PATTERN = /^[\p{L}.]+$/u;

export const personName = (emptyMessage: string, invalidMessage: string) =>
  requiredText(emptyMessage, 100).regex(NAME_PATTERN, invalidMessage);

/** The contact form's e-mail rule: it must contain both '@' and '.' (SPEC §5). */
export const looseEmail = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(254, message)
    .refine((value) => value.includes('@') && value.includes('.'), message);
