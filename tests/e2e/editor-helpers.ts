import fs from 'node:fs';
import path from 'node:path';
import { test, type Locator, type Page, type Request, type TestInfo } from '@playwright/test';
import sharp from 'sharp';
import type { Endpoint } from '#shared/api/endpoint.ts';
import * as uploads from '#shared/api/uploads.ts';
import { urlOf } from '#tests/helpers/api.ts';
import { parseMail, type ParsedMail } from '#tests/helpers/mime.ts';
import { expect, login } from './helpers';

/**
 * Helpers for the admin content editor tests (project `editors`, files admin-editors*.spec.ts). They run
 * against their own server, whose seeded administrator is the one below.
 */
export const ADMIN = { email: 'admin@example.com', password: 'admin-secret' };

export const MSG = {
  updated: 'Updated Successfully !',
  wentWrong: 'something went wrong! ',
  uploadFailed: 'unable to upload image. Please try again later',
  empty: 'Field cannot be empty !',
};

/** A short marker that makes each run's values unique, so no test depends on another's leftovers. */
export const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

declare global {
  interface Window {
    tinymce?: { get(id: string): { initialized: boolean; getContent(): string } | null };
  }
}

/** Logs the seeded administrator in and opens an editor once React and its TinyMCE editors are ready. */
export async function loginAndOpen(page: Page, path: string, richIds: string[] = []) {
  await login(page, ADMIN.email, ADMIN.password);
  await openEditor(page, path, richIds);
}

export async function openEditor(page: Page, path: string, richIds: string[] = []) {
  await page.goto(path);
  await page.waitForFunction(() => window.history.scrollRestoration === 'manual');
  await expect(page.locator('.admin-card form').first()).toBeVisible({ timeout: 20_000 });
  for (const id of richIds) await waitForRich(page, id);
}

/** Reloads the editor page (after a save: the stored values must come back from the server). */
export async function reloadEditor(page: Page, richIds: string[] = []) {
  await page.reload();
  await page.waitForFunction(() => window.history.scrollRestoration === 'manual');
  await expect(page.locator('.admin-card form').first()).toBeVisible({ timeout: 20_000 });
  for (const id of richIds) await waitForRich(page, id);
}

/** Waits until the TinyMCE instance of a rich-text field is initialised. */
export async function waitForRich(page: Page, id: string) {
  await page.waitForFunction((editorId) => Boolean(window.tinymce?.get(editorId)?.initialized), id, {
    timeout: 30_000,
  });
}

/** The editable body of a TinyMCE field (its iframe is `<id>_ifr`). */
export const richBody = (page: Page, id: string) => page.frameLocator(`#${id}_ifr`).locator('body');

/** The HTML TinyMCE currently holds for a field. */
export const richContent = (page: Page, id: string) =>
  page.evaluate((editorId) => window.tinymce!.get(editorId)!.getContent(), id);

/** Replaces a rich-text field's content by typing, as a person would (select all, then type). */
export async function typeRich(page: Page, id: string, text: string) {
  await waitForRich(page, id);
  await richBody(page, id).click();
  await page.keyboard.press('ControlOrMeta+A');
  if (text === '') await page.keyboard.press('Delete');
  else await page.keyboard.type(text);
  if (text.trim() === '') return;
  await expect.poll(() => richContent(page, id)).toContain(text);
}

/** Open toasts (react-toastify gives the role only to toasts that are not leaving). */
export const toasts = (page: Page, text?: string) => {
  const all = page.getByRole('alert').and(page.locator('.Toastify__toast'));
  return text === undefined ? all : all.filter({ hasText: text.trim() });
};

export async function expectToast(page: Page, text: string) {
  const toast = toasts(page, text).first();
  await expect(toast).toBeVisible({ timeout: 15_000 });
  // The exact wording, trailing space included (docs/product.md#error-catalogue).
  expect(await toast.textContent()).toContain(text);
}

/**
 * After Save of a post that publishes with the e-mail box ticked: confirms "Publish and e-mail N
 * subscribers?" when the editor asks, which it does once this server has confirmed subscribers (other
 * files add them, so whether it asks depends on what ran before: docs/product.md#newsletter).
 */
export async function confirmPublishIfAsked(page: Page, text: string) {
  const dialog = page.getByRole('dialog', { name: 'Please confirm' });
  await expect(dialog.or(toasts(page, text)).first()).toBeVisible({ timeout: 15_000 });
  if (await dialog.isVisible()) await dialog.getByRole('button', { name: 'Publish and e-mail' }).click();
}

/** Closes every open toast, so the next expected toast is certainly a new one. */
export async function dismissToasts(page: Page) {
  const open = toasts(page);
  for (let i = await open.count(); i > 0; i--) {
    await open
      .first()
      .getByRole('button', { name: 'close' })
      .click()
      .catch(() => undefined);
  }
  await expect(open).toHaveCount(0, { timeout: 10_000 });
}

