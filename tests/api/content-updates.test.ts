import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, SERVER_MESSAGES } from '#shared/messages.ts';
import type { SectionKey, SiteContent } from '#shared/schemas/content.ts';
import { INVALID_LINK, SECTION_UPDATES } from '#shared/schemas/content-updates.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';
import * as auth from '#shared/api/auth.ts';
import * as contentApi from '#shared/api/content.ts';
import { api, type AnyAnswer } from '#tests/helpers/api.ts';

/**
 * The eight section update calls of docs/product.md#api with the editors' rules of docs/product.md#validation-rules, on a real app and
 * database. Every test reads the content it starts from, so the tests do not depend on their order.
 */

type Section = { _id: string; [field: string]: unknown };
type Item = Record<string, string>;
type Payload = Record<string, unknown>;

/**
 * The update calls as the spec names them (the table of SECTION_UPDATES must match it). The paths are
 * spelt out on purpose: they are what the first test checks. The requests go through the contract.
 */
const ENDPOINTS: Array<{ url: string; section: SectionKey }> = [
  { url: '/api/banner/update', section: 'banner' },
  { url: '/api/product/update', section: 'product' },
  { url: '/api/portfolio/update', section: 'portfolio' },
  { url: '/api/services/update', section: 'services' },
  { url: '/api/team/update', section: 'team' },
  { url: '/api/about-us/update', section: 'aboutus' },
  { url: '/api/social/update', section: 'social' },
  { url: '/api/privacy/update', section: 'privacyPolicy' },
];

let counter = 0;
/** A value no earlier test has stored, so a change is always visible. */
const fresh = (label: string) => `${label} ${Date.now().toString(36)}-${++counter}`;

/** A section of GET /api/get-content as the editor sends it back: `_id` becomes `id`. */
function toPayload(section: Section): Payload {
  const { _id, ...fields } = structuredClone(section);
  return { id: _id, ...fields };
}

/** Sets a value at a dotted path such as `items.0.description`; `undefined` removes the key. */
function withValue(payload: Payload, path: string, value: unknown): Payload {
  const copy = structuredClone(payload);
  const keys = path.split('.');
  let target = copy as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
  const last = keys.at(-1)!;
  if (value === undefined) delete target[last];
  else target[last] = value;
  return copy;
}

function valueAt(section: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], section);
}

/** A changed version of each section (without `_id`), with values the server stores exactly as sent. */
const EDITS: Record<SectionKey, (s: Section) => Omit<Section, '_id'>> = {
  banner: () => ({
    title: fresh('Banner title'),
    subTitle: fresh('Sub title'),
    description: `<p>${fresh('Banner')} <strong>description</strong></p>`,
    modalTitle: fresh('Modal title'),
    modalLeftContent: `<p>${fresh('Left')}</p><ul><li>one</li><li>two</li></ul>`,
    modalRightContent: `<p><a href="https://example.com/more">${fresh('Right')}</a></p>`,
  }),
  product: (s) => ({ title: fresh('Product title'), description: `<p>${fresh('Product')}</p>`, items: s.items }),
  portfolio: (s) => ({
    title: fresh('Portfolio title'),
    description: `<p><em>${fresh('Portfolio')}</em></p>`,
    items: s.items,
  }),
  services: (s) => ({ title: fresh('Services title'), items: s.items }),
  team: (s) => ({ title: fresh('Team title'), items: s.items }),
  aboutus: (s) => ({
    items: (s.items as Item[]).map((item, i) => ({
      title: `<h2>${fresh(`About ${i}`)}</h2>`,
      description: `<p>${fresh(`About text ${i}`)}</p>`,
      image_url: `/uploads/about-${i}-${counter}.png`,
    })),
  }),
  social: () => ({
    facebook_link: `https://facebook.com/${fresh('fb').replace(/\W/g, '')}`,
    twitter_link: `https://twitter.com/${fresh('tw').replace(/\W/g, '')}`,
    linkedin_link: `https://linkedin.com/company/${fresh('li').replace(/\W/g, '')}`,
    youtube_link: `https://youtube.com/@${fresh('yt').replace(/\W/g, '')}`,
    github_link: `https://github.com/${fresh('gh').replace(/\W/g, '')}`,
  }),
  privacyPolicy: () => ({
    privacy_policy_text: `<h2>Privacy</h2><p>${fresh('Privacy')}</p>`,
    terms_and_conditions_text: `<h2>Terms</h2><ol><li>${fresh('Terms')}</li></ol>`,
  }),
};

