import { z } from '#shared/schemas/zod.ts';
import { PAGE_BLOCK_MESSAGES as M } from '#shared/messages.ts';
import { isSafeLink } from '#shared/schemas/fields.ts';

/**
 * The typed blocks a page is built from (docs/product.md#pages): one schema per block, used by the page
 * editor, the API and the server renderer alike. A block's `id` is made by the editor (a short random
 * string) and keeps React keys and per-block errors stable while blocks are moved; it is not an address.
 * Images are media-library addresses (`/uploads/...`) or ''; links are a site path (`/careers`) or an
 * http(s) address.
 */

const MAX_SHORT = 200;
const MAX_TEXT = 2_000;
const MAX_HTML = 100_000;

const text = (max: number) => z._default(z.string().check(z.trim(), z.maxLength(max, M.tooLong(max))), '');
const required = (message: string, max: number) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(max, M.tooLong(max)));

/** What the link is once a browser reads it (backslashes read as slashes, `..` resolved), or null. */
const resolved = (link: string) => {
  try {
    return new URL(link, SITE);
  } catch {
    return null;
  }
};
const SITE = 'http://site.invalid';

/**
 * A site path or an http(s) address; never a script URL. A path must stay a path of this site as a browser
 * reads it: `//host`, `/\host` and `/\/host` would leave it.
 */
export const isBlockLink = (link: string) => {
  if (!isSafeLink(link)) return false;
  const url = resolved(link);
  if (!url) return false;
  if (link.startsWith('/')) return url.origin === SITE && !link.includes('\\');
  return /^https?:\/\/[^\s/\\]+/i.test(link) && (url.protocol === 'http:' || url.protocol === 'https:');
};

