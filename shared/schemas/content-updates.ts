import { z } from './zod';
import { MESSAGES } from '#shared/messages.ts';
import type { SectionKey } from './content';
import { optionalLink, optionalText, requiredRichText, requiredText, safeLink } from './fields';

export { INVALID_LINK } from './fields';

/**
 * Payloads of the section update calls (SPEC §7) with the editors' rules (SPEC §5). The forms and the
 * server use these same schemas. Rich text is sanitised on the server after validation.
 */
const MAX_HTML = 200_000;
const required = () => requiredText(MESSAGES.fieldEmpty, MAX_HTML);
/** Required HTML: tags around nothing but spaces count as empty too. */
const requiredRich = () => requiredRichText(MESSAGES.fieldEmpty, MAX_HTML);
const text = (max = MAX_HTML) => optionalText(max);
const SECTION_ID_REQUIRED = 'Section id is required';
const sectionId = z
  .string({ error: SECTION_ID_REQUIRED })
  .check(z.trim(), z.minLength(1, SECTION_ID_REQUIRED), z.maxLength(64));

const requiredLink = () => requiredText(MESSAGES.fieldEmpty, 2000).check(safeLink());

const items = <T extends z.core.SomeType>(item: T) => z.array(item).check(z.maxLength(100, 'At most 100 items'));

export const bannerUpdateSchema = z.object({
  id: sectionId,
  title: required(),
  subTitle: required(),
  description: requiredRich(),
  modalTitle: required(),
  modalLeftContent: requiredRich(),
  modalRightContent: requiredRich(),
});

export const productItemInput = z.object({ title: text(500), description: text() });
export const productUpdateSchema = z.object({
  id: sectionId,
  title: required(),
  description: requiredRich(),
  items: items(productItemInput),
});

export const portfolioItemInput = z.object({ image_url: optionalLink(), product_link: optionalLink() });
export const portfolioUpdateSchema = z.object({
  id: sectionId,
  title: required(),
  description: requiredRich(),
  items: items(portfolioItemInput),
});

export const serviceItemInput = z.object({
  title: text(500),
  description: text(),
  modal_description: text(),
  modal_img: optionalLink(),
});
export const servicesUpdateSchema = z.object({ id: sectionId, title: required(), items: items(serviceItemInput) });

export const teamItemInput = z.object({ title: text(500), description: text(), image_url: optionalLink() });
export const teamUpdateSchema = z.object({ id: sectionId, title: required(), items: items(teamItemInput) });

const aboutItemInput = z.object({ title: text(), description: text(), image_url: optionalLink() });
/** Only the first section's description is checked (SPEC §5). */
export const aboutUsUpdateSchema = z.object({
  id: sectionId,
  items: z
    .tuple([z.extend(aboutItemInput, { description: requiredRich() })], aboutItemInput)
    .check(z.refine((list) => list.length <= 10, 'At most 10 items')),
});

export const socialUpdateSchema = z.object({
  id: sectionId,
  facebook_link: requiredLink(),
  twitter_link: requiredLink(),
  linkedin_link: requiredLink(),
  youtube_link: requiredLink(),
  github_link: requiredLink(),
});

export const privacyUpdateSchema = z.object({
  id: sectionId,
  privacy_policy_text: requiredRich(),
  terms_and_conditions_text: requiredRich(),
});

/** Route path, section and schema of every update call. */
export const SECTION_UPDATES = [
  { path: '/banner/update', section: 'banner', schema: bannerUpdateSchema },
  { path: '/product/update', section: 'product', schema: productUpdateSchema },
  { path: '/portfolio/update', section: 'portfolio', schema: portfolioUpdateSchema },
  { path: '/services/update', section: 'services', schema: servicesUpdateSchema },
  { path: '/team/update', section: 'team', schema: teamUpdateSchema },
  { path: '/about-us/update', section: 'aboutus', schema: aboutUsUpdateSchema },
  { path: '/social/update', section: 'social', schema: socialUpdateSchema },
  { path: '/privacy/update', section: 'privacyPolicy', schema: privacyUpdateSchema },
] as const satisfies ReadonlyArray<{ path: string; section: SectionKey; schema: z.ZodMiniType }>;

/** Which fields hold rich text (sanitised on write); everything else is shown as plain text or a URL. */
export const RICH_FIELDS: Record<SectionKey, { fields: readonly string[]; itemFields: readonly string[] }> = {
  banner: { fields: ['description', 'modalLeftContent', 'modalRightContent'], itemFields: [] },
  product: { fields: ['description'], itemFields: [] },
  portfolio: { fields: ['description'], itemFields: [] },
  services: { fields: [], itemFields: ['modal_description'] },
  aboutus: { fields: [], itemFields: ['title', 'description'] },
  team: { fields: [], itemFields: [] },
  social: { fields: [], itemFields: [] },
  privacyPolicy: { fields: ['privacy_policy_text', 'terms_and_conditions_text'], itemFields: [] },
};
