import type { Page } from '@playwright/test';
import * as content from '#shared/api/content.ts';
import type { Endpoint } from '#shared/api/endpoint.ts';
import * as uploads from '#shared/api/uploads.ts';
import { urlOf } from '#tests/helpers/api.ts';
import {
  MSG,
  dismissToasts,
  expectToast,
  loginAndOpen,
  makeFakePng,
  makePng,
  openPublic,
  recordRequests,
  reloadEditor,
  reloadPublic,
  richBody,
  saveWithSpinner,
  stamp,
  typeRich,
  uploadImage,
} from './editor-helpers';
import { expect, getContent, test } from './helpers';

/**
 * The editors with item lists (docs/product.md#section-editors: portfolio, services, team): section fields,
 * and the add, edit and delete cycle of items with real PNG uploads (docs/product.md#common-editor-behaviour,
 * #validation-rules, #error-catalogue), each checked on the public landing page a
 * second tab keeps open. Banner, product, social, privacy and about-us are in
 * admin-editors-sections.spec.ts; the two files change different sections.
 */
test.describe.configure({ mode: 'serial', timeout: 150_000 });

const updateButton = (page: Page, form: string) =>
  page.getByRole('form', { name: form }).locator('button[type="submit"]');
const textFieldError = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).locator('xpath=..').locator('.invalid-feedback');
const rows = (page: Page) => page.locator('table.admin-items-table tbody tr');

