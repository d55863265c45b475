import type { BlockOf, PageBlock, PageBlockType } from '#shared/page-blocks.ts';

/** The block types in the order the editor's Add menu offers them, with their names there. */
export const BLOCK_TYPES: ReadonlyArray<{ type: PageBlockType; label: string }> = [
  { type: 'hero', label: 'Hero' },
  { type: 'richText', label: 'Rich text' },
  { type: 'image', label: 'Image with caption' },
  { type: 'textImage', label: 'Text beside image' },
  { type: 'cta', label: 'Call to action' },
  { type: 'features', label: 'Feature grid' },
  { type: 'faq', label: 'FAQ' },
  { type: 'posts', label: 'List of posts' },
  { type: 'contact', label: 'Contact form' },
  { type: 'subscribe', label: 'Subscribe box' },
  { type: 'landing', label: 'Team, services or portfolio' },
];

export const blockLabel = (type: PageBlockType) => BLOCK_TYPES.find((entry) => entry.type === type)?.label ?? type;

const ID_CHARACTERS = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A new block's id: eight random characters, far from colliding among a page's 40 blocks at most. */
export function newBlockId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (byte) => ID_CHARACTERS[byte % ID_CHARACTERS.length]).join('');
}

/** An empty block of a type: what the schema's defaults give, its required fields still to be filled. */
export function newBlock(type: PageBlockType, id = newBlockId()): PageBlock {
  const blocks: { [T in PageBlockType]: () => BlockOf<T> } = {
    hero: () => ({ type: 'hero', id, heading: '', text: '', image: '', imageAlt: '', buttons: [] }),
    richText: () => ({ type: 'richText', id, html: '' }),
    image: () => ({ type: 'image', id, image: '', alt: '', caption: '' }),
    textImage: () => ({ type: 'textImage', id, heading: '', html: '', image: '', imageAlt: '', imageSide: 'right' }),
    cta: () => ({ type: 'cta', id, heading: '', text: '', button: { label: '', href: '' } }),
    features: () => ({ type: 'features', id, heading: '', items: [{ title: '', text: '', icon: '' }] }),
    faq: () => ({ type: 'faq', id, heading: '', items: [{ question: '', answer: '' }] }),
    posts: () => ({ type: 'posts', id, heading: '', source: { kind: 'category', id: '' }, limit: 3 }),
    contact: () => ({ type: 'contact', id, heading: 'Contact Us', text: '' }),
    subscribe: () => ({ type: 'subscribe', id, heading: 'STAY IN THE KNOW', text: '' }),
    landing: () => ({ type: 'landing', id, section: 'team' }),
  };
  return blocks[type]();
}

/** Moves the entry at `from` to `to`, the others keeping their order (as app/routes/admin/landing-layout.tsx). */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}
