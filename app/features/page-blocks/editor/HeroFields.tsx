import type { BlockFieldsProps } from './block-fields-props';
import { ImageInput, TextInput } from './fields';
import { ItemList } from './ItemList';

export function HeroFields({ block, onChange }: BlockFieldsProps<'hero'>) {
  const set = (fields: Partial<typeof block>) => onChange({ ...block, ...fields });
  return (
    <>
      <TextInput path="heading" label="Heading" value={block.heading} onChange={(heading) => set({ heading })} />
      <TextInput path="text" label="Text" multiline value={block.text} onChange={(text) => set({ text })} />
      <ImageInput path="image" label="Image" value={block.image} onChange={(image) => set({ image })} />
      {block.image ? (
        <TextInput
          path="imageAlt"
          label="Image description (alt text)"
          value={block.imageAlt}
          onChange={(imageAlt) => set({ imageAlt })}
        />
      ) : null}
      <ItemList
        path="buttons"
        items={block.buttons}
        max={2}
        noun="Button"
        empty={() => ({ label: '', href: '' })}
        onChange={(buttons) => set({ buttons })}
      >
        {(button, index, change) => (
          <>
            <TextInput
              path={`buttons.${index}.label`}
              label="Button text"
              value={button.label}
              onChange={(label) => change({ ...button, label })}
            />
            <TextInput
              path={`buttons.${index}.href`}
              label="Link"
              value={button.href}
              help="A page of this site (/careers) or an address (https://…)"
              onChange={(href) => change({ ...button, href })}
            />
          </>
        )}
      </ItemList>
    </>
  );
}
