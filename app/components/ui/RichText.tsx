import { presentAccessibly } from '#app/components/rich-text/accessible-content.ts';

/**
 * Shows stored rich text. It is sanitised on the server before it is saved, so it is rendered as it is,
 * made accessible on the way (frame titles, click-to-play videos, table headers: decision 0029).
 */
export function RichText({
  html,
  className,
  as: Tag = 'div',
}: {
  html: string;
  className?: string;
  as?: 'div' | 'span';
}) {
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: presentAccessibly(html) }} />;
}
