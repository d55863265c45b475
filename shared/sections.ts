/**
 * The content-section registry: the one place that says what each section of the site content is
 * (docs/product.md#content-sections). Its key in the content object, the address of its update call,
 * its admin screen, label, fields and item fields are written here once; the content and update schemas
 * (shared/schemas/content.ts), the rich-text fields the server sanitises, the update routes, the admin
 * route table, sidebar and editors are all derived from it. CONTRIBUTING.md shows how to add a field.
 */

/**
 * - `text`: plain text, shown as text.
 * - `rich`: HTML from the rich-text editor, sanitised by the server on every write.
 * - `link`: an address, never a script URL; not otherwise checked as a URL (docs/product.md#validation-rules).
 * - `image`: the address of an uploaded image, chosen with the image upload control.
 */
export type FieldKind = 'text' | 'rich' | 'link' | 'image';

export interface FieldDef {
  readonly name: string;
  /** The admin label. */
  readonly label: string;
  readonly kind: FieldKind;
  /** Required fields refuse empty input with 'Field cannot be empty !' (whitespace or empty tags count as empty). */
  readonly required?: boolean;
  /** Longest accepted value in characters (default `MAX_FIELD_LENGTH`). */
  readonly max?: number;
  /** The admin control when it is not the kind's own: a plain textarea for text or rich text. */
  readonly input?: 'textarea';
  /** Width and height of the pictures this field holds, for thumbnails in the admin. */
  readonly aspect?: readonly [number, number];
}

export interface ItemsDef {
  readonly fields: readonly FieldDef[];
  /** Most items a section may hold. */
  readonly max: number;
  /** Fields required in the first item only (the about-us editor checks only the first description). */
  readonly requiredInFirst?: readonly string[];
  /** The admin's items table and its add/edit dialogs; sections with their own screen have none. */
  readonly table?: {
    /** Dialog titles; without `add` there is no Add New button. */
    readonly add?: string;
    readonly edit: string;
    readonly canDelete?: boolean;
    /** Table columns in order, when it is not the order of `fields`. */
    readonly columns?: readonly string[];
    /** The add dialog shows its button only once this image is uploaded. */
    readonly requireImageToAdd?: string;
  };
}

export interface SectionDef {
  /** Key in the site content object (`GET /api/get-content`). */
  readonly key: string;
  /** The update call's segment: `POST /api/<api>/update`; also the id prefix of the admin form's fields. */
  readonly api: string;
  /** Admin screen: `/admin/<adminRoute>`. */
  readonly adminRoute: string;
  /** Sidebar entry and heading of the admin screen. */
  readonly label: string;
  readonly fields: readonly FieldDef[];
  readonly items?: ItemsDef;
  /** `custom`: the admin screen has its own layout (app/routes/admin/<adminRoute>.tsx). */
  readonly editor?: 'generic' | 'custom';
  /** False: a failed save only stops the spinner, with no toast (the banner, docs/product.md#error-catalogue). */
  readonly failureToast?: boolean;
}

/** Default length cap of a field, generous for rich text. */
export const MAX_FIELD_LENGTH = 200_000;
const ITEM_TITLE_MAX = 500;

