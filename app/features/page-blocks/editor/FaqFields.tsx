import type { BlockFieldsProps } from './block-fields-props';
import { HeadingInput, TextInput } from './fields';
import { ItemList } from './ItemList';

export function FaqFields({ block, onChange }: BlockFieldsProps<'faq'>) {
  return (
    <>
      <HeadingInput block={block} onChange={onChange} />
      <ItemList
        path="items"
        items={block.items}
        max={30}
        noun="Question"
        empty={() => ({ question: '', answer: '' })}
        onChange={(items) => onChange({ ...block, items })}
      >
        {(item, index, change) => (
          <>
            <TextInput
              path={`items.${index}.question`}
              label="Question"
              value={item.question}
              onChange={(question) => change({ ...item, question })}
            />
            <TextInput
              path={`items.${index}.answer`}
              label="Answer"
              multiline
              value={item.answer}
              onChange={(answer) => change({ ...item, answer })}
            />
          </>
        )}
      </ItemList>
    </>
  );
}
