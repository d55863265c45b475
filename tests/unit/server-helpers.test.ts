import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generatePassword, hashPassword, verifyPassword } from '#server/modules/auth/password.ts';
import { escapeHtml } from '#server/lib/escape-html.ts';
import { retryDelayMs } from '#server/modules/mail/worker.ts';
import { inlineScriptHashes } from '#server/pages/script-hashes.ts';

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsE', hash)).toBe(false);
    expect(await verifyPassword('correct horse', 'garbage')).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('generates long random passwords', () => {
    expect(generatePassword()).toMatch(/^[\w-]{16}$/);
    expect(generatePassword()).not.toBe(generatePassword());
  });
});

describe('mail helpers', () => {
  it('backs off exponentially up to 30 minutes', () => {
    expect([1, 2, 3].map(retryDelayMs)).toEqual([10_000, 20_000, 40_000]);
    expect(retryDelayMs(20)).toBe(30 * 60_000);
  });

  it('escapes HTML', () => {
    expect(escapeHtml(`<a href="x">&'`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&#39;');
  });
});

describe('inlineScriptHashes (the page policy of docs/decisions/0003)', () => {
  const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64');
  const nonce = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';

  it('hashes the text of every inline script that carries the render nonce, once', () => {
    const html =
      `<head><script type="module" src="/assets/entry.js" nonce="${nonce}"></script><script nonce="${nonce}">window.a = 1</script></head>` +
      `<body><SCRIPT nonce="${nonce}">window.a = 1</SCRIPT><script type="module" async="" nonce="${nonce}">\nimport("/assets/x.js");\n</script></body>`;
    expect(inlineScriptHashes(html, nonce).sort()).toEqual(
      [sha('window.a = 1'), sha('\nimport("/assets/x.js");\n')].sort(),
    );
  });

  it('gives no hash to a script without the nonce, or with another one: an injected script stays blocked', () => {
    const html =
      `<div class="rich-text"><p>Hi</p><script>alert(1)</script><script nonce="guess">alert(2)</script></div>` +
      `<script type="application/ld+json">{"@type":"BlogPosting"}</script><script nonce="${nonce}">ok()</script>`;
    expect(inlineScriptHashes(html, nonce)).toEqual([sha('ok()')]);
  });

  it("reads only the nonce attribute of a script tag, and a script's text up to its own end tag", () => {
    const html =
      `<link rel="preload" nonce="${nonce}" href="/a.css"><script src="/x.js" nonce="${nonce}"></script>` +
      `<script id="a" nonce="${nonce}" async>one("nonce=\\"${nonce}\\"")</SCRIPT><p>nonce="${nonce}"</p>` +
      `<script\nnonce="${nonce}">two()</script>`;
    expect(inlineScriptHashes(html, nonce)).toEqual([sha(`one("nonce=\\"${nonce}\\"")`), sha('two()')]);
  });

  it('gives no hash for the nonce written outside an opening tag, in text or in a script', () => {
    const html =
      `<script>x//nonce="${nonce}">y</script><script>nonce="${nonce}"</script>injected()</script>` +
      `<p>xnonce="${nonce}"></p>`;
    expect(inlineScriptHashes(html, nonce)).toEqual([]);
  });

  it('finds nothing in a page without inline scripts', () => {
    expect(inlineScriptHashes('<p>no scripts</p><script src="/a.js"></script>', nonce)).toEqual([]);
  });
});
