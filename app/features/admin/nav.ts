import activity from 'bootstrap-icons/icons/activity.svg?raw';
import barChart from 'bootstrap-icons/icons/bar-chart-line.svg?raw';
import briefcase from 'bootstrap-icons/icons/briefcase.svg?raw';
import boxArrowDown from 'bootstrap-icons/icons/box-arrow-down.svg?raw';
import boxSeam from 'bootstrap-icons/icons/box-seam.svg?raw';
import boxArrowIn from 'bootstrap-icons/icons/box-arrow-in-down.svg?raw';
import envelope from 'bootstrap-icons/icons/envelope.svg?raw';
import envelopeExclamation from 'bootstrap-icons/icons/envelope-exclamation.svg?raw';
import fileText from 'bootstrap-icons/icons/file-earmark-text.svg?raw';
import gear from 'bootstrap-icons/icons/gear.svg?raw';
import grid from 'bootstrap-icons/icons/grid-1x2.svg?raw';
import image from 'bootstrap-icons/icons/image.svg?raw';
import images from 'bootstrap-icons/icons/images.svg?raw';
import infoCircle from 'bootstrap-icons/icons/info-circle.svg?raw';
import journal from 'bootstrap-icons/icons/journal-text.svg?raw';
import key from 'bootstrap-icons/icons/key.svg?raw';
import listNested from 'bootstrap-icons/icons/list-nested.svg?raw';
import palette from 'bootstrap-icons/icons/palette.svg?raw';
import people from 'bootstrap-icons/icons/people.svg?raw';
import personBadge from 'bootstrap-icons/icons/person-badge.svg?raw';
import personCircle from 'bootstrap-icons/icons/person-circle.svg?raw';
import personCheck from 'bootstrap-icons/icons/person-check.svg?raw';
import signpost from 'bootstrap-icons/icons/signpost-split.svg?raw';
import share from 'bootstrap-icons/icons/share.svg?raw';
import shield from 'bootstrap-icons/icons/shield-lock.svg?raw';
import sliders from 'bootstrap-icons/icons/sliders.svg?raw';
import tag from 'bootstrap-icons/icons/tag.svg?raw';
import tags from 'bootstrap-icons/icons/tags.svg?raw';
import trash from 'bootstrap-icons/icons/trash3.svg?raw';
import { can, type Capability, type Person } from '#shared/roles.ts';
import { sectionOf, type SectionKey } from '#shared/sections.ts';

export interface NavItem {
  label: string;
  to: string;
  icon: string;
  /** The capability the screen needs (shared/roles.ts): the sidebar and the admin layout's guard read it. */
  allow: Capability;
}

/** A section's entry: its label and screen come from the registry (shared/sections.ts). */
const section = (key: SectionKey, icon: string): NavItem => {
  const { label, adminRoute } = sectionOf(key);
  return { label, to: `/admin/${adminRoute}`, icon, allow: 'sections' };
};

/** The admin sidebar in order (docs/product.md#layout-and-sidebar), then the inbox and subscribers. */
export const ADMIN_NAV: NavItem[] = [
  section('banner', image),
  section('product', boxSeam),
  section('portfolio', briefcase),
  section('services', gear),
  section('team', people),
  section('aboutus', infoCircle),
  section('social', share),
  { label: 'Blog Category', to: '/admin/blog-category', icon: tags, allow: 'categories' },
  { label: 'Blogs', to: '/admin/blogs', icon: journal, allow: 'posts.write' },
  // docs/product.md#the-dashboard: Authors see their own posts' figures there; Contributors have no entry.
  { label: 'Analytics', to: '/admin/analytics', icon: barChart, allow: 'analytics' },
  section('privacyPolicy', shield),
  { label: 'Change Password', to: '/admin/change-password', icon: key, allow: 'account' },
  { label: 'Profile', to: '/admin/profile', icon: personCircle, allow: 'account' },
  { label: 'Messages', to: '/admin/messages', icon: envelope, allow: 'messages' },
  { label: 'Outgoing mail', to: '/admin/mail', icon: envelopeExclamation, allow: 'mail' },
  { label: 'Subscribers', to: '/admin/subscribers', icon: personCheck, allow: 'subscribers' },
  { label: 'Media', to: '/admin/media', icon: images, allow: 'media.upload' },
  { label: 'Tags', to: '/admin/tags', icon: tag, allow: 'categories' },
  { label: 'Trash', to: '/admin/trash', icon: trash, allow: 'trash' },
  { label: 'Landing layout', to: '/admin/landing-layout', icon: grid, allow: 'sections' },
  { label: 'Pages', to: '/admin/pages', icon: fileText, allow: 'pages' },
  // Before Settings: /admin/settings/site is its own screen, for Editors too (capabilityOf takes the first match).
  { label: 'Site identity', to: '/admin/settings/site', icon: palette, allow: 'identity' },
  { label: 'Settings', to: '/admin/settings', icon: sliders, allow: 'settings' },
  // Under Settings, for Editors too: the longest entry a path lies under wins (capabilityOf).
  { label: 'Navigation', to: '/admin/settings/navigation', icon: listNested, allow: 'navigation' },
  { label: 'Redirects', to: '/admin/settings/redirects', icon: signpost, allow: 'redirects' },
  // docs/product.md#import: Owners and Administrators only (its own entry, so Editors never reach it under Settings).
  { label: 'Import', to: '/admin/settings/import', icon: boxArrowIn, allow: 'site.import' },
  // Owners and Administrators only (docs/product.md#export): the entry and the screen follow `site.export`.
  { label: 'Export', to: '/admin/settings/export', icon: boxArrowDown, allow: 'site.export' },
  { label: 'Staff', to: '/admin/staff', icon: personBadge, allow: 'staff.invite' },
  { label: 'Activity', to: '/admin/activity', icon: activity, allow: 'activity' },
];

/** The entries the person may use, in the sidebar's order. */
export const navFor = (person: Person): NavItem[] => ADMIN_NAV.filter((item) => can(person, item.allow));

/**
 * The capability an admin path needs: that of the sidebar entry it is (or lies under, /admin/blogs/edit/…).
 * A path of no entry needs only an account.
 */
export function capabilityOf(pathname: string): Capability {
  const path = pathname.replace(/\/+$/, '');
  // The longest entry wins: /admin/settings/redirects is its own entry, not a part of /admin/settings.
  const item = ADMIN_NAV.filter((entry) => path === entry.to || path.startsWith(`${entry.to}/`)).sort(
    (a, b) => b.to.length - a.to.length,
  )[0];
  return item?.allow ?? 'account';
}

/** Where a person goes who opens a screen they may not use: the first entry of their sidebar. */
export const firstScreenFor = (person: Person): string => navFor(person)[0]?.to ?? '/admin/change-password';