/** Opens the confirmation for row `n` (1-based), checks Cancel keeps the item, then deletes it. */
async function deleteRow(page: Page, endpoint: Endpoint, n: number) {
  const sent = recordRequests(page, endpoint);
  const count = await rows(page).count();
  await page.getByRole('button', { name: `Delete item ${n}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Please confirm' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(rows(page)).toHaveCount(count);
  expect(sent).toHaveLength(0);

  await page.getByRole('button', { name: `Delete item ${n}` }).click();
  await expect(confirm).toBeVisible();
  const body = await saveAtOnce(page, endpoint, () => confirm.getByRole('button', { name: 'Delete' }).click());
  await expect(confirm).toBeHidden();
  await expect(rows(page)).toHaveCount(count - 1);
  return body;
}

/** Deleting saves at once without an Update button to show a spinner on: just the request and the toast. */
async function saveAtOnce(page: Page, endpoint: Endpoint, click: () => Promise<void>) {
  await dismissToasts(page);
  const request = page.waitForRequest((r) => r.url().endsWith(urlOf(endpoint)) && r.method() === 'POST');
  const response = page.waitForResponse((r) => r.url().endsWith(urlOf(endpoint)) && r.request().method() === 'POST');
  await click();
  const sent = await request;
  expect((await response).status()).toBe(200);
  await expectToast(page, MSG.updated);
  return sent.postDataJSON() as Record<string, unknown>;
}

test.describe('portfolio editor', () => {
  test('title and description save and show above the carousel', async ({ page }) => {
    const s = stamp();
    await loginAndOpen(page, '/admin/portfolio');
    const pub = await openPublic(page, '/');
    await page.getByLabel('Title', { exact: true }).fill(`Work ${s}`);
    await page.getByLabel('Description', { exact: true }).fill(`Things we built ${s}`);
    await saveWithSpinner(page, content.sectionUpdates.portfolio, updateButton(page, 'Portfolio'));
    await reloadPublic(pub);
    await expect(pub.locator('#portfolio h2')).toHaveText(`Work ${s}`);
    await expect(pub.locator('#portfolio .section-lead')).toHaveText(`Things we built ${s}`);
    await reloadEditor(page);
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(`Work ${s}`);
    await expect(page.getByLabel('Description', { exact: true })).toHaveValue(`Things we built ${s}`);
  });

  test('the description is edited as text, never as raw tags; paragraphs and line breaks are kept', async ({
    page,
    request,
  }) => {
    const s = stamp();
    await loginAndOpen(page, '/admin/portfolio');
    const pub = await openPublic(page, '/');
    const typed = `What we built ${s}\n\nFor <clients> & partners\nsince 2015`;
    await page.getByLabel('Description', { exact: true }).fill(typed);
    await saveWithSpinner(page, content.sectionUpdates.portfolio, updateButton(page, 'Portfolio'));
    expect((await getContent(request)).portfolio.description).toBe(
      `<p>What we built ${s}</p><p>For &lt;clients&gt; &amp; partners<br />since 2015</p>`,
    );
    await reloadEditor(page);
    await expect(page.getByLabel('Description', { exact: true })).toHaveValue(typed);
    await reloadPublic(pub);
    const paragraphs = pub.locator('#portfolio .section-lead p');
    await expect(paragraphs).toHaveCount(2);
    await expect(paragraphs.first()).toHaveText(`What we built ${s}`);
    await expect(paragraphs.nth(1)).toContainText('For <clients> & partners');
    await expect(paragraphs.nth(1).locator('br')).toHaveCount(1);
  });

  test('empty title and description are refused', async ({ page, request }) => {
    const before = (await getContent(request)).portfolio;
    await loginAndOpen(page, '/admin/portfolio');
    const sent = recordRequests(page, content.sectionUpdates.portfolio);
    await page.getByLabel('Title', { exact: true }).fill('');
    await page.getByLabel('Description', { exact: true }).fill('  \n ');
    await updateButton(page, 'Portfolio').click();
    await expect(textFieldError(page, 'Title')).toHaveText(MSG.empty);
    await expect(textFieldError(page, 'Description')).toHaveText(MSG.empty);
    expect(sent).toHaveLength(0);
    expect((await getContent(request)).portfolio).toEqual(before);
  });

  test('add (after a PNG upload), edit and delete an item, each reflected in the carousel', async ({
    page,
  }, testInfo) => {
    const s = stamp();
    const link = `https://example.com/project-${s}`;
    const newLink = `https://example.com/renamed-${s}`;
    await loginAndOpen(page, '/admin/portfolio');
    const pub = await openPublic(page, '/');
    const slides = pub.getByTestId('portfolio-item');
    const count = await rows(page).count();
    await expect(slides).toHaveCount(count);

    // Add: the Add button appears only once an image is uploaded.
    await page.getByRole('button', { name: 'Add New' }).click();
    const add = page.getByRole('dialog', { name: 'Add Portfolio' });
    await expect(add).toBeVisible();
    await expect(add.getByLabel('Image', { exact: true })).toHaveAttribute('accept', /png/);
    await expect(add.getByRole('button', { name: 'Add', exact: true })).toHaveCount(0);
    await add.getByLabel('Link', { exact: true }).fill(link);
    await expect(add.getByRole('button', { name: 'Add', exact: true })).toHaveCount(0);
    const image = await uploadImage(page, add, 'Image', await makePng(testInfo, 'portfolio.png'));
    await expect(add.getByRole('button', { name: 'Add', exact: true })).toBeVisible();
    const sent = await saveWithSpinner(page, content.sectionUpdates.portfolio, add.locator('button[type="submit"]'));
    expect((sent.items as unknown[]).at(-1)).toEqual({ image_url: image, product_link: link });
    await expect(add).toBeHidden();
    await expect(rows(page)).toHaveCount(count + 1);
    const row = rows(page).nth(count);
    await expect(row.locator('td').first()).toHaveText(String(count + 1));
    await expect(row).toContainText(link);
    await expect(row.locator('img')).toHaveAttribute('src', image);
    // The image is really served.
    expect((await page.request.get(image)).headers()['content-type']).toBe('image/png');

    await reloadPublic(pub);
    await expect(slides).toHaveCount(count + 1);
    const slide = slides.nth(count);
    await expect(slide).toHaveAttribute('href', link);
    await expect(slide).toHaveAttribute('target', '_blank');
    await expect(slide.locator('img')).toHaveAttribute('src', image);

    // Edit the link only: saved in place, the image kept.
    await page.getByRole('button', { name: `Edit item ${count + 1}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Portfolio' });
    await expect(edit).toBeVisible();
    await expect(edit.getByLabel('Link', { exact: true })).toHaveValue(link);
    await expect(edit.getByRole('img', { name: 'Image preview' })).toHaveAttribute('src', image);
    await edit.getByLabel('Link', { exact: true }).fill(newLink);
    const edited = await saveWithSpinner(page, content.sectionUpdates.portfolio, edit.locator('button[type="submit"]'));
    expect(edited.items).toHaveLength(count + 1);
    expect((edited.items as unknown[])[count]).toEqual({ image_url: image, product_link: newLink });
    await expect(edit).toBeHidden();
    await expect(rows(page)).toHaveCount(count + 1);
    await expect(rows(page).nth(count)).toContainText(newLink);
    await expect(rows(page).nth(count).locator('img')).toHaveAttribute('src', image);

    await reloadPublic(pub);
    await expect(slides).toHaveCount(count + 1);
    await expect(slides.nth(count)).toHaveAttribute('href', newLink);
    await expect(slides.nth(count).locator('img')).toHaveAttribute('src', image);
    await expect(pub.locator(`a[href="${link}"]`)).toHaveCount(0);

    await reloadEditor(page);
    await expect(rows(page).nth(count)).toContainText(newLink);

    // Delete, after a confirmation.
    const remaining = await deleteRow(page, content.sectionUpdates.portfolio, count + 1);
    expect(remaining.items).toHaveLength(count);
    await expect(page.getByText(newLink)).toHaveCount(0);
    await reloadPublic(pub);
    await expect(slides).toHaveCount(count);
    await expect(pub.locator(`a[href="${newLink}"]`)).toHaveCount(0);
  });

  test('a file that is not an image shows the upload failure toast and stops the spinner', async ({
    page,
  }, testInfo) => {
    await loginAndOpen(page, '/admin/portfolio');
    await page.getByRole('button', { name: 'Add New' }).click();
    const add = page.getByRole('dialog', { name: 'Add Portfolio' });
    const input = add.getByLabel('Image', { exact: true });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${urlOf(uploads.uploadImage)}`, async (route) => {
      await gate;
      await route.continue();
    });
    await input.setInputFiles(makeFakePng(testInfo));
    await expect(add.getByRole('status', { name: 'Uploading' })).toBeVisible();
    await expect(input).toBeDisabled();
    const response = page.waitForResponse((r) => r.url().endsWith(urlOf(uploads.uploadImage)));
    release();
    expect((await response).status()).toBe(415);
    await expectToast(page, MSG.uploadFailed);
    await expect(add.getByRole('status', { name: 'Uploading' })).toHaveCount(0);
    await expect(input).toBeEnabled();
    await expect(add.getByRole('img', { name: 'Image preview' })).toHaveCount(0);
    await expect(add.getByRole('button', { name: 'Add', exact: true })).toHaveCount(0);
  });
});