/**
 * Holds the next POST to `endpoint` until the spinner of `button` has been seen, then lets it
 * through; returns the JSON body the editor sent.
 */
export async function saveWithSpinner(
  page: Page,
  endpoint: Endpoint,
  button: Locator,
  click: () => Promise<void> = () => button.click(),
) {
  await dismissToasts(page);
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const url = `**${urlOf(endpoint)}`;
  await page.route(url, async (route) => {
    await gate;
    await route.continue();
  });
  const request = page.waitForRequest((r) => r.url().endsWith(urlOf(endpoint)) && r.method() === 'POST');
  await click();
  const sent = await request;
  await expect(button).toHaveAttribute('aria-busy', 'true');
  await expect(button).toBeDisabled();
  await expect(button.getByRole('status')).toBeVisible();
  const response = page.waitForResponse((r) => r.request() === sent);
  release();
  expect((await response).status()).toBe(200);
  await page.unroute(url);
  await expectToast(page, MSG.updated);
  await expect(button.getByRole('status')).toHaveCount(0);
  return sent.postDataJSON() as Record<string, unknown>;
}

/** Records every request to an endpoint's path, to show that a rejected form sent nothing. */
export function recordRequests(page: Page, endpoint: Endpoint) {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith(urlOf(endpoint))) seen.push(r);
  });
  return seen;
}

/** A real PNG made with sharp in the test's output folder. */
export async function makePng(testInfo: TestInfo, name: string, width = 300, height = 200, background = '#3366cc') {
  const file = testInfo.outputPath(name);
  await sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toFile(file);
  return file;
}

/** A text file with a .png name: not an image, whatever its name says. */
export function makeFakePng(testInfo: TestInfo, name = 'not-an-image.png') {
  const file = testInfo.outputPath(name);
  fs.writeFileSync(file, 'This is plain text, not a PNG image.\n');
  return file;
}

/**
 * Chooses a file in an image input (by its label) inside `scope`, checks the spinner while the upload
 * is held back, then the preview; returns the stored address.
 */
export async function uploadImage(page: Page, scope: Locator | Page, label: string, file: string) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const upload = `**${urlOf(uploads.uploadImage)}`;
  await page.route(upload, async (route) => {
    await gate;
    await route.continue();
  });
  const input = scope.getByLabel(label, { exact: true });
  await input.setInputFiles(file);
  const group = input.locator('xpath=..');
  await expect(group.getByRole('status', { name: 'Uploading' })).toBeVisible();
  const response = page.waitForResponse((r) => r.url().endsWith(urlOf(uploads.uploadImage)));
  release();
  expect((await response).status()).toBe(200);
  await page.unroute(upload);
  await expect(group.getByRole('status', { name: 'Uploading' })).toHaveCount(0);
  const preview = group.getByRole('img', { name: `${label} preview` });
  await expect(preview).toHaveAttribute('src', /^\/uploads\/[\w-]+\.png$/);
  return (await preview.getAttribute('src'))!;
}

/** A second tab of the same browser showing a public page. */
export async function openPublic(page: Page, path: string) {
  const pub = await page.context().newPage();
  await pub.goto(path);
  await pub.waitForFunction(() => window.history.scrollRestoration === 'manual');
  return pub;
}

/** Reloads a public page and waits for hydration (the server must already serve the new content). */
export async function reloadPublic(pub: Page) {
  await pub.reload();
  await pub.waitForFunction(() => window.history.scrollRestoration === 'manual');
}

/** The data folder of the editors' server the running test's project uses (playwright.config.ts). */
export const editorDataDir = () => test.info().project.metadata.dataDir as string;

/** Where the editors' server (no SMTP) writes its e-mails as .eml files. */
export const MAIL_DIR = () => path.join(editorDataDir(), 'mail');

/** The newest e-mail the editors' server wrote for `address` whose subject matches, once it is there. */
export async function newestMailTo(address: string, subject: RegExp, after = 0): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      () => {
        const dir = MAIL_DIR();
        const files = fs.existsSync(dir)
          ? fs
              .readdirSync(dir)
              .filter((f) => f.endsWith('.eml'))
              .sort()
          : [];
        const mails = files
          .filter((f) => fs.statSync(path.join(dir, f)).mtimeMs >= after)
          .map((f) => parseMail(fs.readFileSync(path.join(dir, f), 'utf8')))
          .filter((m) => m.header('to') === address && subject.test(m.header('subject') ?? ''));
        found = mails.at(-1);
        return Boolean(found);
      },
      { message: `an e-mail to ${address} matching ${subject}`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** Every e-mail the editors' server wrote, parsed. */
export function allMails(): ParsedMail[] {
  const dir = MAIL_DIR();
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => parseMail(fs.readFileSync(path.join(dir, f), 'utf8')));
}
