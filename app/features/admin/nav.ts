import briefcase from 'bootstrap-icons/icons/briefcase.svg?raw';
import boxSeam from 'bootstrap-icons/icons/box-seam.svg?raw';
import envelope from 'bootstrap-icons/icons/envelope.svg?raw';
import envelopeExclamation from 'bootstrap-icons/icons/envelope-exclamation.svg?raw';
import gear from 'bootstrap-icons/icons/gear.svg?raw';
import image from 'bootstrap-icons/icons/image.svg?raw';
import images from 'bootstrap-icons/icons/images.svg?raw';
import infoCircle from 'bootstrap-icons/icons/info-circle.svg?raw';
import journal from 'bootstrap-icons/icons/journal-text.svg?raw';
import key from 'bootstrap-icons/icons/key.svg?raw';
import people from 'bootstrap-icons/icons/people.svg?raw';
import personCircle from 'bootstrap-icons/icons/person-circle.svg?raw';
import personCheck from 'bootstrap-icons/icons/person-check.svg?raw';
import share from 'bootstrap-icons/icons/share.svg?raw';
import shield from 'bootstrap-icons/icons/shield-lock.svg?raw';
import sliders from 'bootstrap-icons/icons/sliders.svg?raw';
import tags from 'bootstrap-icons/icons/tags.svg?raw';
import trash from 'bootstrap-icons/icons/trash3.svg?raw';
import { sectionOf, type SectionKey } from '#shared/sections.ts';

export interface NavItem {
  label: string;
  to: string;
  icon: string;
}

/** A section's entry: its label and screen come from the registry (shared/sections.ts). */
const section = (key: SectionKey, icon: string): NavItem => {
  const { label, adminRoute } = sectionOf(key);
  return { label, to: `/admin/${adminRoute}`, icon };
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
  { label: 'Blog Category', to: '/admin/blog-category', icon: tags },
  { label: 'Blogs', to: '/admin/blogs', icon: journal },
  section('privacyPolicy', shield),
  { label: 'Change Password', to: '/admin/change-password', icon: key },
  { label: 'Profile', to: '/admin/profile', icon: personCircle },
  { label: 'Messages', to: '/admin/messages', icon: envelope },
  { label: 'Outgoing mail', to: '/admin/mail', icon: envelopeExclamation },
  { label: 'Subscribers', to: '/admin/subscribers', icon: personCheck },
  { label: 'Media', to: '/admin/media', icon: images },
  { label: 'Trash', to: '/admin/trash', icon: trash },
  { label: 'Settings', to: '/admin/settings', icon: sliders },
];
