import { mediaSrc } from '#shared/paths.ts';
import type { SiteInfo } from '#server/services.ts';

/**
 * The site as a schema.org `Organization`: its name and logo, and once Site identity has them, the company's
 * legal name, address, e-mail, phone and profiles (`sameAs`). Without them it is what it always was.
 */
export function organizationLd(site: SiteInfo) {
  const look = site.look;
  const logo = look?.logoLight ?? look?.logoDark;
  const company = look?.company;
  const sameAs = look?.profiles.map((profile) => profile.url) ?? [];
  return {
    '@type': 'Organization',
    name: site.siteName,
    logo: {
      '@type': 'ImageObject',
      url: logo ? new URL(mediaSrc(logo, site.mediaUrl), site.publicUrl).toString() : `${site.publicUrl}/logo.svg`,
    },
    ...(company?.legalName ? { legalName: company.legalName } : {}),
    ...(company?.address ? { address: company.address } : {}),
    ...(company?.email ? { email: company.email } : {}),
    ...(company?.phone ? { telephone: company.phone } : {}),
    ...(look?.tagline ? { slogan: look.tagline } : {}),
    ...(sameAs.length ? { sameAs } : {}),
  };
}

/** Whether Site identity says more about the company than its name (the landing page then describes it). */
export const hasCompanyDetails = (site: SiteInfo) => {
  const company = site.look?.company;
  return Boolean(
    company && (company.legalName || company.address || company.email || company.phone || site.look?.profiles.length),
  );
};
