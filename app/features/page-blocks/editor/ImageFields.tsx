import type { BlockFieldsProps } from './block-fields-props';
import { ImageInput, TextInput } from './fields';

export function ImageFields({ block, onChange }: BlockFieldsProps<'image'>) {
  const set = (fields: Partial<typeof block>) => onChange({ ...block, ...fields });
  return (
    <>
      <ImageInput path="image" label="Image" value={block.image} onChange={(image) => set({ image })} />
      <TextInput path="alt" label="Image description (alt text)" value={block.alt} onChange={(alt) => set({ alt })} />
      <TextInput path="caption" label="Caption" value={block.caption} onChange={(caption) => set({ caption })} />
    </>
  );
}
