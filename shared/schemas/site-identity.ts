import { z } from '#shared/schemas/zod.ts';
import { IDENTITY_MESSAGES } from '#shared/messages.ts';

/**
 * The site's identity (docs/product.md#site-identity): what the Owner, Administrators and Editors set on
 * Settings → Site identity. Every field is optional in effect: what is left empty is what the site shows
 * without it (the name of SITE_NAME, the spec's logo, favicon, colour and footer line).
 */

/** The theme's button colour and the text drawn on it (app/styles/_theme.scss, Bootstrap's colour contrast). */
export const DEFAULT_ACCENT = '#1560bd';
export const BUTTON_TEXT_COLOUR = '#ffffff';
/** WCAG 2.x: the least contrast for large text and interface components. */
export const MIN_ACCENT_CONTRAST = 3;

const HEX = /^#[0-9a-fA-F]{6}$/;
/** An image of the media library (server/modules/uploads): its address, never anything else. */
export const UPLOAD_URL = /^\/uploads\/[0-9a-f]{24}\.(png|jpe?g|webp|gif|avif)$/;

function channel(hex: string, at: number): number {
  const value = parseInt(hex.slice(at, at + 2), 16) / 255;
  return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of a #rrggbb colour. */
const luminance = (hex: string) => 0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5);

/** The WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

export const isHexColour = (text: string) => HEX.test(text);

const text = (max: number) => z.string().check(z.trim(), z.maxLength(max, IDENTITY_MESSAGES.tooLong(max)));
const image = z.nullable(z.string().check(z.regex(UPLOAD_URL, IDENTITY_MESSAGES.notAnUpload)));
const webAddress = z.string().check(
  z.trim(),
  z.maxLength(500, IDENTITY_MESSAGES.tooLong(500)),
  z.refine((v) => /^https?:\/\/[^\s/]+\.[^\s]+$/.test(v), IDENTITY_MESSAGES.badProfileUrl),
);

export const socialProfileSchema = z.object({ label: text(60), url: webAddress });

export const identitySchema = z.object({
  name: z
    .string()
    .check(z.trim(), z.minLength(1, IDENTITY_MESSAGES.nameRequired), z.maxLength(80, IDENTITY_MESSAGES.tooLong(80))),
  tagline: text(160),
  /** The logo on light backgrounds, and the one on dark backgrounds (the header and the footer). */
  logoLight: image,
  logoDark: image,
  /** The square image the favicons are made from; null: the spec's favicon. */
  favicon: image,
  /** #rrggbb; null: the theme's blue. */
  accent: z.nullable(
    z.string().check(
      z.trim(),
      z.refine(isHexColour, IDENTITY_MESSAGES.notAColour),
      z.refine(
        (v) => !isHexColour(v) || contrastRatio(v, BUTTON_TEXT_COLOUR) >= MIN_ACCENT_CONTRAST,
        IDENTITY_MESSAGES.lowContrast(MIN_ACCENT_CONTRAST),
      ),
    ),
  ),
  /** The picture social networks show for a page that has none of its own. */
  shareImage: image,
  /** The footer line's first year ("© 2019–2026 …"); null: the spec's years. */
  firstYear: z.nullable(
    z
      .number()
      .check(
        z.refine(Number.isInteger, IDENTITY_MESSAGES.badYear),
        z.gte(1900, IDENTITY_MESSAGES.badYear),
        z.lte(2100, IDENTITY_MESSAGES.badYear),
      ),
  ),
  /** The `Organization` structured data. */
  company: z.object({
    legalName: text(160),
    address: text(300),
    email: z.string().check(
      z.trim(),
      z.maxLength(254, IDENTITY_MESSAGES.tooLong(254)),
      z.refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), IDENTITY_MESSAGES.badEmail),
    ),
    phone: text(40),
  }),
  /** More profiles than the social section's five (which stay where they are). */
  profiles: z.array(socialProfileSchema).check(z.maxLength(20, IDENTITY_MESSAGES.tooManyProfiles(20))),
});
export type SiteIdentity = z.infer<typeof identitySchema>;

/** What a site that never saved its identity has: SITE_NAME, and nothing else set. */
export const defaultIdentity = (siteName: string): SiteIdentity => ({
  name: siteName,
  tagline: '',
  logoLight: null,
  logoDark: null,
  favicon: null,
  accent: null,
  shareImage: null,
  firstYear: null,
  company: { legalName: '', address: '', email: '', phone: '' },
  profiles: [],
});

/** The sizes made from the favicon image (server/modules/uploads: `<stem>.w<size>.png` beside it). */
export const FAVICON_SIZES = [32, 180, 192, 512] as const;
export const faviconUrl = (source: string, size: (typeof FAVICON_SIZES)[number]) =>
  source.replace(/\.[a-z]+$/, `.w${size}.png`);

/** The footer's years: the spec's text until a first year is set, then "first–this year". */
export const copyrightYears = (firstYear: number | null, fallback: string, now = new Date()) => {
  if (firstYear === null) return fallback;
  const year = now.getUTCFullYear();
  return firstYear >= year ? String(firstYear) : `${firstYear}–${year}`;
};

/** What public pages get of the identity beyond its name: absent while nothing of it was changed. */
export type SiteLook = Omit<SiteIdentity, 'name'>;

/** The look to send with public pages, or undefined when it is the spec's (so those pages stay as they were). */
export function lookOf(identity: SiteIdentity): SiteLook | undefined {
  const { name: _name, ...look } = identity;
  const { name: _default, ...plain } = defaultIdentity('');
  return JSON.stringify(look) === JSON.stringify(plain) ? undefined : look;
}
