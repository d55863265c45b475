import type { BlockFieldsProps } from './block-fields-props';
import { ImageInput, RichInput, SelectInput, TextInput } from './fields';

const SIDES = [
  { value: 'right', label: 'Right of the text' },
  { value: 'left', label: 'Left of the text' },
] as const;

export function TextImageFields({ block, onChange }: BlockFieldsProps<'textImage'>) {
  const set = (fields: Partial<typeof block>) => onChange({ ...block, ...fields });
  return (
    <>
      <TextInput path="heading" label="Heading" value={block.heading} onChange={(heading) => set({ heading })} />
      <RichInput path="html" label="Text" value={block.html} onChange={(html) => set({ html })} />
      <ImageInput path="image" label="Image" value={block.image} onChange={(image) => set({ image })} />
      {block.image ? (
        <>
          <TextInput
            path="imageAlt"
            label="Image description (alt text)"
            value={block.imageAlt}
            onChange={(imageAlt) => set({ imageAlt })}
          />
          <SelectInput
            path="imageSide"
            label="Image"
            value={block.imageSide}
            options={SIDES}
            onChange={(imageSide) => set({ imageSide })}
          />
        </>
      ) : null}
    </>
  );
}
