import briefcase from 'bootstrap-icons/icons/briefcase.svg?raw';
import boxSeam from 'bootstrap-icons/icons/box-seam.svg?raw';
import envelope from 'bootstrap-icons/icons/envelope.svg?raw';
import gear from 'bootstrap-icons/icons/gear.svg?raw';
import image from 'bootstrap-icons/icons/image.svg?raw';
import infoCircle from 'bootstrap-icons/icons/info-circle.svg?raw';
import journal from 'bootstrap-icons/icons/journal-text.svg?raw';
import key from 'bootstrap-icons/icons/key.svg?raw';
import people from 'bootstrap-icons/icons/people.svg?raw';
import personCheck from 'bootstrap-icons/icons/person-check.svg?raw';
import share from 'bootstrap-icons/icons/share.svg?raw';
import shield from 'bootstrap-icons/icons/shield-lock.svg?raw';
import tags from 'bootstrap-icons/icons/tags.svg?raw';

/** The admin sidebar of SPEC §2, in order, then the inbox and subscribers (issue 6, beyond the spec). */
export const ADMIN_NAV = [
  { label: 'Banner', to: '/admin/banner', icon: image },
  { label: 'Product Delivery', to: '/admin/products', icon: boxSeam },
  { label: 'Portfolio', to: '/admin/portfolio', icon: briefcase },
  { label: 'Our Services', to: '/admin/services', icon: gear },
  { label: 'Team', to: '/admin/team', icon: people },
  { label: 'About', to: '/admin/about', icon: infoCircle },
  { label: 'Social Media', to: '/admin/social-media', icon: share },
  { label: 'Blog Category', to: '/admin/blog-category', icon: tags },
  { label: 'Blogs', to: '/admin/blogs', icon: journal },
  { label: 'Privacy Policy', to: '/admin/privacy-policy', icon: shield },
  { label: 'Change Password', to: '/admin/change-password', icon: key },
  { label: 'Messages', to: '/admin/messages', icon: envelope },
  { label: 'Subscribers', to: '/admin/subscribers', icon: personCheck },
] as const;
