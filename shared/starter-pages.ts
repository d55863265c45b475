import type { StarterPage } from '#shared/api/pages.ts';

/**
 * The one-click starter pages of the pages list (docs/product.md#pages): each made as a draft at its usual
 * address. Privacy policy and Terms take their text from the footer's policy texts (the Privacy Policy
 * section); Imprint and Careers start from a short text to be filled in.
 */
export const STARTERS: Record<StarterPage, { title: string; segment: string }> = {
  imprint: { title: 'Imprint', segment: 'imprint' },
  careers: { title: 'Careers', segment: 'careers' },
  privacy: { title: 'Privacy policy', segment: 'privacy' },
  terms: { title: 'Terms', segment: 'terms' },
};
