import { useId, useState } from 'react';
import { Form } from 'react-bootstrap';
import { TAG_MESSAGES } from '#shared/messages.ts';
import { MAX_TAGS_PER_POST, tagKey } from '#shared/tags.ts';

const SUGGESTIONS_SHOWN = 8;

/**
 * A post's tags (docs/product.md#tags): chosen ones as removable chips, and an input that suggests the
 * existing tags matching what is typed (ignoring case). Enter or a comma adds the highlighted suggestion
 * or the text as typed (a new tag is made when the post is saved); arrows move through the suggestions,
 * Escape closes them, Backspace in the empty input removes the last tag. An ARIA combobox.
 */
export function TagInput({
  value,
  known,
  onChange,
}: {
  value: readonly string[];
  /** Every existing tag's name. */
  known: readonly string[];
  onChange: (tags: string[]) => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const chosen = new Set(value.map(tagKey));
  const typed = tagKey(text);
  const suggestions = typed
    ? known.filter((name) => !chosen.has(tagKey(name)) && tagKey(name).includes(typed)).slice(0, SUGGESTIONS_SHOWN)
    : [];
  const listId = `${id}-suggestions`;
  const shown = open && suggestions.length > 0;

  const add = (raw: string) => {
    const name = raw.replace(/,/g, ' ').trim();
    setText('');
    setActive(-1);
    if (!name || chosen.has(tagKey(name)) || value.length >= MAX_TAGS_PER_POST) return;
    // An existing tag keeps its own spelling: "pricing" picks "Pricing".
    onChange([...value, known.find((k) => tagKey(k) === tagKey(name)) ?? name]);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      if (!text.trim() && event.key === 'Enter') return;
      event.preventDefault();
      add(shown && active >= 0 ? suggestions[active]! : text);
    } else if (event.key === 'ArrowDown' && suggestions.length) {
      event.preventDefault();
      setOpen(true);
      setActive((a) => (a + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp' && suggestions.length) {
      event.preventDefault();
      setOpen(true);
      setActive((a) => (a <= 0 ? suggestions.length - 1 : a - 1));
    } else if (event.key === 'Escape' && shown) {
      event.preventDefault();
      setOpen(false);
    } else if (event.key === 'Backspace' && text === '' && value.length) {
      onChange(value.slice(0, -1));
    }
  };

  return (
    <Form.Group className="mb-3 tag-input" controlId="blog-tags">
      <Form.Label>{TAG_MESSAGES.tagsLabel}</Form.Label>
      {value.length ? (
        <ul className="list-unstyled d-flex flex-wrap gap-2 mb-2" aria-label={TAG_MESSAGES.tagsLabel}>
          {value.map((name) => (
            <li key={tagKey(name)} className="tag-chip">
              <span>{name}</span>
              <button
                type="button"
                className="btn-close btn-close-sm ms-1"
                aria-label={TAG_MESSAGES.removeTag(name)}
                onClick={() => onChange(value.filter((v) => v !== name))}
              />
            </li>
          ))}
        </ul>
      ) : null}
      <div className="position-relative">
        <Form.Control
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={shown}
          aria-controls={listId}
          aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
          aria-describedby={`${id}-help`}
          value={text}
          maxLength={100}
          onChange={(e) => {
            const next = e.target.value;
            // A pasted "a, b, c" becomes three tags; the text after the last comma stays typed.
            if (next.includes(',')) {
              const parts = next.split(',');
              for (const part of parts.slice(0, -1)) add(part);
              setText(parts.at(-1) ?? '');
            } else setText(next);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setOpen(false);
            if (text.trim()) add(text);
          }}
        />
        <ul id={listId} role="listbox" className={`tag-suggestions list-group shadow-sm ${shown ? '' : 'd-none'}`}>
          {suggestions.map((name, index) => (
            <li
              key={name}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={`list-group-item list-group-item-action ${index === active ? 'active' : ''}`}
              // Before the input's blur, which would add the typed text instead.
              onMouseDown={(e) => {
                e.preventDefault();
                add(name);
              }}
            >
              {name}
            </li>
          ))}
        </ul>
      </div>
      <Form.Text id={`${id}-help`}>{TAG_MESSAGES.tagsHelp}</Form.Text>
    </Form.Group>
  );
}
