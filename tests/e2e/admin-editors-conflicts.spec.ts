import type { Page } from '@playwright/test';
import * as blog from '#shared/api/blog.ts';
import * as content from '#shared/api/content.ts';
import { EDIT_CONFLICT_MESSAGES, MESSAGES, PRESENCE_MESSAGES } from '#shared/messages.ts';
import { createPost, loggedInAdmin } from '#tests/helpers/factories.ts';
import { ADMIN, dismissToasts, expectToast, loginAndOpen, openEditor, stamp } from './editor-helpers';
import { expect, test } from './helpers';

/**
 * Edit conflicts (docs/product.md#edit-conflicts) in two tabs of one browser: the older tab's Save shows
 * both versions side by side instead of writing over the newer one; "Use theirs" per field, "Keep mine",
 * "Take theirs". Drafts, so no public list changes. On the editors' server.
 */
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const conflictPanel = (page: Page) => page.getByTestId('edit-conflict');
const presence = (page: Page) => page.getByTestId('presence');
const field = (page: Page, name: string) => conflictPanel(page).getByTestId(`conflict-${name}`);

for (const width of [1366, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 500 ? 900 : 844 } });

    /** A draft open in two tabs; the second saves a new title first. */
    async function openedTwiceThenSavedInOne(page: Page, request: Parameters<typeof loggedInAdmin>[0]) {
      const admin = await loggedInAdmin(request, ADMIN);
      const original = { title: `Conflict ${stamp()}`, excerpt: 'The excerpt as first saved.' };
      const post = await createPost(admin, { ...original, content: '<p>Body.</p>', status: 'draft' });
      const path = `/admin/blogs/edit/${post._id}`;
      await loginAndOpen(page, path, ['blog-content']);
      const other = await page.context().newPage();
      await openEditor(other, path, ['blog-content']);
      const theirs = `Theirs ${stamp()}`;
      await other.getByLabel('Title', { exact: true }).fill(theirs);
      await other.getByRole('button', { name: 'Save', exact: true }).click();
      await expectToast(other, MESSAGES.blogUpdated);
      await other.close();
      return { admin, post, original, theirs };
    }

    test('the older tab gets both versions; Use theirs for a field, then Keep mine saves the rest of mine', async ({
      page,
      request,
    }, testInfo) => {
      const { admin, post, original, theirs } = await openedTwiceThenSavedInOne(page, request);
      const mine = `Mine ${stamp()}`;
      await page.getByLabel('Title', { exact: true }).fill(mine);
      await page.getByLabel('Excerpt').fill('My excerpt, typed meanwhile.');
      await page.getByRole('button', { name: 'Save', exact: true }).click();

      await expect(conflictPanel(page)).toBeVisible();
      await expect(conflictPanel(page)).toContainText(EDIT_CONFLICT_MESSAGES.heading);
      // Brought into view from the Save button at the foot of the form, with the focus.
      await expect(conflictPanel(page).getByRole('heading', { name: EDIT_CONFLICT_MESSAGES.heading })).toBeFocused();
      await expect(conflictPanel(page)).toBeInViewport();
      await expect(field(page, 'title').getByTestId('theirs')).toHaveText(theirs);
      await expect(field(page, 'title').getByTestId('mine')).toHaveText(mine);
      await expect(field(page, 'excerpt').getByTestId('theirs')).toHaveText(original.excerpt);
      await expect(field(page, 'excerpt').getByTestId('mine')).toHaveText('My excerpt, typed meanwhile.');
      // Nothing was written over: the stored post is theirs, and the form is still mine.
      expect((await admin.api.call(blog.getAdminPost, { params: { id: post._id } })).data.title).toBe(theirs);
      await expect(page.getByLabel('Title', { exact: true })).toHaveValue(mine);
      await page.screenshot({ path: testInfo.outputPath(`conflict-${width}.png`), fullPage: true });

      await field(page, 'excerpt')
        .getByRole('button', { name: /Use theirs/ })
        .click();
      await expect(page.getByLabel('Excerpt')).toHaveValue(original.excerpt);
      await expect(field(page, 'excerpt')).toHaveCount(0);

      await dismissToasts(page);
      await conflictPanel(page).getByRole('button', { name: EDIT_CONFLICT_MESSAGES.keepMine }).click();
      await expectToast(page, MESSAGES.blogUpdated);
      await expect(page).toHaveURL(/\/admin\/blogs$/);
      expect((await admin.api.call(blog.getAdminPost, { params: { id: post._id } })).data).toMatchObject({
        title: mine,
        excerpt: original.excerpt,
        version: 3,
      });
    });

    test('Take theirs puts the version saved meanwhile in the form, and the next Save is not refused', async ({
      page,
      request,
    }) => {
      const { admin, post, theirs } = await openedTwiceThenSavedInOne(page, request);
      await page.getByLabel('Title', { exact: true }).fill(`Mine ${stamp()}`);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(conflictPanel(page)).toBeVisible();
      await conflictPanel(page).getByRole('button', { name: EDIT_CONFLICT_MESSAGES.takeTheirs }).click();
      await expect(conflictPanel(page)).toHaveCount(0);
      await expect(page.getByLabel('Title', { exact: true })).toHaveValue(theirs);
      await page.getByLabel('Excerpt').fill('Added after taking theirs.');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expectToast(page, MESSAGES.blogUpdated);
      expect((await admin.api.call(blog.getAdminPost, { params: { id: post._id } })).data).toMatchObject({
        title: theirs,
        excerpt: 'Added after taking theirs.',
      });
    });

    test('a section open in two tabs: each says so, and the older tab’s Update shows both versions; Keep mine', async ({
      page,
      request,
    }, testInfo) => {
      const admin = await loggedInAdmin(request, ADMIN);
      await loginAndOpen(page, '/admin/products', ['product-description']);
      const other = await page.context().newPage();
      await openEditor(other, '/admin/products', ['product-description']);
      // The second tab hears of the first at once; the first at its next beat, or when its person types.
      await expect(presence(other)).toContainText(PRESENCE_MESSAGES.selfElsewhere('section'));
      // Typing is told within 5 s; the answer brings the other tab.
      await page.getByLabel('Title', { exact: true }).fill(`Typing ${stamp()}`);
      await expect(presence(page)).toContainText(PRESENCE_MESSAGES.selfElsewhere('section'), { timeout: 10_000 });
      await expect(presence(page)).toContainText(`${PRESENCE_MESSAGES.you}: ${PRESENCE_MESSAGES.notTyped}`);
      await page.screenshot({ path: testInfo.outputPath(`section-presence-${width}.png`), fullPage: true });

      const theirs = `Theirs ${stamp()}`;
      await other.getByLabel('Title', { exact: true }).fill(theirs);
      await other.getByRole('button', { name: 'Update' }).first().click();
      await expectToast(other, MESSAGES.updatedSuccessfully);
      await other.close();

      const mine = `Mine ${stamp()}`;
      await page.getByLabel('Title', { exact: true }).fill(mine);
      await page.getByRole('button', { name: 'Update' }).first().click();
      await expect(conflictPanel(page)).toContainText(EDIT_CONFLICT_MESSAGES.sectionHeading);
      await expect(field(page, 'title').getByTestId('theirs')).toHaveText(theirs);
      await expect(field(page, 'title').getByTestId('mine')).toHaveText(mine);
      // Nothing written over; the other tab closed, so it is no longer listed.
      const stored = async () =>
        (await admin.api.call(content.getSectionForEdit, { params: { key: 'product' } })).data.section;
      expect((await stored()).title).toBe(theirs);
      await expect(page.getByLabel('Title', { exact: true })).toHaveValue(mine);
      await page.screenshot({ path: testInfo.outputPath(`section-conflict-${width}.png`), fullPage: true });

      await dismissToasts(page);
      await conflictPanel(page).getByRole('button', { name: EDIT_CONFLICT_MESSAGES.keepMine }).click();
      await expectToast(page, MESSAGES.updatedSuccessfully);
      await expect(conflictPanel(page)).toHaveCount(0);
      expect((await stored()).title).toBe(mine);
      // The editor reloaded the section with its new version: the next Update is not refused.
      await page.getByLabel('Title', { exact: true }).fill(`${mine} again`);
      await dismissToasts(page);
      await page.getByRole('button', { name: 'Update' }).first().click();
      await expectToast(page, MESSAGES.updatedSuccessfully);
      expect((await stored()).title).toBe(`${mine} again`);
    });

    test('Take theirs on a section reloads the version saved meanwhile', async ({ page, request }) => {
      const admin = await loggedInAdmin(request, ADMIN);
      await loginAndOpen(page, '/admin/products', ['product-description']);
      const { section, version } = (await admin.api.call(content.getSectionForEdit, { params: { key: 'product' } }))
        .data;
      const theirs = `Saved elsewhere ${stamp()}`;
      const { _id, ...fields } = section;
      const saved = await admin.api.callRaw(content.sectionUpdates.product, {
        body: { ...fields, id: _id, title: theirs, baseVersion: version },
      });
      expect(saved.status, saved.text).toBe(200);
      await page.getByLabel('Title', { exact: true }).fill(`Mine ${stamp()}`);
      await page.getByRole('button', { name: 'Update' }).first().click();
      await expect(conflictPanel(page)).toBeVisible();
      await conflictPanel(page).getByRole('button', { name: EDIT_CONFLICT_MESSAGES.takeTheirs }).click();
      await expect(conflictPanel(page)).toHaveCount(0);
      await expect(page.getByLabel('Title', { exact: true })).toHaveValue(theirs);
    });

    test('a post open in two tabs says so in both, and stops saying it when one closes', async ({ page, request }) => {
      const admin = await loggedInAdmin(request, ADMIN);
      const post = await createPost(admin, { title: `Presence ${stamp()}`, content: '<p>Body.</p>', status: 'draft' });
      const path = `/admin/blogs/edit/${post._id}`;
      await loginAndOpen(page, path, ['blog-content']);
      const other = await page.context().newPage();
      await openEditor(other, path, ['blog-content']);
      await expect(presence(other)).toContainText(PRESENCE_MESSAGES.selfElsewhere('post'));
      // The second tab's typing is told (within 5 s); then the first tab's own typing brings it back.
      const told = other.waitForRequest(
        (r) => r.url().endsWith('/api/admin/presence') && (r.postDataJSON() as { typed?: boolean }).typed === true,
      );
      await other.getByLabel('Excerpt').fill('Typed in the second tab.');
      await told;
      await page.getByLabel('Excerpt').fill('Typed in the first tab.');
      await expect(presence(page)).toContainText(
        `${PRESENCE_MESSAGES.you}: ${PRESENCE_MESSAGES.lastTyped('just now')}`,
        { timeout: 10_000 },
      );
      await other.close();
      // The closed tab said goodbye: the next beat of the first (its person typing again) no longer lists it.
      await page.getByLabel('Excerpt').fill('Typed again in the first tab.');
      await expect(presence(page)).toHaveCount(0, { timeout: 10_000 });
    });
  });
}