/** Sections with an item list the editor adds to, edits at a position and deletes from (docs/product.md#screen-states). */
const ITEM_SECTIONS: Array<{ section: SectionKey; newItem: () => Item }> = [
  { section: 'product', newItem: () => ({ title: fresh('Item'), description: fresh('Plain item description') }) },
  {
    section: 'portfolio',
    newItem: () => ({ image_url: `/uploads/${randomUUID()}.png`, product_link: `https://example.com/${counter++}` }),
  },
  {
    section: 'services',
    newItem: () => ({
      title: fresh('Service'),
      description: fresh('Service description'),
      modal_description: `<p>${fresh('Modal')}</p>`,
      modal_img: `/uploads/${randomUUID()}.png`,
    }),
  },
  {
    section: 'team',
    newItem: () => ({ title: fresh('Member'), description: fresh('Role'), image_url: `/uploads/${randomUUID()}.png` }),
  },
];

/** Every field the editors require, by call (docs/product.md#validation-rules), as the `field` of the 400 answer. */
const REQUIRED: Array<[SectionKey, string]> = [
  ...['title', 'subTitle', 'description', 'modalTitle', 'modalLeftContent', 'modalRightContent'].map(
    (f): [SectionKey, string] => ['banner', f],
  ),
  ['product', 'title'],
  ['product', 'description'],
  ['portfolio', 'title'],
  ['portfolio', 'description'],
  ['services', 'title'],
  ['team', 'title'],
  ['aboutus', 'items.0.description'],
  ...['facebook_link', 'twitter_link', 'linkedin_link', 'youtube_link', 'github_link'].map(
    (f): [SectionKey, string] => ['social', f],
  ),
  ['privacyPolicy', 'privacy_policy_text'],
  ['privacyPolicy', 'terms_and_conditions_text'],
];

const EMPTY_VALUES: Array<[string, unknown]> = [
  ['empty', ''],
  ['whitespace-only', ' \n\t  '],
  ['missing', undefined],
  ['null', null],
];

/** Rich-text fields: shown as HTML on public pages, so sanitised on write. */
const RICH: Array<[SectionKey, string]> = [
  ['banner', 'description'],
  ['banner', 'modalLeftContent'],
  ['banner', 'modalRightContent'],
  ['product', 'description'],
  ['portfolio', 'description'],
  ['services', 'items.0.modal_description'],
  ['aboutus', 'items.0.title'],
  ['aboutus', 'items.0.description'],
  ['aboutus', 'items.1.title'],
  ['aboutus', 'items.1.description'],
  ['privacyPolicy', 'privacy_policy_text'],
  ['privacyPolicy', 'terms_and_conditions_text'],
];

/** Plain-text fields: rendered as text, so stored exactly as given. */
const PLAIN: Array<[SectionKey, string]> = [
  ['banner', 'title'],
  ['banner', 'subTitle'],
  ['banner', 'modalTitle'],
  ['product', 'title'],
  ['product', 'items.0.title'],
  ['product', 'items.0.description'],
  ['portfolio', 'title'],
  ['services', 'title'],
  ['services', 'items.0.title'],
  ['services', 'items.0.description'],
  ['team', 'title'],
  ['team', 'items.0.title'],
  ['team', 'items.0.description'],
];

