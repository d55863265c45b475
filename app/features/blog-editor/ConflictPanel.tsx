import { EDIT_CONFLICT_MESSAGES, TAG_MESSAGES } from '#shared/messages.ts';
import { POST_FIELDS } from '#shared/post-fields.ts';
import type { BlogCategory } from '#shared/schemas/blog.ts';
import { ConflictView, differingRows, textOfRich } from '#app/features/edit-conflicts/ConflictView.tsx';
import type { PostFormValues } from './post-form';

/** What a conflict compares: the post's fields (shared/post-fields.ts), its tags and its status. */
const COMPARED: Array<{ name: keyof PostFormValues; label: string }> = [
  ...POST_FIELDS.map((field) => ({ name: field.name, label: field.label })),
  { name: 'tags', label: TAG_MESSAGES.tagsLabel },
  { name: 'status', label: 'Status' },
];

/** A field's value as text to compare by eye: rich text without its tags, a category by name, tags joined. */
function shown(name: keyof PostFormValues, value: unknown, categories: BlogCategory[]) {
  if (name === 'blogCategory') return categories.find((c) => c._id === value)?.name ?? '';
  if (Array.isArray(value)) return value.join(', ');
  if (name === 'content') return textOfRich(String(value));
  return String(value);
}

/** A post's conflict (docs/product.md#edit-conflicts): its fields, compared by ConflictView. */
export function ConflictPanel({
  theirs,
  mine,
  categories,
  busy,
  onUseTheirs,
  onTakeTheirs,
  onKeepMine,
}: {
  theirs: PostFormValues;
  mine: PostFormValues;
  categories: BlogCategory[];
  busy: boolean;
  onUseTheirs: (name: keyof PostFormValues) => void;
  onTakeTheirs: () => void;
  onKeepMine: () => void;
}) {
  return (
    <ConflictView
      heading={EDIT_CONFLICT_MESSAGES.heading}
      intro={EDIT_CONFLICT_MESSAGES.intro}
      rows={differingRows(COMPARED, theirs, mine, (name, value) => shown(name, value, categories))}
      busy={busy}
      onUseTheirs={(name) => onUseTheirs(name as keyof PostFormValues)}
      onTakeTheirs={onTakeTheirs}
      onKeepMine={onKeepMine}
    />
  );
}
