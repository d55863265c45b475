import type { BlockOf } from '#shared/page-blocks.ts';
import { HeadingInput, TextInput } from './fields';

/** The contact form's and the subscribe box's own words; the form itself is the landing's or the blog's. */
export function FormBlockFields<B extends BlockOf<'contact'> | BlockOf<'subscribe'>>({
  block,
  onChange,
}: {
  block: B;
  onChange: (block: B) => void;
}) {
  return (
    <>
      <HeadingInput block={block} onChange={onChange} />
      <TextInput
        path="text"
        label="Text"
        multiline
        value={block.text}
        onChange={(text) => onChange({ ...block, text })}
      />
    </>
  );
}
