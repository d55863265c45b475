import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BlocksEditor } from '#app/features/page-blocks/BlocksEditor.tsx';
import { ADMIN_LAYOUT_ID } from '#app/features/admin/account.ts';
import { BLOCK_TYPES, moved, newBlock, newBlockId } from '#app/features/page-blocks/editor/new-block.ts';
import { pageBlockSchema, type PageBlock } from '#shared/page-blocks.ts';
import { EVERY_BLOCK } from './fixtures/page-blocks';

/**
 * The editor's markup as the server renders it inside the admin layout's route (whose loader data holds
 * the signed-in editor's account, app/features/admin/account.ts). What it does on clicks, drags and keys
 * is for a browser test of the pages editor screen.
 */
async function render(value: PageBlock[], errors: Record<string, string> = {}, disabled = false) {
  const routes = [
    {
      id: ADMIN_LAYOUT_ID,
      path: '/',
      loader: () => ({ account: { role: 'editor', mayNewsletter: false } }),
      Component: () => createElement(BlocksEditor, { value, onChange: () => undefined, errors, disabled }),
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request('http://site/'));
  if (context instanceof Response) throw new Error('unexpected response');
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(createElement(StaticRouterProvider, { router, context, hydrate: false }));
}

describe('BlocksEditor (server-rendered)', () => {
  it('shows each block in order with its name, arrows (none past the ends) and Remove', async () => {
    const html = await render(EVERY_BLOCK);
    const names = [...html.matchAll(/<h2 id="block-[^"]+-name"[^>]*>([^<]+)<\/h2>/g)].map((m) => m[1]);
    expect(names).toEqual([
      'Hero',
      'Rich text',
      'Image with caption',
      'Text beside image',
      'Call to action',
      'Feature grid',
      'FAQ',
      'List of posts',
      'Contact form',
      'Subscribe box',
      'Team, services or portfolio',
      'Team, services or portfolio',
      'Team, services or portfolio',
    ]);
    const button = (id: string) => new RegExp(`<button[^>]*id="${id}"[^>]*>`).exec(html)?.[0] ?? '';
    expect(button('block-hero1-up')).toContain('disabled=""');
    expect(button('block-hero1-down')).not.toContain('disabled=""');
    expect(button('block-l3-down')).toContain('disabled=""');
    expect(html).toContain('aria-label="Move Hero (block 1) down"');
    expect(html).toContain('aria-label="Remove FAQ (block 7)"');
    expect(html).toContain('data-testid="add-block"');
    // Only the handles drag, so text in the fields can still be selected.
    expect(html.match(/draggable="true"/g)).toHaveLength(EVERY_BLOCK.length);
    expect(html).toMatch(
      /<span class="page-block-handle[^"]*" aria-hidden="true" title="Drag to move"[^>]*draggable="true"/,
    );
  });

  it("shows each type's fields with their values", async () => {
    const html = await render(EVERY_BLOCK);
    expect(html).toMatch(/id="block-hero1-heading"[^>]*value="We build software that ships"/);
    expect(html).toMatch(/id="block-hero1-buttons-1-href"[^>]*value="https:\/\/example.com\/contact"/);
    expect(html).toMatch(/id="block-img1-alt"[^>]*value="Our office in the old harbour"/);
    expect(html).toMatch(/id="block-cta1-button-href"[^>]*value="\/\?section=contact_us"/);
    expect(html).toMatch(/id="block-f1-items-3-title"[^>]*value="Support"/);
    expect(html).toContain('How long does a project take?');
    expect(html).toMatch(/id="block-p1-limit"[^>]*value="3"/);
    expect(html).toMatch(/id="block-l2-section"/);
    // The hero has two buttons, its limit: no third can be added; an FAQ can have more.
    expect(html.match(/>Add button</g)).toBeNull();
    expect(html).toContain('>Add question<');
  });

  it('shows each error under its field, and marks the block that has one', async () => {
    const html = await render(EVERY_BLOCK, {
      'faq1.items.0.question': 'Enter the question',
      'hero1.buttons.0.href': 'Enter a path starting with / or an http(s) address',
      'c1.type': 'A page shows this block only once',
    });
    expect(html).toMatch(/id="block-faq1-items-0-question"[^>]*class="form-control is-invalid"/);
    expect(html).toContain('<div class="invalid-feedback">Enter the question</div>');
    expect(html).toContain('Enter a path starting with / or an http(s) address');
    expect(html).toContain('A page shows this block only once');
    expect(html).toMatch(/class="card mb-3 border-danger"[^>]*data-testid="block-faq1"/);
    expect(html).not.toMatch(/class="card mb-3 border-danger"[^>]*data-testid="block-rt1"/);
  });

  it('locks everything while disabled, and says so when there is no block yet', async () => {
    const locked = await render(EVERY_BLOCK, {}, true);
    expect(locked).toMatch(/<fieldset disabled="" class="page-blocks-editor"/);
    expect(locked).not.toContain('draggable="true"');
    expect(await render([])).toContain('No blocks yet');
  });
});

describe('new blocks', () => {
  it('of every type have the fields the schema keeps, and a fresh short id', () => {
    for (const { type } of BLOCK_TYPES) {
      const block = newBlock(type);
      expect(block.id).toMatch(/^[a-z0-9]{8}$/);
      const parsed = pageBlockSchema.safeParse(block);
      // What the schema fills in is what the editor starts with (an empty block only lacks its required fields).
      const filled = parsed.success ? parsed.data : null;
      if (filled) expect(filled).toEqual(block);
    }
    expect(new Set(Array.from({ length: 200 }, newBlockId)).size).toBe(200);
  });

  it('move by position, the others keeping their order', () => {
    expect(moved(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b'], 1, 2)).toEqual(['a', 'b']);
  });
});
