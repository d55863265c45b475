import { mediaSrc } from '#shared/paths.ts';
import { BUTTON_TEXT_COLOUR, type SiteLook } from '#shared/schemas/site-identity.ts';

/** The spec's logo, until one is uploaded on Site identity. */
const SPEC_LOGO = '/logo.svg';

/** The logo on the header's and footer's dark background: the dark-background one, else the other. */
export const logoSrc = (look: SiteLook | undefined, mediaBase: string) => {
  const url = look?.logoDark ?? look?.logoLight;
  return url ? mediaSrc(url, mediaBase) : SPEC_LOGO;
};

/** #rrggbb mixed with black by `amount` (0 to 1): the hover and pressed shades of the accent. */
function darker(hex: string, amount: number): string {
  const mix = (at: number) =>
    Math.round(parseInt(hex.slice(at, at + 2), 16) * (1 - amount))
      .toString(16)
      .padStart(2, '0');
  return `#${mix(1)}${mix(3)}${mix(5)}`;
}

const rgb = (hex: string) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)).join(',');

/**
 * The accent colour as custom properties over the theme's primary colour (Bootstrap's buttons and links):
 * a few inline rules, no extra request (docs/decisions/0033-site-identity.md). `accent` is a checked #rrggbb.
 */
export function accentCss(accent: string): string {
  const hover = darker(accent, 0.15);
  const active = darker(accent, 0.2);
  const t = BUTTON_TEXT_COLOUR;
  return (
    `.public-page{--site-accent:${accent};--bs-primary:${accent};--bs-primary-rgb:${rgb(accent)};` +
    `--bs-link-color:${accent};--bs-link-color-rgb:${rgb(accent)};--bs-link-hover-color:${hover};--bs-link-hover-color-rgb:${rgb(hover)}}` +
    `.public-page .btn-primary{--bs-btn-color:${t};--bs-btn-bg:${accent};--bs-btn-border-color:${accent};` +
    `--bs-btn-hover-color:${t};--bs-btn-hover-bg:${hover};--bs-btn-hover-border-color:${hover};` +
    `--bs-btn-active-color:${t};--bs-btn-active-bg:${active};--bs-btn-active-border-color:${active};` +
    `--bs-btn-disabled-bg:${accent};--bs-btn-disabled-border-color:${accent}}` +
    `.public-page .btn-outline-primary{--bs-btn-color:${accent};--bs-btn-border-color:${accent};` +
    `--bs-btn-hover-color:${t};--bs-btn-hover-bg:${accent};--bs-btn-hover-border-color:${accent};` +
    `--bs-btn-active-color:${t};--bs-btn-active-bg:${active};--bs-btn-active-border-color:${active}}` +
    // The theme's own uses of its primary colour (app/styles/_blog.scss, _landing.scss).
    `.public-page .blog-post-category,.public-page .product-step-number,.public-page .blog-tag:hover,` +
    `.public-page .blog-tag:focus-visible{color:${accent}}` +
    `.public-page .blog-tag:hover,.public-page .blog-tag:focus-visible{border-color:${accent}}` +
    `.public-page .embla-dot.is-selected::after{background:${accent}}`
  );
}
