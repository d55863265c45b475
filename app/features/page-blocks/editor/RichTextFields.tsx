import type { BlockFieldsProps } from './block-fields-props';
import { RichInput } from './fields';

export function RichTextFields({ block, onChange }: BlockFieldsProps<'richText'>) {
  return <RichInput path="html" label="Text" value={block.html} onChange={(html) => onChange({ ...block, html })} />;
}
