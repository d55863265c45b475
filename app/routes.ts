import { index, layout, prefix, route, type RouteConfig } from '@react-router/dev/routes';
import { SECTIONS } from '#shared/sections.ts';

/** Each section's admin screen, from the registry: the generic editor, or the section's own module. */
const sectionEditors = SECTIONS.map((section) =>
  route(
    section.adminRoute,
    'editor' in section && section.editor === 'custom'
      ? `routes/admin/${section.adminRoute}.tsx`
      : 'routes/admin/section-editor.tsx',
    { id: `admin-section-${section.key}` },
  ),
);

/** Admin screens whose route path is also their module name under routes/admin/. */
const ADMIN_SCREENS = [
  'blog-category',
  'blogs',
  'tags',
  'trash',
  'media',
  'messages',
  'mail',
  'subscribers',
  'settings',
  'landing-layout',
  'pages',
  'profile',
  'staff',
  'activity',
  'security',
  'analytics',
];

export default [
  route('robots.txt', 'routes/seo/robots.ts'),
  route('site.webmanifest', 'routes/seo/site-webmanifest.ts'),
  route('rss.xml', 'routes/seo/rss.ts'),
  route('authors/:segment/rss.xml', 'routes/seo/author-rss.ts'),
  route('tags/:segment/rss.xml', 'routes/seo/tag-rss.ts'),
  route('admin', 'routes/admin/login.tsx'),
  route('admin/confirm-email/:token', 'routes/admin/confirm-email.tsx'),
  // The invitation page is public: whoever opens it has no session yet (docs/product.md#team-and-roles).
  route('admin/invite/:token', 'routes/admin/accept-invite.tsx'),
  ...prefix('admin', [
    layout('routes/admin/layout.tsx', [
      route('change-password', 'routes/admin/change-password.tsx'),
      ...sectionEditors,
      ...ADMIN_SCREENS.map((path) => route(path, `routes/admin/${path}.tsx`)),
      route('settings/redirects', 'routes/admin/redirects.tsx'),
      route('settings/import', 'routes/admin/import.tsx'),
      route('settings/site', 'routes/admin/site-identity.tsx'),
      route('settings/navigation', 'routes/admin/navigation.tsx'),
      route('settings/export', 'routes/admin/export.tsx'),
      route('blogs/create', 'routes/admin/blog-form.tsx', { id: 'admin-blog-create' }),
      route('blogs/edit/:id', 'routes/admin/blog-form.tsx', { id: 'admin-blog-edit' }),
      route('pages/create', 'routes/admin/page-form.tsx', { id: 'admin-page-create' }),
      route('pages/edit/:id', 'routes/admin/page-form.tsx', { id: 'admin-page-edit' }),
    ]),
  ]),
  layout('routes/public/layout.tsx', [
    index('routes/public/home.tsx'),
    route('about-us', 'routes/public/about-us.tsx'),
    route('blogs', 'routes/public/blogs.tsx'),
    route('blogs/:category', 'routes/public/blog-category.tsx'),
    route('blogs/:category/:post', 'routes/public/blog-post.tsx'),
    route('authors/:segment', 'routes/public/author.tsx'),
    route('tags/:segment', 'routes/public/tag.tsx'),
    route('search', 'routes/public/search.tsx'),
    route('preview/:token', 'routes/public/post-preview.tsx'),
    route('preview/page/:token', 'routes/public/page-preview.tsx'),
    route('subscriptions/confirm', 'routes/public/subscription-confirm.tsx'),
    route('subscriptions/unsubscribe', 'routes/public/subscription-unsubscribe.tsx'),
    route('subscriptions/subscribe', 'routes/public/subscription-subscribe.tsx'),
    // Pages built from blocks (docs/product.md#pages): after every route above, which a page's segment
    // can never take (shared/page-segments.ts); an address that is no page answers like the not-found page.
    route(':segment', 'routes/public/page.tsx'),
    route('*', 'routes/public/not-found.tsx'),
  ]),
] satisfies RouteConfig;
