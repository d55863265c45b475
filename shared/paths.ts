/** Anchor ids of the landing page sections, in page order (docs/product.md#blog-urls). */
export const SECTION_IDS = {
  home: 'home',
  productDelivery: 'product_delivery',
  portfolio: 'portfolio',
  services: 'services',
  aboutUs: 'about-us',
  team: 'team',
  contactUs: 'contact_us',
} as const;
export type SectionId = (typeof SECTION_IDS)[keyof typeof SECTION_IDS];

/** The header's navigation, in order; `section` buttons scroll, Blogs goes to its page. */
export const NAV_ITEMS: ReadonlyArray<{ label: string; section?: SectionId; to?: string }> = [
  { label: 'Home', section: SECTION_IDS.home },
  { label: 'Product Delivery', section: SECTION_IDS.productDelivery },
  { label: 'Portfolio', section: SECTION_IDS.portfolio },
  { label: 'Services', section: SECTION_IDS.services },
  { label: 'About Us', section: SECTION_IDS.aboutUs },
  { label: 'Team', section: SECTION_IDS.team },
  { label: 'Contact Us', section: SECTION_IDS.contactUs },
  { label: 'Blogs', to: '/blogs' },
];

export const sectionUrl = (section: SectionId) => `/?section=${section}`;

/**
 * Responsive variants made for every stored upload (see server/modules/uploads). An upload stored as
 * `/uploads/<name>.<ext>` also exists as `/uploads/<name>.w<width>.webp` for each width here.
 */
export const IMAGE_VARIANT_WIDTHS = [480, 960] as const;
const UPLOAD_URL = /^\/uploads\/([\w-]+)\.(png|jpe?g|webp|gif|avif)$/;

/**
 * Where a page loads an upload from: the site's own `/uploads/`, or the CDN in front of the bucket
 * (`mediaBase`, from S3_PUBLIC_URL). Stored content always says `/uploads/<name>`.
 */
export const mediaSrc = (url: string, mediaBase = '') =>
  mediaBase && url.startsWith('/uploads/') ? `${mediaBase}/${url.slice('/uploads/'.length)}` : url;

export function webpSrcSet(url: string, mediaBase = ''): string | undefined {
  const match = UPLOAD_URL.exec(url);
  if (!match) return undefined;
  return IMAGE_VARIANT_WIDTHS.map((w) => `${mediaSrc(`/uploads/${match[1]}.w${w}.webp`, mediaBase)} ${w}w`).join(', ');
}

/** docs/product.md#blog-urls blog URLs: spaces become hyphens, and in titles slashes become this token. */
export const SLASH_TOKEN = '_slash_';
export const UNCATEGORIZED = 'uncategorized';

/** The URL segment of a category name. */
export const categorySlug = (name: string) => name.trim().replace(/\s+/g, '-');

/** The URL segment of a post title; never empty, never a path step like "..". */
export function titleSlug(title: string): string {
  const slug = title.trim().replace(/\s+/g, '-').replaceAll('/', SLASH_TOKEN);
  return slug === '' || slug === '.' || slug === '..' ? 'post' : slug;
}

/** A post's private preview (app/routes/public/post-preview.tsx), by its preview link's token. */
export const postPreviewUrl = (token: string) => `/preview/${token}`;

/** A page's private preview (app/routes/public/page-preview.tsx), by its preview link's token. */
export const pagePreviewUrl = (token: string) => `/preview/page/${token}`;

/** A page's public address (docs/product.md#pages). */
export const pagePath = (segment: string) => `/${segment}`;

export const blogCategoryUrl = (categorySegment: string) => `/blogs/${encodeURIComponent(categorySegment)}`;
export const blogPostUrl = (categorySegment: string, slug: string) =>
  `/blogs/${encodeURIComponent(categorySegment)}/${encodeURIComponent(slug)}`;
