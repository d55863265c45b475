import { Form } from 'react-bootstrap';
import type { BlockFieldsProps } from './block-fields-props';
import { SelectInput, HeadingInput, useField } from './fields';
import { usePostSources, type SourceKind } from './use-post-sources';

const KINDS: ReadonlyArray<{ value: SourceKind; label: string }> = [
  { value: 'category', label: 'Category' },
  { value: 'tag', label: 'Tag' },
  { value: 'author', label: 'Author' },
];

/** The newest published posts of one category, tag or author, picked from the site's own lists. */
export function PostsFields({ block, onChange }: BlockFieldsProps<'posts'>) {
  const sources = usePostSources();
  const options = sources[block.source.kind];
  const source = useField('source.id');
  const limit = useField('limit');
  const kinds = KINDS.filter((kind) => sources[kind.value] || kind.value === block.source.kind);
  // A source deleted since keeps its id until another is chosen; the page shows nothing for it meanwhile.
  const missing = options && block.source.id && !options.some((option) => option.value === block.source.id);
  return (
    <>
      <HeadingInput block={block} onChange={onChange} />
      <SelectInput
        path="source.kind"
        label="Show the posts of a"
        value={block.source.kind}
        options={kinds}
        onChange={(kind) => onChange({ ...block, source: { kind, id: '' } })}
      />
      <Form.Group className="mb-3" controlId={source.id}>
        <Form.Label>{KINDS.find((kind) => kind.value === block.source.kind)!.label}</Form.Label>
        <Form.Select
          value={block.source.id}
          isInvalid={Boolean(source.error)}
          disabled={!options}
          onChange={(e) => onChange({ ...block, source: { ...block.source, id: e.target.value } })}
        >
          <option value="">{options ? 'Choose…' : 'Loading…'}</option>
          {missing ? <option value={block.source.id}>(deleted)</option> : null}
          {options?.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Form.Select>
        <Form.Control.Feedback type="invalid">{source.error}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-3" controlId={limit.id} style={{ maxWidth: 200 }}>
        <Form.Label>How many posts</Form.Label>
        <Form.Control
          type="number"
          min={1}
          max={12}
          value={block.limit}
          isInvalid={Boolean(limit.error)}
          onChange={(e) => onChange({ ...block, limit: Number(e.target.value) })}
        />
        <Form.Control.Feedback type="invalid">{limit.error}</Form.Control.Feedback>
      </Form.Group>
    </>
  );
}
