import type { BlockFieldsProps } from './block-fields-props';
import { TextInput } from './fields';

export function CtaFields({ block, onChange }: BlockFieldsProps<'cta'>) {
  const set = (fields: Partial<typeof block>) => onChange({ ...block, ...fields });
  return (
    <>
      <TextInput path="heading" label="Heading" value={block.heading} onChange={(heading) => set({ heading })} />
      <TextInput path="text" label="Text" multiline value={block.text} onChange={(text) => set({ text })} />
      <TextInput
        path="button.label"
        label="Button text"
        value={block.button.label}
        onChange={(label) => set({ button: { ...block.button, label } })}
      />
      <TextInput
        path="button.href"
        label="Link"
        value={block.button.href}
        help="A page of this site (/careers) or an address (https://…)"
        onChange={(href) => set({ button: { ...block.button, href } })}
      />
    </>
  );
}