test.describe('services editor', () => {
  test('title saves and is the services heading; an empty title is refused', async ({ page, request }) => {
    const s = stamp();
    await loginAndOpen(page, '/admin/services');
    const sent = recordRequests(page, content.sectionUpdates.services);
    await page.getByLabel('Title', { exact: true }).fill('   ');
    await updateButton(page, 'Our Services').click();
    await expect(textFieldError(page, 'Title')).toHaveText(MSG.empty);
    expect(sent).toHaveLength(0);
    const before = (await getContent(request)).services;

    const pub = await openPublic(page, '/');
    await expect(pub.locator('#services h2')).toHaveText(before.title);
    await page.getByLabel('Title', { exact: true }).fill(`Services ${s}`);
    await expect(textFieldError(page, 'Title')).toBeHidden();
    await expect(page.getByLabel('Title', { exact: true })).not.toHaveClass(/is-invalid/);
    await saveWithSpinner(page, content.sectionUpdates.services, updateButton(page, 'Our Services'));
    await reloadPublic(pub);
    await expect(pub.locator('#services h2')).toHaveText(`Services ${s}`);
    await reloadEditor(page);
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(`Services ${s}`);
  });

  test('add, edit and delete a service, with its card and More details modal', async ({ page }, testInfo) => {
    const s = stamp();
    await loginAndOpen(page, '/admin/services');
    const pub = await openPublic(page, '/');
    const cards = pub.getByTestId('service-card');
    const count = await rows(page).count();
    await expect(cards).toHaveCount(count);

    await page.getByRole('button', { name: 'Add New' }).click();
    const add = page.getByRole('dialog', { name: 'Add New Service' });
    await expect(add).toBeVisible();
    await expect(add.getByRole('button', { name: 'Add', exact: true })).toHaveCount(0);
    await add.getByLabel('Title', { exact: true }).fill(`Service ${s}`);
    await add.getByLabel('Description', { exact: true }).fill(`Short pitch ${s}`);
    await typeRich(page, 'item-dialog-add-new-service-modal_description', `Long story ${s}`);
    await expect(add.getByRole('button', { name: 'Add', exact: true })).toHaveCount(0);
    const image = await uploadImage(
      page,
      add,
      'Modal Image',
      await makePng(testInfo, 'service.png', 400, 260, '#22aa66'),
    );
    const sent = await saveWithSpinner(page, content.sectionUpdates.services, add.locator('button[type="submit"]'));
    const added = (sent.items as Array<Record<string, string>>).at(-1)!;
    expect(added).toMatchObject({ title: `Service ${s}`, description: `Short pitch ${s}`, modal_img: image });
    expect(added.modal_description).toContain(`Long story ${s}`);
    await expect(add).toBeHidden();
    await expect(rows(page)).toHaveCount(count + 1);
    const row = rows(page).nth(count);
    await expect(row).toContainText(`Service ${s}`);
    await expect(row).toContainText(`Short pitch ${s}`);
    await expect(row).toContainText(`Long story ${s}`);
    await expect(row.locator('img')).toHaveAttribute('src', image);

    await reloadPublic(pub);
    await expect(cards).toHaveCount(count + 1);
    const card = cards.nth(count);
    await expect(card.getByRole('heading')).toHaveText(`Service ${s}`);
    await expect(card).toContainText(`Short pitch ${s}`);
    await card.getByRole('button', { name: 'More details' }).click();
    let modal = pub.getByRole('dialog', { name: `Service ${s}` });
    await expect(modal).toBeVisible();
    await expect(modal).toContainText(`Long story ${s}`);
    await expect(modal.getByRole('img', { name: `Service ${s}` })).toHaveAttribute('src', image);
    await modal.getByRole('button', { name: 'Close' }).click();
    await expect(modal).toBeHidden();

    // Edit: the Edit Service dialog starts from the item and replaces it in place.
    await page.getByRole('button', { name: `Edit item ${count + 1}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Service' });
    await expect(edit).toBeVisible();
    await expect(edit.getByLabel('Title', { exact: true })).toHaveValue(`Service ${s}`);
    await expect(richBody(page, 'item-dialog-edit-service-modal_description')).toHaveText(`Long story ${s}`);
    await edit.getByLabel('Title', { exact: true }).fill(`Renamed ${s}`);
    await edit.getByLabel('Description', { exact: true }).fill(`New pitch ${s}`);
    await typeRich(page, 'item-dialog-edit-service-modal_description', `New story ${s}`);
    const edited = await saveWithSpinner(page, content.sectionUpdates.services, edit.locator('button[type="submit"]'));
    expect(edited.items).toHaveLength(count + 1);
    expect((edited.items as Array<Record<string, string>>)[count]).toMatchObject({
      title: `Renamed ${s}`,
      description: `New pitch ${s}`,
      modal_img: image,
    });
    await expect(edit).toBeHidden();
    await expect(rows(page).nth(count)).toContainText(`Renamed ${s}`);

    await reloadPublic(pub);
    await expect(cards).toHaveCount(count + 1);
    await expect(cards.nth(count).getByRole('heading')).toHaveText(`Renamed ${s}`);
    await expect(cards.nth(count)).toContainText(`New pitch ${s}`);
    await cards.nth(count).getByRole('button', { name: 'More details' }).click();
    modal = pub.getByRole('dialog', { name: `Renamed ${s}` });
    await expect(modal).toContainText(`New story ${s}`);
    await expect(modal.getByRole('img', { name: `Renamed ${s}` })).toHaveAttribute('src', image);

    await reloadEditor(page);
    await expect(rows(page).nth(count)).toContainText(`Renamed ${s}`);

    await deleteRow(page, content.sectionUpdates.services, count + 1);
    await expect(page.getByText(`Renamed ${s}`)).toHaveCount(0);
    await reloadPublic(pub);
    await expect(cards).toHaveCount(count);
    await expect(pub.getByText(`Renamed ${s}`)).toHaveCount(0);
  });
});

test.describe('team editor', () => {
  test('title saves and is the team heading; an empty title is refused', async ({ page, request }) => {
    const s = stamp();
    await loginAndOpen(page, '/admin/team');
    const sent = recordRequests(page, content.sectionUpdates.team);
    await page.getByLabel('Title', { exact: true }).fill('');
    await updateButton(page, 'Team').click();
    await expect(textFieldError(page, 'Title')).toHaveText(MSG.empty);
    expect(sent).toHaveLength(0);
    const before = (await getContent(request)).team;

    const pub = await openPublic(page, '/');
    await expect(pub.locator('#team h2')).toHaveText(before.title);
    await page.getByLabel('Title', { exact: true }).fill(`People ${s}`);
    await saveWithSpinner(page, content.sectionUpdates.team, updateButton(page, 'Team'));
    await reloadPublic(pub);
    await expect(pub.locator('#team h2')).toHaveText(`People ${s}`);
    await reloadEditor(page);
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(`People ${s}`);
  });

  test('add, edit and delete a member with a PNG photo', async ({ page }, testInfo) => {
    const s = stamp();
    await loginAndOpen(page, '/admin/team');
    const pub = await openPublic(page, '/');
    const members = pub.getByTestId('team-member');
    const count = await rows(page).count();
    await expect(members).toHaveCount(count);

    await page.getByRole('button', { name: 'Add New' }).click();
    const add = page.getByRole('dialog', { name: 'Add New Member' });
    await expect(add).toBeVisible();
    await add.getByLabel('Title', { exact: true }).fill(`Member ${s}`);
    await add.getByLabel('Description', { exact: true }).fill(`Chief Tester ${s}`);
    const photo = await uploadImage(page, add, 'Image', await makePng(testInfo, 'member.png', 260, 280, '#aa3388'));
    const sent = await saveWithSpinner(page, content.sectionUpdates.team, add.locator('button[type="submit"]'));
    expect((sent.items as unknown[]).at(-1)).toEqual({
      title: `Member ${s}`,
      description: `Chief Tester ${s}`,
      image_url: photo,
    });
    await expect(add).toBeHidden();
    await expect(rows(page)).toHaveCount(count + 1);
    await expect(rows(page).nth(count)).toContainText(`Member ${s}`);
    await expect(rows(page).nth(count).locator('img')).toHaveAttribute('src', photo);

    await reloadPublic(pub);
    await expect(members).toHaveCount(count + 1);
    const member = members.nth(count);
    await expect(member.getByRole('heading')).toHaveText(`Member ${s}`);
    await expect(member).toContainText(`Chief Tester ${s}`);
    const img = member.getByRole('img', { name: `Member ${s}` });
    await expect(img).toHaveAttribute('src', photo);
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);

    await page.getByRole('button', { name: `Edit item ${count + 1}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Member' });
    await expect(edit.getByLabel('Title', { exact: true })).toHaveValue(`Member ${s}`);
    await edit.getByLabel('Description', { exact: true }).fill(`Head of Quality ${s}`);
    const edited = await saveWithSpinner(page, content.sectionUpdates.team, edit.locator('button[type="submit"]'));
    expect((edited.items as unknown[])[count]).toEqual({
      title: `Member ${s}`,
      description: `Head of Quality ${s}`,
      image_url: photo,
    });
    await expect(rows(page)).toHaveCount(count + 1);
    await expect(rows(page).nth(count)).toContainText(`Head of Quality ${s}`);

    await reloadPublic(pub);
    await expect(members.nth(count)).toContainText(`Head of Quality ${s}`);
    await expect(members.nth(count).getByRole('img')).toHaveAttribute('src', photo);

    await reloadEditor(page);
    await expect(rows(page).nth(count)).toContainText(`Head of Quality ${s}`);
    await deleteRow(page, content.sectionUpdates.team, count + 1);
    await reloadPublic(pub);
    await expect(members).toHaveCount(count);
    await expect(pub.getByText(`Member ${s}`)).toHaveCount(0);
  });
});
