import { useLocation } from 'react-router';
import type { BlockOf } from '#shared/page-blocks.ts';
import type { ContactPostResult } from '#app/features/landing/contact-post.ts';
import { ContactForm } from '#app/features/landing/ContactForm.tsx';
import { BLOCK_FORM, blockFormAction } from '#app/features/page-blocks/block-form.ts';

/**
 * The landing's contact form (same component, same API call, same inbox) under the block's own words.
 * Without JavaScript it posts to this page (../block-action.server.ts).
 */
export function ContactBlock({
  block,
  anchor,
  posted,
}: {
  block: BlockOf<'contact'>;
  anchor: string;
  posted: ContactPostResult | undefined;
}) {
  const { pathname } = useLocation();
  return (
    <ContactForm
      id={anchor}
      heading={block.heading || 'Contact Us'}
      lead={block.text}
      action={blockFormAction(pathname, BLOCK_FORM.contact, block.id)}
      posted={posted}
    />
  );
}
