import type { BlockFieldsProps } from './block-fields-props';
import { HeadingInput, TextInput } from './fields';
import { ItemList } from './ItemList';

export function FeaturesFields({ block, onChange }: BlockFieldsProps<'features'>) {
  return (
    <>
      <HeadingInput block={block} onChange={onChange} />
      <ItemList
        path="items"
        items={block.items}
        max={12}
        noun="Feature"
        empty={() => ({ title: '', text: '', icon: '' })}
        onChange={(items) => onChange({ ...block, items })}
      >
        {(item, index, change) => (
          <>
            <TextInput
              path={`items.${index}.icon`}
              label="Icon"
              value={item.icon}
              help="An emoji or a short mark, shown above the title"
              onChange={(icon) => change({ ...item, icon })}
            />
            <TextInput
              path={`items.${index}.title`}
              label="Title"
              value={item.title}
              onChange={(title) => change({ ...item, title })}
            />
            <TextInput
              path={`items.${index}.text`}
              label="Text"
              multiline
              value={item.text}
              onChange={(text) => change({ ...item, text })}
            />
          </>
        )}
      </ItemList>
    </>
  );
}
