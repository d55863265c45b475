import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { POST_RICH_FIELDS } from '#shared/post-fields.ts';
import { sectionOf } from '#shared/sections.ts';
import { richFieldsOf } from '#app/features/admin-content/labels.ts';
import { FieldValue } from '#app/features/history/FieldValue.tsx';

/**
 * The History dialog shows a plain-text field as the characters typed and renders only the fields the
 * registries declare rich: a title that looks like HTML ran its handlers when the CSP was off.
 */
const PAYLOAD = '<img src=x onerror="alert(1)"><b>bold</b>';
const html = (name: string, value: unknown, rich: ReadonlySet<string>) =>
  renderToStaticMarkup(createElement(FieldValue, { name, value, richFields: rich }));

describe('history field values', () => {
  it('shows a post title holding markup as text, and its content as rich text', () => {
    const title = html('title', PAYLOAD, POST_RICH_FIELDS);
    expect(title).not.toContain('<img');
    expect(title).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&lt;b&gt;bold&lt;/b&gt;');
    expect(html('content', '<p>Hi <b>there</b></p>', POST_RICH_FIELDS)).toContain('<p>Hi <b>there</b></p>');
  });

  it("tells a section's rich fields from its items' text fields of the same name", () => {
    const product = sectionOf('product');
    const rich = richFieldsOf(product);
    expect(html('description', '<p>Rich</p>', rich)).toContain('<p>Rich</p>');
    const items = html('items', [{ title: PAYLOAD, description: PAYLOAD }], rich);
    expect(items).not.toContain('<img');
    expect(items).not.toContain('<b>');
  });
});
