import { expect, test } from './helpers';

test('the landing page is server-rendered with the banner and every section', async ({ request }) => {
  const res = await request.get('/');
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain('We turn ideas into products people love');
  for (const id of ['home', 'product_delivery', 'portfolio', 'services', 'about-us', 'team', 'contact_us']) {
    expect(html).toContain(`id="${id}"`);
  }
});