export const SECTIONS = [
  {
    key: 'banner',
    api: 'banner',
    adminRoute: 'banner',
    label: 'Banner',
    failureToast: false,
    fields: [
      { name: 'title', label: 'Title', kind: 'text', required: true },
      { name: 'subTitle', label: 'Sub Title', kind: 'text', required: true },
      { name: 'description', label: 'Description', kind: 'rich', required: true },
      { name: 'modalTitle', label: 'Modal Title', kind: 'text', required: true },
      { name: 'modalLeftContent', label: 'Modal Left Content', kind: 'rich', required: true },
      { name: 'modalRightContent', label: 'Modal Right Content', kind: 'rich', required: true },
    ],
  },
  {
    key: 'product',
    api: 'product',
    adminRoute: 'products',
    label: 'Product Delivery',
    fields: [
      { name: 'title', label: 'Title', kind: 'text', required: true },
      { name: 'description', label: 'Description', kind: 'rich', required: true },
    ],
    items: {
      max: 100,
      fields: [
        { name: 'title', label: 'Title', kind: 'text', max: ITEM_TITLE_MAX },
        { name: 'description', label: 'Description', kind: 'text', input: 'textarea' },
      ],
      table: { edit: 'Edit Product' },
    },
  },
  {
    key: 'portfolio',
    api: 'portfolio',
    adminRoute: 'portfolio',
    label: 'Portfolio',
    fields: [
      { name: 'title', label: 'Title', kind: 'text', required: true },
      { name: 'description', label: 'Description', kind: 'rich', required: true, input: 'textarea' },
    ],
    items: {
      max: 100,
      fields: [
        { name: 'product_link', label: 'Link', kind: 'link' },
        { name: 'image_url', label: 'Image', kind: 'image' },
      ],
      table: {
        add: 'Add Portfolio',
        edit: 'Edit Portfolio',
        canDelete: true,
        columns: ['image_url', 'product_link'],
        requireImageToAdd: 'image_url',
      },
    },
  },
  {
    key: 'services',
    api: 'services',
    adminRoute: 'services',
    label: 'Our Services',
    fields: [{ name: 'title', label: 'Title', kind: 'text', required: true }],
    items: {
      max: 100,
      fields: [
        { name: 'title', label: 'Title', kind: 'text', max: ITEM_TITLE_MAX },
        { name: 'description', label: 'Description', kind: 'text', input: 'textarea' },
        { name: 'modal_description', label: 'Modal Description', kind: 'rich' },
        { name: 'modal_img', label: 'Modal Image', kind: 'image' },
      ],
      table: { add: 'Add New Service', edit: 'Edit Service', canDelete: true, requireImageToAdd: 'modal_img' },
    },
  },
  {
    key: 'team',
    api: 'team',
    adminRoute: 'team',
    label: 'Team',
    fields: [{ name: 'title', label: 'Title', kind: 'text', required: true }],
    items: {
      max: 100,
      fields: [
        { name: 'title', label: 'Title', kind: 'text', max: ITEM_TITLE_MAX },
        { name: 'description', label: 'Description', kind: 'text', input: 'textarea' },
        { name: 'image_url', label: 'Image', kind: 'image', aspect: [260, 280] },
      ],
      table: { add: 'Add New Member', edit: 'Edit Member', canDelete: true },
    },
  },
  {
    key: 'aboutus',
    api: 'about-us',
    adminRoute: 'about',
    label: 'About',
    editor: 'custom',
    fields: [],
    items: {
      max: 10,
      requiredInFirst: ['description'],
      fields: [
        { name: 'title', label: 'Title', kind: 'rich' },
        { name: 'description', label: 'Description', kind: 'rich' },
        { name: 'image_url', label: 'Image', kind: 'image' },
      ],
    },
  },
  {
    key: 'social',
    api: 'social',
    adminRoute: 'social-media',
    label: 'Social Media',
    fields: [
      { name: 'facebook_link', label: 'Facebook', kind: 'link', required: true },
      { name: 'twitter_link', label: 'Twitter', kind: 'link', required: true },
      { name: 'linkedin_link', label: 'LinkedIn', kind: 'link', required: true },
      { name: 'youtube_link', label: 'Youtube', kind: 'link', required: true },
      { name: 'github_link', label: 'Github', kind: 'link', required: true },
    ],
  },
  {
    key: 'privacyPolicy',
    api: 'privacy',
    adminRoute: 'privacy-policy',
    label: 'Privacy Policy',
    fields: [
      { name: 'privacy_policy_text', label: 'Privacy Policy', kind: 'rich', required: true },
      { name: 'terms_and_conditions_text', label: 'Terms And Conditions', kind: 'rich', required: true },
    ],
  },
] as const satisfies readonly SectionDef[];

type Registry = (typeof SECTIONS)[number];
export type SectionKey = Registry['key'];
export type SectionOf<K extends SectionKey> = Extract<Registry, { key: K }>;

type Simplify<T> = { [K in keyof T]: T[K] } & {};
type Values<F extends readonly FieldDef[]> = { [N in F[number]['name']]: string };

/** One item of a section with items, e.g. `SectionItem<'team'>` is `{ title, description, image_url }`. */
export type SectionItem<K extends SectionKey> =
  SectionOf<K> extends { items: { fields: infer F extends readonly FieldDef[] } } ? Simplify<Values<F>> : never;

/** A section as the content object holds it: its `_id`, its fields, and its items if it has any. */
export type SectionContent<K extends SectionKey> = Simplify<
  { _id: string } & Values<SectionOf<K>['fields']> &
    (SectionOf<K> extends { items: ItemsDef } ? { items: SectionItem<K>[] } : unknown)
>;

export function sectionOf<K extends SectionKey>(key: K): SectionOf<K> {
  return SECTIONS.find((s) => s.key === key) as SectionOf<K>;
}

/** The section an admin screen edits, by its route segment (`products` → the product section). */
export const sectionByAdminRoute = (adminRoute: string): SectionDef | undefined =>
  SECTIONS.find((s) => s.adminRoute === adminRoute);

/** `POST /api/<api>/update`, without the `/api` prefix. */
export const updatePathOf = (section: SectionDef) => `/${section.api}/update`;

/** Names of the fields holding rich text, which the server sanitises before storing. */
export function richFieldsOf(section: SectionDef): { fields: string[]; itemFields: string[] } {
  const rich = (fields: readonly FieldDef[]) => fields.filter((f) => f.kind === 'rich').map((f) => f.name);
  return { fields: rich(section.fields), itemFields: rich(section.items?.fields ?? []) };
}
