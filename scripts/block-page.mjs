// A published page at /every-block holding every block type (docs/product.md#page-blocks), made through the
// admin API of a server started by serve-temp.mjs (its admin password): what `npm run lighthouse` measures
// as "a block page with every block type" (issue 26's acceptance).
import sharp from 'sharp';

async function api(base, token, method, url, body) {
  const res = await fetch(base + url, {
    method,
    headers: {
      ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body instanceof FormData ? body : body && JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()).data;
}

/** An image of the media library, `width` × `height`, made here. */
async function upload(base, token, width, height, colour) {
  const png = await sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('image', new Blob([png], { type: 'image/png' }), `block-${width}x${height}.png`);
  return (await api(base, token, 'POST', '/api/uploader/do', form)).url;
}

export async function seedBlockPage(base, password = 'bench-secret') {
  const { token } = await api(base, null, 'POST', '/api/auth/login-user', { email: 'admin@example.com', password });
  const [hero, photo] = [
    await upload(base, token, 1200, 800, '#1560bd'),
    await upload(base, token, 1600, 900, '#22aa66'),
  ];
  const categories = await api(base, token, 'GET', '/api/blog-category/get-blog-categories');
  const paragraph = '<p>We build software with the people who use it, in small steps that ship every week.</p>';
  const blocks = [
    {
      type: 'hero',
      id: 'hero',
      heading: 'Every block on one page',
      text: 'A page built from each kind of block the editor offers.',
      image: hero,
      imageAlt: 'A blue square',
      buttons: [
        { label: 'Read the blog', href: '/blogs' },
        { label: 'About us', href: '/about-us' },
      ],
    },
    { type: 'richText', id: 'text', html: `<h2>How we work</h2>${paragraph}${paragraph}` },
    { type: 'image', id: 'image', image: photo, alt: 'A green field', caption: 'Our office in spring' },
    {
      type: 'textImage',
      id: 'beside',
      heading: 'Text beside an image',
      html: paragraph,
      image: photo,
      imageAlt: 'The office',
    },
    {
      type: 'cta',
      id: 'cta',
      heading: 'Start a project',
      text: 'Tell us what you need.',
      button: { label: 'Contact us', href: '/?section=contact_us' },
    },
    {
      type: 'features',
      id: 'features',
      heading: 'What you get',
      items: [
        { title: 'Weekly releases', text: 'Something new every Friday.', icon: '★' },
        { title: 'One team', text: 'Design, code and support together.', icon: '◆' },
        { title: 'No lock-in', text: 'Your code, your servers.', icon: '●' },
      ],
    },
    {
      type: 'faq',
      id: 'faq',
      heading: 'Questions',
      items: [
        { question: 'How long does a project take?', answer: 'Most first releases ship within six weeks.' },
        { question: 'Do you work remotely?', answer: 'Yes, and we meet in person when it helps.' },
      ],
    },
    ...(categories[0]
      ? [
          {
            type: 'posts',
            id: 'posts',
            heading: 'From the blog',
            source: { kind: 'category', id: categories[0]._id },
            limit: 3,
          },
        ]
      : []),
    { type: 'landing', id: 'team', section: 'team' },
    { type: 'subscribe', id: 'subscribe', heading: 'Stay in the know', text: 'One e-mail when we publish.' },
    { type: 'contact', id: 'contact', heading: 'Write to us', text: 'We answer within a day.' },
  ];
  const page = await api(base, token, 'POST', '/api/admin/pages', {
    title: 'Every block',
    segment: 'every-block',
    blocks,
    metaDescription: 'A page built from every kind of block, to measure it.',
  });
  await api(base, token, 'POST', `/api/admin/pages/${page._id}/status`, { status: 'published' });
  return '/every-block';
}
