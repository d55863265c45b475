import { EMBED_MESSAGES } from '#shared/messages.ts';
import { loginAndOpen, richContent } from './editor-helpers';
import { expect, test } from './helpers';

/**
 * The post editor's own accessible output (decision 0029): a table from the table tool starts with a header
 * row, and a video gets a title and a poster through "Video title and poster". Nothing is saved, so it runs
 * on the shared site at both widths.
 */
test.beforeEach(async ({ page }) => {
  await loginAndOpen(page, '/admin/blogs/create', ['blog-content']);
});

test("the table tool's new table has a header row of column headers", async ({ page }) => {
  const editor = page.getByTestId('rich-blog-content');
  const tableButton = editor.getByRole('button', { name: 'Table', exact: true });
  if (!(await tableButton.isVisible()))
    await editor.getByRole('button', { name: 'Reveal or hide additional toolbar items' }).click();
  await page.getByRole('button', { name: 'Table', exact: true }).first().click();
  await page.getByRole('menuitem', { name: 'Table', exact: true }).click();
  // A grid picker with a mouse; the insert dialog on touch screens (phones). Either way 3 columns by 2 rows.
  const dialog = page.getByRole('dialog', { name: 'Table Properties' });
  const grid = page.getByRole('button', { name: '3 columns, 2 rows' });
  await expect(grid.or(dialog)).toBeVisible();
  if (await dialog.isVisible()) {
    await dialog.getByLabel('Cols').fill('3');
    await dialog.getByLabel('Rows').fill('2');
    await dialog.getByRole('button', { name: 'Save' }).click();
  } else await grid.click();
  await expect.poll(() => richContent(page, 'blog-content')).toContain('<thead>');
  const html = await richContent(page, 'blog-content');
  expect(html.match(/<th scope="col">/g)).toHaveLength(3);
  expect(html).toMatch(/<thead>\s*<tr>(\s*<th scope="col">&nbsp;<\/th>){3}\s*<\/tr>\s*<\/thead>\s*<tbody>/);
});

test('a video in the editor is named, and takes a title and a poster of the media library', async ({ page }) => {
  await page.evaluate(() =>
    (window as unknown as { tinymce: { get(id: string): { setContent(html: string): void } } }).tinymce
      .get('blog-content')
      .setContent('<p>Before</p><iframe src="https://www.youtube.com/embed/abc" width="560" height="315"></iframe>'),
  );
  const frame = page.frameLocator('#blog-content_ifr');
  // The preview frame inside the editor is named too (axe frame-title in the admin).
  await expect(frame.locator('.mce-preview-object iframe')).toHaveAttribute('title', EMBED_MESSAGES.frameTitle);

  await frame.locator('.mce-preview-object').click();
  await page.getByRole('button', { name: EMBED_MESSAGES.detailsButton }).click();
  const dialog = page.getByRole('dialog', { name: EMBED_MESSAGES.detailsTitle });
  await dialog.getByLabel(EMBED_MESSAGES.titleLabel).fill('Release walkthrough');
  // A picture from elsewhere is refused with the reason: the preview must not ask another host for it.
  await dialog.getByLabel(EMBED_MESSAGES.posterLabel).fill('https://i.ytimg.com/vi/abc/hqdefault.jpg');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(EMBED_MESSAGES.posterRefused)).toBeVisible();
  await dialog.getByLabel(EMBED_MESSAGES.posterLabel).fill('/uploads/walkthrough.jpg');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  await expect
    .poll(() => richContent(page, 'blog-content'))
    .toMatch(
      /<iframe [^>]*title="Release walkthrough"[^>]*data-poster="\/uploads\/walkthrough.jpg"|<iframe [^>]*data-poster="\/uploads\/walkthrough.jpg"[^>]*title="Release walkthrough"/,
    );
  // (p …: TinyMCE also keeps an off-screen copy of the selected object.)
  await expect(frame.locator('p .mce-preview-object iframe')).toHaveAttribute('title', 'Release walkthrough');
});
