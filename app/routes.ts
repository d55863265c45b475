import { index, layout, prefix, route, type RouteConfig } from '@react-router/dev/routes';

/** Admin screens whose route path is also their module name under routes/admin/. */
const ADMIN_EDITORS = [
  'banner',
  'products',
  'portfolio',
  'services',
  'team',
  'social-media',
  'privacy-policy',
  'about',
  'blog-category',
  'blogs',
  'messages',
  'subscribers',
];

export default [
  route('robots.txt', 'routes/seo/robots.ts'),
  route('sitemap.xml', 'routes/seo/sitemap.ts'),
  route('rss.xml', 'routes/seo/rss.ts'),
  route('admin', 'routes/admin/login.tsx'),
  ...prefix('admin', [
    layout('routes/admin/layout.tsx', [
      route('change-password', 'routes/admin/change-password.tsx'),
      ...ADMIN_EDITORS.map((path) => route(path, `routes/admin/${path}.tsx`)),
      route('blogs/create', 'routes/admin/blog-form.tsx', { id: 'admin-blog-create' }),
      route('blogs/edit/:id', 'routes/admin/blog-form.tsx', { id: 'admin-blog-edit' }),
    ]),
  ]),
  layout('routes/public/layout.tsx', [
    index('routes/public/home.tsx'),
    route('about-us', 'routes/public/about-us.tsx'),
    route('blogs', 'routes/public/blogs.tsx'),
    route('blogs/:category', 'routes/public/blog-category.tsx'),
    route('blogs/:category/:post', 'routes/public/blog-post.tsx'),
    route('subscriptions/confirm', 'routes/public/subscription-confirm.tsx'),
    route('subscriptions/unsubscribe', 'routes/public/subscription-unsubscribe.tsx'),
    route('*', 'routes/public/not-found.tsx'),
  ]),
] satisfies RouteConfig;
