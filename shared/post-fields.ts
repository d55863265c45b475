import { PUBLISHING_MESSAGES, VALIDATION_MESSAGES } from './messages';

/**
 * The post-field registry: the one place that says which fields an administrator writes in a blog post
 * (docs/product.md#blog-entities), the way shared/sections.ts does for landing sections. The input and
 * answer schemas (shared/schemas/blog.ts), the stored columns and their mapping
 * (server/modules/blog/mapping.ts), the fields a post's history keeps and their labels, the images the
 * media library looks for, and the editor's controls (app/features/blog-editor/) are derived from it.
 * The publishing state (status, publishAt, sendNewsletter) is not a field here: it has rules of its own
 * and its history is never restored. CONTRIBUTING.md shows how to add a field.
 */

/**
 * - `text`: plain text, trimmed.
 * - `rich`: HTML from the rich-text editor, sanitised by the server on every write; it may embed images.
 * - `image`: the address of an uploaded image, chosen with the image upload control.
 * - `category`: the id of the post's category, empty for none; answers show it as a list of categories.
 * - `slug`: the post's own URL segment; empty: made from the title.
 */
export type PostFieldKind = 'text' | 'rich' | 'image' | 'category' | 'slug';

/**
 * - `post`: the product contract's fields (docs/product.md#blog-entities), in every answer and in the
 *   editor's main column.
 * - `seo`: what search engines and social networks show, in the admin's answers and the editor's
 *   "Search engines and sharing" panel.
 */
export type PostFieldGroup = 'post' | 'seo';

export interface PostFieldDef {
  /** Its key in the API's payloads and in the editor's form. */
  readonly name: string;
  /** Its column of `blog_posts` (server/db/schema.ts). */
  readonly column: string;
  /** The name a post's history shows, and the editor's label unless `editorLabel` is given. */
  readonly label: string;
  readonly editorLabel?: string;
  readonly kind: PostFieldKind;
  readonly group: PostFieldGroup;
  /** Longest accepted value in characters, refused with `tooLong`. */
  readonly max?: number;
  readonly tooLong?: string;
  /** A required field refuses an empty value with this message. */
  readonly required?: string;
  /** The editor's control when it is not the kind's own: a two-line textarea. */
  readonly input?: 'textarea';
}

export const POST_FIELDS = [
  {
    name: 'title',
    column: 'title',
    label: 'Title',
    kind: 'text',
    group: 'post',
    required: VALIDATION_MESSAGES.titleRequired,
    max: 300,
    tooLong: VALIDATION_MESSAGES.titleTooLong,
  },
  {
    name: 'excerpt',
    column: 'excerpt',
    label: 'Excerpt',
    kind: 'text',
    group: 'post',
    input: 'textarea',
    max: 1000,
    tooLong: VALIDATION_MESSAGES.excerptTooLong,
  },
  {
    name: 'blogCategory',
    column: 'category_id',
    label: 'Category',
    editorLabel: 'Select Category',
    kind: 'category',
    group: 'post',
  },
  // Not trimmed, unlike text: the rich-text editor's own markup is kept as it sent it.
  {
    name: 'content',
    column: 'content',
    label: 'Content',
    kind: 'rich',
    group: 'post',
    max: 500_000,
    tooLong: VALIDATION_MESSAGES.contentTooLong,
  },
  { name: 'featureImage', column: 'feature_image', label: 'Image', kind: 'image', group: 'post' },
  {
    name: 'customSlug',
    column: 'custom_slug',
    label: 'Address',
    editorLabel: 'Address (URL segment; empty: made from the title)',
    kind: 'slug',
    group: 'seo',
    max: 200,
    tooLong: PUBLISHING_MESSAGES.slugTooLong,
  },
  {
    name: 'metaTitle',
    column: 'meta_title',
    label: 'Search title',
    kind: 'text',
    group: 'seo',
    max: 200,
    tooLong: VALIDATION_MESSAGES.metaTitleTooLong,
  },
  {
    name: 'metaDescription',
    column: 'meta_description',
    label: 'Search description',
    kind: 'text',
    group: 'seo',
    input: 'textarea',
    max: 500,
    tooLong: VALIDATION_MESSAGES.metaDescriptionTooLong,
  },
  { name: 'socialImage', column: 'social_image', label: 'Social sharing picture', kind: 'image', group: 'seo' },
] as const satisfies readonly PostFieldDef[];

export type PostField = (typeof POST_FIELDS)[number];
export type PostFieldName = PostField['name'];
export type PostFieldColumn = PostField['column'];
export type PostFieldsIn<G extends PostFieldGroup> = Extract<PostField, { group: G }>;
/** Every field but the category (stored as an id, answered as a list of categories): each holds a string. */
export type PostTextField = Exclude<PostField, { kind: 'category' }>;

/** The fields of a group in the registry's order, which is the order of the payloads' keys. */
export const postFieldsIn = <G extends PostFieldGroup>(group: G): Array<PostFieldsIn<G>> =>
  POST_FIELDS.filter((field): field is PostFieldsIn<G> => field.group === group);

export const isTextField = (field: PostField): field is PostTextField => field.kind !== 'category';

/** The names a post's history shows for its fields (app/features/history/). */
export const POST_HISTORY_LABELS: Readonly<Record<PostFieldName, string>> = Object.fromEntries(
  POST_FIELDS.map((field) => [field.name, field.label]),
) as Record<PostFieldName, string>;

/** The fields holding rich text: the history renders these and shows every other field as text. */
export const POST_RICH_FIELDS: ReadonlySet<string> = new Set(
  POST_FIELDS.filter((field) => field.kind === 'rich').map((field) => field.name),
);

/** The fields of the "Search engines and sharing" panel. */
export const SEO_FIELDS = postFieldsIn('seo').map((field) => field.name);

/** The columns that may hold an uploaded image's address: images, and rich text that embeds them. */
export const POST_IMAGE_COLUMNS = POST_FIELDS.filter((field) => field.kind === 'image' || field.kind === 'rich').map(
  (field) => field.column,
);
