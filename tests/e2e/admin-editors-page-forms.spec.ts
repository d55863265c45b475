import * as contact from '#shared/api/contact.ts';
import * as pagesApi from '#shared/api/pages.ts';
import { MESSAGES, SUBSCRIBE_MESSAGES } from '#shared/messages.ts';
import { loggedInAdmin } from '#tests/helpers/factories.ts';
import { ADMIN } from './editor-helpers';
import { expect, test, uniqueEmail } from './helpers';

/**
 * A page's contact and subscribe blocks on a page sent without scripts (app/ssr/scriptless.ts,
 * docs/product.md#pages): the browser posts each form to the page, and the page answers in place under
 * the block with what the scripts would have shown; the message reaches the inbox. On an editors' server,
 * whose tests run one after another (the page is in the sitemap and search meanwhile); trashed after.
 */
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const segment = 'talk-to-us';

async function trash(request: Parameters<typeof loggedInAdmin>[0]) {
  const admin = await loggedInAdmin(request, ADMIN);
  for (const page of (await admin.api.call(pagesApi.listPages, { query: {} })).data) {
    if (page.segment === segment) await admin.api.call(pagesApi.deletePage, { params: { id: page._id } });
  }
}

test.beforeEach(async ({ request }) => {
  await trash(request);
  const admin = await loggedInAdmin(request, ADMIN);
  const page = await admin.api.call(pagesApi.createPage, {
    body: {
      title: 'Talk to us',
      segment,
      blocks: [
        { type: 'contact', id: 'contact', heading: 'Write to us', text: '' },
        { type: 'subscribe', id: 'news', heading: 'Our news', text: 'One e-mail per post.' },
      ],
    },
  });
  await admin.api.call(pagesApi.setPageStatus, { params: { id: page.data._id }, body: { status: 'published' } });
});
test.afterEach(({ request }) => trash(request));

test('the contact form and the subscribe box of a page work as plain forms, answered in place', async ({
  page,
  request,
}, testInfo) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto(`/${segment}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Talk to us' })).toBeVisible();

  const email = uniqueEmail('page-contact');
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByLabel('First Name', { exact: true }).fill('Grace');
  await form.getByLabel('Last Name', { exact: true }).fill('Hopper');
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Message', { exact: true }).fill('Hello from a page.');
  await form.locator('button[type="submit"]').click();
  await page.waitForURL(new RegExp(`/${segment}\\?form=contact&block=contact#block-contact$`));
  await expect(form.getByTestId('contact-sent')).toHaveText(MESSAGES.sendMailSuccess);
  // In the inbox (the newest messages come first).
  const admin = await loggedInAdmin(request, ADMIN);
  const inbox = (await admin.api.call(contact.listMessages, { query: {} })).data;
  expect(inbox.find((message) => message.email === email)).toMatchObject({
    name: 'Grace Hopper',
    message: 'Hello from a page.',
  });

  // A refused address is said beside the field and kept; then a good one is thanked.
  const box = page.locator('.subscribe-box');
  await box.getByLabel('Email address').fill('not-an-address');
  await box.getByRole('button', { name: 'Subscribe' }).click();
  await expect(box.locator('.invalid-feedback')).toBeVisible();
  await expect(box.getByLabel('Email address')).toHaveValue('not-an-address');
  await box.getByLabel('Email address').fill(uniqueEmail('page-subscribe'));
  await box.getByRole('button', { name: 'Subscribe' }).click();
  await expect(box.getByTestId('subscribe-confirm-note')).toHaveText(SUBSCRIBE_MESSAGES.checkInbox);
  await page.screenshot({ path: testInfo.outputPath(`page-forms-${testInfo.project.name}.png`), fullPage: true });
  expect(scripts).toEqual([]);
});
