import type { ContactPostResult } from '#app/features/landing/contact-post.ts';
import type { SubscribePostResult } from '#app/features/blog/subscribe-post.ts';

/** The forms a page's blocks post without JavaScript (./block-action.server.ts). */
export const BLOCK_FORM = { contact: 'contact', subscribe: 'subscribe' } as const;
type BlockForm = (typeof BLOCK_FORM)[keyof typeof BLOCK_FORM];

/** The element id of a block on its page: the address its form's answer scrolls back to. */
export const blockAnchor = (blockId: string) => `block-${blockId}`;

/**
 * Where a block's form posts when the page's scripts have not run: the page itself, naming the form and
 * the block, back at the block.
 */
export const blockFormAction = (pathname: string, form: BlockForm, blockId: string) =>
  `${pathname}?form=${form}&block=${encodeURIComponent(blockId)}#${blockAnchor(blockId)}`;

const BLOCK_ID = /^[A-Za-z0-9_-]{1,40}$/;

/** The form and block a post names, or null when it names none of ours. */
export function blockFormOf(url: string): { form: BlockForm; blockId: string } | null {
  const query = new URL(url, 'http://x').searchParams;
  const form = query.get('form');
  const blockId = query.get('block') ?? '';
  if ((form !== BLOCK_FORM.contact && form !== BLOCK_FORM.subscribe) || !BLOCK_ID.test(blockId)) return null;
  return { form, blockId };
}

/** The subscribe action's answer: thanks, or the box again with the address and why. */
export type SubscribeAnswer = { step: 'done' } | { step: 'form'; posted: SubscribePostResult };

/** What the page's action answers a block's form: the block it was, and the form's own answer. */
export type BlockPosted = { blockId: string } & (
  { form: 'contact'; contact: ContactPostResult } | { form: 'subscribe'; subscribe: SubscribeAnswer }
);