/** A media-library address as written: under /uploads/, no `..`, no backslash. */
export const isUploadAddress = (src: string) =>
  src.startsWith('/uploads/') &&
  isSafeLink(src) &&
  !src.includes('\\') &&
  resolved(src)?.pathname === src.split(/[?#]/)[0];
const link = () =>
  z
    .string({ error: M.linkInvalid })
    .check(z.trim(), z.maxLength(2_000, M.linkInvalid), z.refine(isBlockLink, M.linkInvalid));

/** A media-library image address, or '' for none. */
const image = () =>
  z._default(
    z.string().check(
      z.trim(),
      z.maxLength(2_000, M.tooLong(2_000)),
      z.refine((src) => src === '' || isUploadAddress(src), M.imageRequired),
    ),
    '',
  );

const button = z.object({ label: required(M.labelRequired, 60), href: link() });
const id = z.string({ error: M.badId }).check(z.regex(/^[A-Za-z0-9_-]{1,40}$/, M.badId));
/**
 * An image that is set needs its alt text (WCAG 1.1.1): the hero's and the text-beside-image's picture
 * carries meaning the text beside it does not repeat; a purely decorative one can be left out.
 */
const altWhenImage = z.superRefine((block: { image: string; imageAlt: string }, ctx) => {
  if (block.image && !block.imageAlt)
    ctx.addIssue({ code: 'custom', path: ['imageAlt'], message: M.altRequired, input: block.imageAlt });
});
const items = <T extends z.ZodMiniType>(item: T, max: number) =>
  z.array(item).check(z.maxLength(max, M.tooManyItems(max)));

export const heroBlock = z
  .object({
    type: z.literal('hero'),
    id,
    heading: required(M.headingRequired, MAX_SHORT),
    text: text(MAX_TEXT),
    image: image(),
    imageAlt: text(MAX_SHORT),
    buttons: z._default(items(button, 2), []),
  })
  .check(altWhenImage);

/** Rich text: HTML from the editor, cleaned by the post sanitiser on every save. */
export const richTextBlock = z.object({ type: z.literal('richText'), id, html: required(M.textRequired, MAX_HTML) });

export const imageBlock = z.object({
  type: z.literal('image'),
  id,
  image: required(M.imageRequired, 2_000).check(z.refine(isUploadAddress, M.imageRequired)),
  alt: required(M.altRequired, MAX_SHORT),
  caption: text(MAX_SHORT),
});

export const textImageBlock = z
  .object({
    type: z.literal('textImage'),
    id,
    heading: text(MAX_SHORT),
    html: required(M.textRequired, MAX_HTML),
    image: image(),
    imageAlt: text(MAX_SHORT),
    imageSide: z._default(z.enum(['left', 'right']), 'right'),
  })
  .check(altWhenImage);

export const ctaBlock = z.object({
  type: z.literal('cta'),
  id,
  heading: required(M.headingRequired, MAX_SHORT),
  text: text(MAX_TEXT),
  button,
});

export const featuresBlock = z.object({
  type: z.literal('features'),
  id,
  heading: text(MAX_SHORT),
  items: items(z.object({ title: required(M.headingRequired, MAX_SHORT), text: text(MAX_TEXT), icon: text(40) }), 12),
});

export const faqBlock = z.object({
  type: z.literal('faq'),
  id,
  heading: text(MAX_SHORT),
  items: items(
    z.object({ question: required(M.questionRequired, 300), answer: required(M.answerRequired, MAX_TEXT) }),
    30,
  ),
});

/** The newest published posts of one category, tag or author, chosen by id so a rename never breaks it. */
export const postsBlock = z.object({
  type: z.literal('posts'),
  id,
  heading: text(MAX_SHORT),
  source: z.object({
    kind: z.enum(['category', 'tag', 'author'], { error: M.sourceInvalid }),
    id: z.string({ error: M.sourceInvalid }).check(z.minLength(1, M.sourceInvalid), z.maxLength(64, M.sourceInvalid)),
  }),
  limit: z._default(
    z
      .number({ error: M.limitInvalid })
      .check(z.int({ error: M.limitInvalid }), z.gte(1, M.limitInvalid), z.lte(12, M.limitInvalid)),
    3,
  ),
});

/** The landing's contact form, into the same inbox. */
export const contactBlock = z.object({
  type: z.literal('contact'),
  id,
  heading: text(MAX_SHORT),
  text: text(MAX_TEXT),
});

/** The blog's subscribe box. */
export const subscribeBlock = z.object({
  type: z.literal('subscribe'),
  id,
  heading: text(MAX_SHORT),
  text: text(MAX_TEXT),
});

/** The landing's team, services or portfolio, shown from the same data as on the landing page. */
export const landingBlock = z.object({
  type: z.literal('landing'),
  id,
  section: z.enum(['team', 'services', 'portfolio'], { error: M.sectionInvalid }),
});

/** The field naming a block's type (a value, not a message: as shared/schemas/two-factor.ts). */
const BLOCK_KIND = 'type';
export const pageBlockSchema = z.discriminatedUnion(
  BLOCK_KIND,
  [
    heroBlock,
    richTextBlock,
    imageBlock,
    textImageBlock,
    ctaBlock,
    featuresBlock,
    faqBlock,
    postsBlock,
    contactBlock,
    subscribeBlock,
    landingBlock,
  ],
  { error: M.unknownType },
);
export type PageBlock = z.infer<typeof pageBlockSchema>;
export type PageBlockType = PageBlock['type'];
export type BlockOf<T extends PageBlockType> = Extract<PageBlock, { type: T }>;

export const MAX_BLOCKS = 40;

/**
 * The blocks a page shows once: the contact form and the subscribe box (their fields' ids and labels are
 * the landing's and the blog's, app/features/landing/ContactForm.tsx) and each landing section (its
 * section id is the landing's). A repeat is reported on its own block.
 */
const oncePerPage = z.superRefine((blocks: PageBlock[], ctx) => {
  const seen = new Set<string>();
  blocks.forEach((block, index) => {
    const key = block.type === 'landing' ? `landing:${block.section}` : block.type;
    if (block.type !== 'contact' && block.type !== 'subscribe' && block.type !== 'landing') return;
    if (seen.has(key))
      ctx.addIssue({
        code: 'custom',
        path: [index, block.type === 'landing' ? 'section' : 'type'],
        message: M.oncePerPage,
        input: block,
      });
    seen.add(key);
  });
});

export const pageBlocksSchema = z.array(pageBlockSchema).check(
  z.maxLength(MAX_BLOCKS, M.tooManyBlocks(MAX_BLOCKS)),
  z.refine((blocks) => new Set(blocks.map((b) => b.id)).size === blocks.length, M.badId),
  oncePerPage,
);