/** Link fields that must never hold a script URL. */
const LINKS: Array<[SectionKey, string]> = [
  ...['facebook_link', 'twitter_link', 'linkedin_link', 'youtube_link', 'github_link'].map(
    (f): [SectionKey, string] => ['social', f],
  ),
  ['portfolio', 'items.0.product_link'],
  ['portfolio', 'items.0.image_url'],
  ['services', 'items.0.modal_img'],
  ['team', 'items.0.image_url'],
  ['aboutus', 'items.0.image_url'],
];

const XSS =
  '<p onclick="alert(1)">Hi<script>alert(1)</script><a href="javascript:alert(1)">x</a>' +
  '<iframe src="https://evil.example"></iframe><iframe src="https://www.youtube.com/embed/x"></iframe></p>';

function expectSanitised(html: unknown) {
  expect(typeof html).toBe('string');
  const value = html as string;
  expect(value).toContain('Hi');
  expect(value).toContain('<iframe src="https://www.youtube.com/embed/x"></iframe>');
  expect(value).not.toMatch(/<script/i);
  expect(value).not.toMatch(/alert/);
  expect(value).not.toMatch(/onclick/i);
  expect(value).not.toMatch(/javascript:/i);
  expect(value).not.toContain('evil.example');
}

describe('the update calls', () => {
  it('are exactly the eight of docs/product.md#api', () => {
    expect(SECTION_UPDATES.map((u) => ({ url: `/api${u.path}`, section: u.section }))).toEqual(ENDPOINTS);
  });
});

