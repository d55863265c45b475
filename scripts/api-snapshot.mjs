// `node scripts/api-snapshot.mjs SITE_DIR OUT.json`: records the API answers of one seeded site, so a
// refactoring can show that it changed none of them (compare two recordings with `cmp` or `diff`).
//
// The first run builds the site in SITE_DIR through the API of the build it runs (categories, published,
// scheduled and draft posts, a trashed post, subscribers, a contact message, a content edit, an image);
// every run then copies SITE_DIR to a temporary folder, starts the production build on the copy and
// records status, content type and body of every GET endpoint with real ids, followed by a fixed series
// of writes. So the reads see the very same rows before and after a change, byte for byte; the writes
// make new ids and times, which are replaced by placeholders in order of first appearance.
//
// Paths are spelled here on purpose, not taken from shared/api: the recording must not depend on the
// code it checks. Needs `npm run build` first.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './serve-temp.mjs';

const [siteDir, outFile] = process.argv.slice(2);
if (!siteDir || !outFile) {
  console.error('usage: node scripts/api-snapshot.mjs SITE_DIR OUT.json');
  process.exit(2);
}
const PASSWORD = 'snapshot-secret';
const EMAIL = 'admin@example.com';

async function start(dataDir) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['build/node/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://snapshot.example',
      ADMIN_EMAIL: EMAIL,
      ADMIN_PASSWORD: PASSWORD,
      CONTACT_TO: 'sales@example.com',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MULTIPLIER: '1000',
      TZ: 'UTC',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${url}/api/get-content`)).ok) break;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

function client(url) {
  let token = '';
  async function call(method, p, body, { raw = false } = {}) {
    const headers = {};
    if (token) headers.authorization = `Bearer ${token}`;
    let payload;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(url + p, { method, headers, body: payload, redirect: 'manual' });
    const text = await res.text();
    if (raw) return { status: res.status, type: res.headers.get('content-type'), text };
    const json = text ? JSON.parse(text) : null;
    if (res.status >= 400) throw new Error(`${method} ${p} → ${res.status} ${text}`);
    return json;
  }
  return {
    call,
    login: async () => {
      token = (await call('POST', '/api/auth/login-user', { email: EMAIL, password: PASSWORD })).data.token;
    },
    logout: () => (token = ''),
  };
}

/** Builds the site once: every kind of row the API can show. */
async function populate(api) {
  await api.login();
  const cats = [];
  for (const name of ['Snapshot News', 'Snapshot Deep Dives', 'Café Culture']) {
    cats.push((await api.call('POST', '/api/blog-category/add/update', { name })).data);
  }
  const png = fs.readFileSync('public/logo-mail.png');
  const form = new FormData();
  form.append('image', new Blob([png], { type: 'image/png' }), 'snapshot.png');
  const image = (await api.call('POST', '/api/uploader/do', form)).data;
  const posts = [];
  for (let i = 1; i <= 14; i++) {
    const body = {
      title: `Snapshot post ${i}: pricing & prices`,
      excerpt: `Excerpt ${i}`,
      content: `<p>Body of post ${i} with <strong>bold</strong> text.</p>`,
      featureImage: i % 3 === 0 ? (image.url ?? image) : '',
      blogCategory: cats[i % cats.length]._id,
      status: i === 13 ? 'draft' : i === 14 ? 'scheduled' : 'published',
      publishAt: i === 14 ? '2099-01-01T09:00:00.000Z' : null,
      metaTitle: i === 2 ? 'A meta title' : '',
    };
    posts.push((await api.call('POST', '/api/blogs/add', body)).data);
  }
  await api.call('POST', `/api/blogs/edit/${posts[0]._id}`, {
    title: 'Snapshot post 1, edited',
    content: posts[0].content,
    blogCategory: cats[1]._id,
  });
  await api.call('DELETE', `/api/blogs/${posts[11]._id}`);
  await api.call('DELETE', `/api/blog-category/${cats[2]._id}`).catch(() => {});
  for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) {
    await api.call('POST', '/api/admin/subscribers', { email, confirmed: true, source: 'Signed up at a trade fair' });
  }
  api.logout();
  await api
    .call('POST', '/api/send-mail', {
      name: 'Snap Shot',
      email: 'visitor@example.com',
      message: 'Hello from the snapshot script',
    })
    .catch((e) => console.warn(`contact message not recorded: ${e.message}`));
}

/** Random secrets made per answer (unsubscribe tokens of a newsletter preview, preview links). */
const unguessable = (text) =>
  text.replace(/(token=|\/preview\/)[A-Za-z0-9_-]{20,}/g, (_, before) => `${before}<random>`);

function normaliser() {
  const seen = new Map();
  const name = (kind, value) => {
    const key = `${kind}:${value}`;
    if (!seen.has(key)) seen.set(key, `<${kind}${seen.size + 1}>`);
    return seen.get(key);
  };
  return (text) =>
    text
      .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, (v) => name('time', v))
      .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g, (v) => name('id', v))
      .replace(/"token":"[^"]+"/g, '"token":"<token>"')
      .replace(/(token=|\/preview\/)[A-Za-z0-9_-]{20,}/g, (_, before) => `${before}<random>`);
}

async function record(api) {
  const out = [];
  const get = async (p, auth = true) => {
    if (auth) await api.login();
    else api.logout();
    const r = await api.call('GET', p, undefined, { raw: true });
    out.push({ request: `GET ${p}${auth ? '' : ' (anonymous)'}`, ...r, text: unguessable(r.text) });
    return r.text && r.type?.includes('json') ? JSON.parse(r.text) : null;
  };
  await api.login();
  const admin = await api.call('GET', '/api/admin/posts?limit=100');
  const ids = admin.data.map((p) => p._id).sort();
  const cats = (await api.call('GET', '/api/blog-category/get-blog-categories')).data;
  const pub = (await api.call('GET', '/api/blogs/get-all-blogs?limit=100')).data;

  for (const auth of [false, true]) {
    await get('/api/get-content', auth);
    await get('/api/policies', auth);
    await get('/api/blog-category/get-blog-categories', auth);
    await get('/api/blogs/get-all-blogs', auth);
    await get('/api/blogs/get-all-blogs?page=2&limit=5', auth);
    await get('/api/blogs/get-recent', auth);
    for (const c of cats) {
      await get(`/api/blogs/get-all-blogs/${c._id}`, auth);
      await get(`/api/blogs/fetch/by/${encodeURIComponent(c.slug)}`, auth);
    }
    for (const p of pub) {
      const [category, title] = p.url.split('/').filter(Boolean).slice(-2);
      await get(`/api/blogs/get/by/${category}/${title}`, auth);
    }
  }
  await get('/api/auth/me');
  await get('/api/admin/posts');
  await get('/api/admin/posts?limit=5');
  await get('/api/admin/posts?status=draft');
  await get('/api/admin/trash');
  await get('/api/admin/messages');
  await get('/api/admin/mail');
  await get('/api/admin/media');
  await get('/api/admin/subscribers');
  await get('/api/admin/subscribers/export.csv');
  await get('/api/admin/newsletter/audience');
  await get('/api/admin/settings');
  await get('/api/admin/setup-notices');
  for (const id of ids) {
    await get(`/api/admin/posts/${id}`);
    await get(`/api/blogs/get-by-id/${id}`);
    await get(`/api/blogs/${id}/newsletter`);
    await get(`/api/blogs/${id}/newsletter/preview`);
    const history = await get(`/api/admin/revisions/post/${id}`);
    for (const rev of history?.data ?? []) await get(`/api/admin/revisions/${rev._id ?? rev.id}`);
  }
  await get('/api/admin/revisions/section/banner');
  await get('/api/admin/autosaves/post-new');
  // Failures: unknown ids, bad queries, no session.
  await get('/api/admin/posts/nope');
  await get('/api/blogs/get-all-blogs?page=0');
  await get('/api/blogs/get/by/none/none');
  await get('/api/admin/posts', false);

  // Writes, in a fixed order: new ids and times are replaced by placeholders.
  const normalise = normaliser();
  const write = async (method, p, body) => {
    await api.login();
    const r = await api.call(method, p, body, { raw: true });
    out.push({ request: `${method} ${p.replace(/[0-9a-f-]{36}/g, '<id>')}`, ...r, text: normalise(r.text) });
    return r.text && r.type?.includes('json') ? JSON.parse(r.text) : null;
  };
  const created = await write('POST', '/api/blogs/add', { title: 'Written by the snapshot', content: '<p>x</p>' });
  await write('POST', '/api/blogs/add', { title: '' });
  await write('POST', '/api/blogs/add', { title: 'x', status: 'scheduled' });
  if (created?.data?._id) {
    const id = created.data._id;
    await write('POST', `/api/blogs/edit/${id}`, { title: 'Rewritten', content: '<p>y</p>' });
    await write('POST', `/api/blogs/${id}/preview-link`);
    await write('DELETE', `/api/blogs/${id}/preview-link`);
    await write('DELETE', `/api/blogs/${id}`);
    await write('POST', `/api/admin/trash/${id}/restore`);
  }
  await write('POST', '/api/blog-category/add/update', { name: 'Snapshot Category' });
  await write('POST', '/api/blog-category/add/update', { name: '' });
  await write('POST', '/api/admin/subscribers', { email: 'new@example.com' });
  await write('POST', '/api/admin/messages/nope/read');
  await write('POST', '/api/admin/settings', {});
  return out;
}

if (!fs.existsSync(siteDir)) {
  // Built aside and moved in place only once complete, so a failed first run leaves no half site behind.
  const building = `${siteDir}.building`;
  fs.rmSync(building, { recursive: true, force: true });
  fs.mkdirSync(building, { recursive: true });
  const server = await start(building);
  try {
    await populate(client(server.url));
  } finally {
    await server.stop();
  }
  fs.renameSync(building, siteDir);
}
const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'api-snapshot-'));
fs.cpSync(siteDir, copy, { recursive: true });
const server = await start(copy);
try {
  const answers = await record(client(server.url));
  fs.writeFileSync(outFile, answers.map((a) => JSON.stringify(a)).join('\n') + '\n');
  console.log(`${answers.length} answers recorded in ${outFile}`);
} finally {
  await server.stop();
  fs.rmSync(copy, { recursive: true, force: true });
}
