/**
 * Shows stored rich text. It is sanitised on the server before it is saved, so it is rendered as is.
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
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