describe.each(DATABASE_KINDS)('section update calls on %s', (kind) => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    const res = await api(t).call(auth.login, { body: { email: 'admin@example.com', password: 'admin-secret' } });
    expect(res.status).toBe(200);
    token = res.data.token;
  });
  afterAll(() => t?.close());

  async function content(): Promise<SiteContent> {
    const res = await api(t).call(contentApi.getContent);
    expect(res.status).toBe(200);
    return res.data;
  }
  const sectionOf = async (key: SectionKey) => (await content())[key] as Section;

  function update(
    section: SectionKey,
    payload: unknown,
    headers: Record<string, string> = { authorization: `Bearer ${token}` },
  ) {
    return api(t).callRaw(contentApi.sectionUpdates[section], { body: payload, headers });
  }

  /** Expects a 400 validation answer and that the stored content did not change. */
  async function expectRefused(
    res: AnyAnswer,
    before: SiteContent,
    body: { message: string; field?: string } | null,
    status = 400,
  ) {
    expect(res.status, res.text).toBe(status);
    if (body) expect(res.body).toEqual(body);
    else expect(res.body.message).toEqual(expect.any(String));
    expect(await content()).toEqual(before);
  }

  describe.each(ENDPOINTS)('POST $url', ({ section }) => {
    it('saves a valid payload, answers { data: section } and get-content returns the change at once', async () => {
      const before = await content();
      const current = before[section] as Section;
      await t.services.content.getContent(); // warm the service's cache
      const changed = EDITS[section](current);
      const expected = { _id: current._id, ...changed };
      expect(expected).not.toEqual(current);

      const res = await update(section, { id: current._id, ...changed });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({ data: expected });

      const after = await content();
      expect(after[section]).toEqual(expected);
      expect(after).toEqual({ ...before, [section]: expected });
      expect((await t.services.content.getContent())[section]).toEqual(expected);
    });

    it('keeps the section unchanged when the current section is sent back as is', async () => {
      const before = await content();
      const res = await update(section, toPayload(before[section] as Section));
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({ data: before[section] });
      expect(await content()).toEqual(before);
    });

    it('answers 401 without a token, even with an invalid body, and changes nothing', async () => {
      const before = await content();
      const res = await update(section, { nonsense: true }, {});
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: SERVER_MESSAGES.loginRequired });

      const valid = await update(
        section,
        { id: before[section]._id, ...EDITS[section](before[section] as Section) },
        {},
      );
      await expectRefused(valid, before, { message: SERVER_MESSAGES.loginRequired }, 401);
    });

    it('answers 401 with a garbage token and changes nothing', async () => {
      const before = await content();
      const payload = { id: before[section]._id, ...EDITS[section](before[section] as Section) };
      await expectRefused(
        await update(section, payload, { authorization: 'Bearer not-a-real-token' }),
        before,
        { message: SERVER_MESSAGES.loginRequired },
        401,
      );
      await expectRefused(
        await update(section, 'not json at all', { authorization: 'Bearer x', 'content-type': 'application/json' }),
        before,
        { message: SERVER_MESSAGES.loginRequired },
        401,
      );
    });

    it('answers 404 for an unknown section id and changes nothing', async () => {
      const before = await content();
      const payload = { ...EDITS[section](before[section] as Section), id: randomUUID() };
      await expectRefused(await update(section, payload), before, null, 404);
    });

    it("answers 404 for another section's _id and changes nothing", async () => {
      const before = await content();
      const other = section === 'product' ? before.banner : before.product;
      const payload = { ...EDITS[section](before[section] as Section), id: other._id };
      await expectRefused(await update(section, payload), before, null, 404);
    });

    it.each([
      ['missing', undefined],
      ['empty', ''],
      ['whitespace-only', '   '],
      ['not a string', 42],
    ])('answers 400 for a %s section id and changes nothing', async (_label, id) => {
      const before = await content();
      const payload = withValue({ id: 'x', ...EDITS[section](before[section] as Section) }, 'id', id);
      const res = await update(section, payload);
      await expectRefused(res, before, null);
      expect(res.body.field).toBe('id');
    });

    it('answers 400 for the _id field without id (the payload names it id)', async () => {
      const before = await content();
      await expectRefused(await update(section, before[section]), before, null);
    });

    it('answers 400 for malformed JSON and changes nothing', async () => {
      const before = await content();
      const res = await update(section, `{"id": "${before[section]._id}", "title": `, {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
      });
      await expectRefused(res, before, { message: 'The request body is not valid JSON' });
    });

    it('answers 400 for a body that is not an object and changes nothing', async () => {
      const before = await content();
      await expectRefused(await update(section, [toPayload(before[section] as Section)]), before, null);
    });
  });

  describe('required fields (docs/product.md#validation-rules)', () => {
    describe.each(REQUIRED)('%s.%s', (section, field) => {
      it.each(EMPTY_VALUES)(
        'answers 400 "Field cannot be empty !" when %s, changing nothing',
        async (_label, value) => {
          const before = await content();
          const payload = withValue(toPayload(before[section] as Section), field, value);
          await expectRefused(await update(section, payload), before, { message: MESSAGES.fieldEmpty, field });
        },
      );
    });

    it('answers with the first empty field when several are empty', async () => {
      const before = await content();
      const payload = { ...toPayload(before.banner), title: '', description: ' ' };
      await expectRefused(await update('banner', payload), before, {
        message: MESSAGES.fieldEmpty,
        field: 'title',
      });
    });

    it('trims required values before storing them', async () => {
      const current = await sectionOf('banner');
      const title = fresh('Trimmed');
      const res = await update('banner', { ...toPayload(current), title: `  ${title}\n` });
      expect(res.status).toBe(200);
      expect((await sectionOf('banner')).title).toBe(title);
    });

    it('about-us: accepts an empty second description (only the first is checked)', async () => {
      const current = await sectionOf('aboutus');
      const payload = withValue(withValue(toPayload(current), 'items.1.description', ''), 'items.1.title', '');
      const res = await update('aboutus', payload);
      expect(res.status, res.text).toBe(200);
      const items = (await sectionOf('aboutus')).items as Item[];
      expect(items).toHaveLength(2);
      expect(items[1]).toMatchObject({ title: '', description: '' });
      expect(items[0]).toEqual((current.items as Item[])[0]);
    });

    it('about-us: refuses an empty item list and changes nothing', async () => {
      const before = await content();
      const res = await update('aboutus', { id: before.aboutus._id, items: [] });
      await expectRefused(res, before, null);
    });

    it.each(['services', 'team'] as const)(
      '%s: adds items without further checks (all item fields empty)',
      async (section) => {
        const current = await sectionOf(section);
        const blank = Object.fromEntries(Object.keys((current.items as Item[])[0]!).map((k) => [k, '']));
        const res = await update(section, {
          ...toPayload(current),
          items: [...(current.items as Item[]), blank],
        });
        expect(res.status, res.text).toBe(200);
        expect(((await sectionOf(section)).items as Item[]).at(-1)).toEqual(blank);
      },
    );

    it('social: links are not checked as URLs', async () => {
      const current = await sectionOf('social');
      const res = await update('social', { ...toPayload(current), github_link: 'our github page' });
      expect(res.status, res.text).toBe(200);
      expect((await sectionOf('social')).github_link).toBe('our github page');
    });
  });

  describe.each(ITEM_SECTIONS)(
    '$section items (docs/product.md#screen-states: add, edit at position, delete)',
    ({ section, newItem }) => {
      async function saveItems(make: (items: Item[]) => Item[]) {
        const before = await content();
        const current = before[section] as Section;
        const items = make(structuredClone(current.items as Item[]));
        await t.services.content.getContent();
        const res = await update(section, { ...toPayload(current), items });
        expect(res.status, res.text).toBe(200);
        const expected = { ...current, items };
        expect(res.body).toEqual({ data: expected });
        expect((await content())[section]).toEqual(expected);
        expect((await t.services.content.getContent())[section]).toEqual(expected);
        return { before: current.items as Item[], items };
      }

      it('appends a new item at the end', async () => {
        const item = newItem();
        const { before, items } = await saveItems((list) => [...list, item]);
        expect(items).toHaveLength(before.length + 1);
        expect(items.at(-1)).toEqual(item);
      });

      it('replaces the item at its position, keeping the others in order', async () => {
        const item = newItem();
        const { before, items } = await saveItems((list) => {
          if (list.length < 3) throw new Error('the section needs at least 3 items for this test');
          return list.map((old, i) => (i === 1 ? item : old));
        });
        expect(items).toEqual([before[0], item, ...before.slice(2)]);
      });

      it('deletes an item, keeping the others in order', async () => {
        const { before, items } = await saveItems((list) => list.filter((_, i) => i !== 0));
        expect(items).toEqual(before.slice(1));
      });

      it('accepts an empty item list', async () => {
        const { items } = await saveItems(() => []);
        expect(items).toEqual([]);
        // Put items back so the other tests have some to work on.
        await saveItems(() => [newItem(), newItem(), newItem()]);
      });

      it('accepts 100 items and keeps their order', async () => {
        const many = Array.from({ length: 100 }, () => newItem());
        const { items } = await saveItems(() => many);
        expect(items).toEqual(many);
        await saveItems(() => many.slice(0, 4));
      });

      it('answers 400 for more than 100 items and changes nothing', async () => {
        const before = await content();
        const items = Array.from({ length: 101 }, () => newItem());
        const res = await update(section, { ...toPayload(before[section] as Section), items });
        await expectRefused(res, before, null);
        expect(res.body.field).toBe('items');
      });

      it.each([
        ['a string', 'not a list'],
        ['an object', { 0: { title: 'x' } }],
        ['missing', undefined],
      ])('answers 400 when items is %s and changes nothing', async (_label, items) => {
        const before = await content();
        const res = await update(section, withValue(toPayload(before[section] as Section), 'items', items));
        await expectRefused(res, before, null);
        expect(res.body.field).toBe('items');
      });

      it('answers 400 when an item is not an object and changes nothing', async () => {
        const before = await content();
        const res = await update(section, { ...toPayload(before[section] as Section), items: ['just text'] });
        await expectRefused(res, before, null);
        expect(res.body.field).toBe('items.0');
      });
    },
  );

  describe('about-us items', () => {
    it('replaces the second item at its position', async () => {
      const current = await sectionOf('aboutus');
      const items = structuredClone(current.items as Item[]);
      items[1] = {
        title: `<h3>${fresh('Second')}</h3>`,
        description: `<p>${fresh('Second text')}</p>`,
        image_url: '/uploads/second.png',
      };
      const res = await update('aboutus', { id: current._id, items });
      expect(res.status, res.text).toBe(200);
      expect((await sectionOf('aboutus')).items).toEqual(items);
    });

    it('answers 400 for items that are not a list, or too many, and changes nothing', async () => {
      const before = await content();
      const item = (before.aboutus.items as Item[])[0]!;
      for (const items of ['text', { 0: item }, Array.from({ length: 101 }, () => item)]) {
        const res = await update('aboutus', { id: before.aboutus._id, items });
        await expectRefused(res, before, null);
        expect(res.body.field).toMatch(/^items/);
      }
    });
  });

  describe('rich text is sanitised (docs/product.md#site-content-model: descriptions are HTML)', () => {
    it.each(RICH)(
      '%s.%s drops scripts, handlers, script URLs and foreign iframes but keeps a YouTube iframe',
      async (section, field) => {
        const current = await sectionOf(section);
        const res = await update(section, withValue(toPayload(current), field, XSS));
        expect(res.status, res.text).toBe(200);
        expectSanitised(valueAt(res.data, field));
        expectSanitised(valueAt(await sectionOf(section), field));
        expectSanitised(valueAt((await t.services.content.getContent())[section], field));
      },
    );

    it('keeps safe formatting, links and images', async () => {
      const html =
        '<h2>Heading</h2><p style="text-align: center">A <strong>bold</strong> <em>word</em>, ' +
        '<a href="https://example.com/page" target="_blank" rel="noopener noreferrer">a link</a> and ' +
        '<img src="/uploads/abc.png" alt="pic" /></p><ul><li>one</li></ul>';
      const current = await sectionOf('privacyPolicy');
      const res = await update('privacyPolicy', { ...toPayload(current), privacy_policy_text: html });
      expect(res.status, res.text).toBe(200);
      const stored = (await sectionOf('privacyPolicy')).privacy_policy_text as string;
      for (const part of [
        '<h2>Heading</h2>',
        '<strong>bold</strong>',
        '<em>word</em>',
        'href="https://example.com/page"',
        'rel="noopener noreferrer"',
        'src="/uploads/abc.png"',
        '<li>one</li>',
      ]) {
        expect(stored).toContain(part);
      }
      expect(stored).toMatch(/style="text-align:\s*center;?"/);
    });

    it.each(PLAIN)('%s.%s is plain text and stored exactly as given', async (section, field) => {
      const value = `<b>Bold</b> & "quoted" <script>alert(1)</script> ${fresh('plain')}`;
      const current = await sectionOf(section);
      const res = await update(section, withValue(toPayload(current), field, value));
      expect(res.status, res.text).toBe(200);
      expect(valueAt(res.data, field)).toBe(value);
      expect(valueAt(await sectionOf(section), field)).toBe(value);
    });
  });

  describe('links never hold a script URL', () => {
    describe.each(LINKS)('%s.%s', (section, field) => {
      it.each([
        'javascript:alert(1)',
        '  JavaScript:alert(1)',
        'data:text/html,<script>alert(1)</script>',
        'vbscript:msgbox(1)',
      ])('answers 400 "Please enter a valid link" for %j and changes nothing', async (link) => {
        const before = await content();
        const payload = withValue(toPayload(before[section] as Section), field, link);
        await expectRefused(await update(section, payload), before, { message: INVALID_LINK, field });
      });
    });

    it('stores a normal link', async () => {
      const current = await sectionOf('portfolio');
      const link = `https://example.com/case-study?id=${counter++}`;
      const res = await update('portfolio', withValue(toPayload(current), 'items.0.product_link', link));
      expect(res.status, res.text).toBe(200);
      expect(valueAt(await sectionOf('portfolio'), 'items.0.product_link')).toBe(link);
    });
  });
});
