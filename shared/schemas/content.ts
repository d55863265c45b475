import { z } from './zod';

/**
 * The site content object of SPEC §3. Each section is stored in its own row with its scalar fields and
 * ordered items (server/db); this file is the shape every layer agrees on.
 */
const id = z.string();
const html = z.string();

export const productItemSchema = z.object({ title: z.string(), description: html });
export const portfolioItemSchema = z.object({ image_url: z.string(), product_link: z.string() });
export const serviceItemSchema = z.object({
  title: z.string(),
  description: html,
  modal_description: html,
  modal_img: z.string(),
});
export const imageItemSchema = z.object({ title: html, description: html, image_url: z.string() });

export const siteContentSchema = z.object({
  banner: z.object({
    _id: id,
    title: z.string(),
    subTitle: z.string(),
    description: html,
    modalTitle: z.string(),
    modalLeftContent: html,
    modalRightContent: html,
  }),
  product: z.object({ _id: id, title: z.string(), description: html, items: z.array(productItemSchema) }),
  portfolio: z.object({ _id: id, title: z.string(), description: html, items: z.array(portfolioItemSchema) }),
  services: z.object({ _id: id, title: z.string(), items: z.array(serviceItemSchema) }),
  aboutus: z.object({ _id: id, items: z.array(imageItemSchema) }),
  team: z.object({ _id: id, title: z.string(), items: z.array(imageItemSchema) }),
  social: z.object({
    _id: id,
    facebook_link: z.string(),
    twitter_link: z.string(),
    linkedin_link: z.string(),
    youtube_link: z.string(),
    github_link: z.string(),
  }),
  privacyPolicy: z.object({ _id: id, privacy_policy_text: html, terms_and_conditions_text: html }),
});

export type SiteContent = z.infer<typeof siteContentSchema>;
export type SectionKey = keyof SiteContent;
export type ProductItem = z.infer<typeof productItemSchema>;
export type PortfolioItem = z.infer<typeof portfolioItemSchema>;
export type ServiceItem = z.infer<typeof serviceItemSchema>;
export type ImageItem = z.infer<typeof imageItemSchema>;

/**
 * How each section maps onto storage: its scalar fields, and for sections with a list, the item fields.
 * The repository reads and writes every section through this one table of facts.
 */
export const SECTION_LAYOUT = {
  banner: { fields: ['title', 'subTitle', 'description', 'modalTitle', 'modalLeftContent', 'modalRightContent'] },
  product: { fields: ['title', 'description'], itemFields: ['title', 'description'] },
  portfolio: { fields: ['title', 'description'], itemFields: ['image_url', 'product_link'] },
  services: { fields: ['title'], itemFields: ['title', 'description', 'modal_description', 'modal_img'] },
  aboutus: { fields: [], itemFields: ['title', 'description', 'image_url'] },
  team: { fields: ['title'], itemFields: ['title', 'description', 'image_url'] },
  social: { fields: ['facebook_link', 'twitter_link', 'linkedin_link', 'youtube_link', 'github_link'] },
  privacyPolicy: { fields: ['privacy_policy_text', 'terms_and_conditions_text'] },
} as const satisfies Record<SectionKey, { fields: readonly string[]; itemFields?: readonly string[] }>;

export const SECTION_KEYS = Object.keys(SECTION_LAYOUT) as SectionKey[];
