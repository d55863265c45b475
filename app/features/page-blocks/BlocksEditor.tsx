import { useEffect, useRef, useState } from 'react';
import { Button } from 'react-bootstrap';
import type { PageBlock, PageBlockType } from '#shared/page-blocks.ts';
import { MAX_BLOCKS } from '#shared/page-blocks.ts';
import { AddBlockMenu } from './editor/AddBlockMenu';
import { BlockCard } from './editor/BlockCard';
import { BlockFields } from './editor/BlockFields';
import { BlockFieldsContext, FieldError } from './editor/fields';
import { blockLabel, moved, newBlock } from './editor/new-block';

/**
 * The page editor's blocks (docs/product.md#page-blocks): add one from a menu of types, edit its fields,
 * move it by dragging its handle or with its arrow buttons, remove it (with Undo until the next removal).
 * `errors` maps `"<blockId>.<field path>"` (e.g. `b1.items.0.question`) to the field's first message, as
 * the pages API answers them; `disabled` locks every control (a save under way, a read-only person).
 */
export function BlocksEditor({
  value,
  onChange,
  errors = {},
  disabled = false,
}: {
  value: PageBlock[];
  onChange: (blocks: PageBlock[]) => void;
  errors?: Record<string, string>;
  disabled?: boolean;
}) {
  const [dragged, setDragged] = useState<number | null>(null);
  const [removed, setRemoved] = useState<{ block: PageBlock; index: number } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // After an arrow button moved a block, focus follows it to its new place (React moves the card's node,
  // which drops the focus in some browsers), so pressing the arrow again keeps moving the same block. At
  // the top or the bottom that arrow is disabled: the other one takes the focus instead of the page.
  const focusAfterMove = useRef<{ id: string; other: string } | null>(null);
  useEffect(() => {
    const target = focusAfterMove.current;
    if (!target) return;
    focusAfterMove.current = null;
    const button = document.getElementById(target.id) as HTMLButtonElement | null;
    const other = document.getElementById(target.other) as HTMLButtonElement | null;
    (button && !button.disabled ? button : other)?.focus();
  });

  const move = (from: number, to: number, focus?: { id: string; other: string }) => {
    if (to < 0 || to >= value.length) return;
    const block = value[from]!;
    onChange(moved(value, from, to));
    setAnnouncement(`${blockLabel(block.type)} moved to position ${to + 1} of ${value.length}`);
    if (focus) focusAfterMove.current = focus;
  };
  const add = (type: PageBlockType) => {
    const block = newBlock(type);
    onChange([...value, block]);
    setAnnouncement(`${blockLabel(type)} added at position ${value.length + 1}`);
    // The new block's first field, so typing can start at once.
    requestAnimationFrame(() =>
      document
        .querySelector<HTMLElement>(`[data-testid="block-${block.id}"] .card-body :is(input, select, textarea)`)
        ?.focus(),
    );
  };
  const remove = (index: number) => {
    const block = value[index]!;
    setRemoved({ block, index });
    onChange(value.filter((_, i) => i !== index));
    setAnnouncement(`${blockLabel(block.type)} removed`);
  };
  const undo = () => {
    if (!removed) return;
    const next = [...value];
    next.splice(Math.min(removed.index, next.length), 0, removed.block);
    onChange(next);
    setAnnouncement(`${blockLabel(removed.block.type)} restored`);
    setRemoved(null);
  };

  return (
    <fieldset disabled={disabled} className="page-blocks-editor" aria-label="Blocks">
      {value.length === 0 ? <p className="text-body-secondary">No blocks yet: add the first one.</p> : null}
      <ol className="list-unstyled mb-3" data-testid="page-blocks-editor">
        {value.map((block, index) => {
          const prefix = `${block.id}.`;
          const hasError = Object.keys(errors).some((key) => key.startsWith(prefix) || key === block.id);
          return (
            <BlockCard
              key={block.id}
              blockId={block.id}
              label={blockLabel(block.type)}
              index={index}
              count={value.length}
              dragging={dragged === index}
              hasError={hasError}
              onMove={(to) =>
                move(index, to, {
                  id: `block-${block.id}-${to < index ? 'up' : 'down'}`,
                  other: `block-${block.id}-${to < index ? 'down' : 'up'}`,
                })
              }
              onRemove={() => remove(index)}
              onDragStart={() => setDragged(index)}
              canDrag={!disabled}
              dragProps={{
                onDragOver: (event) => {
                  event.preventDefault();
                  if (!disabled && dragged !== null && dragged !== index) {
                    move(dragged, index);
                    setDragged(index);
                  }
                },
                onDragEnd: () => setDragged(null),
              }}
            >
              <BlockFieldsContext.Provider value={{ blockId: block.id, errors }}>
                <FieldError path="type" />
                <BlockFields
                  block={block}
                  onChange={(next) => onChange(value.map((b) => (b.id === block.id ? next : b)))}
                />
              </BlockFieldsContext.Provider>
            </BlockCard>
          );
        })}
      </ol>
      {removed ? (
        <div className="alert alert-secondary d-flex align-items-center gap-3 py-2" data-testid="block-removed">
          <span className="me-auto">{blockLabel(removed.block.type)} removed.</span>
          <Button size="sm" variant="outline-dark" onClick={undo}>
            Undo
          </Button>
        </div>
      ) : null}
      <AddBlockMenu onAdd={add} disabled={disabled || value.length >= MAX_BLOCKS} />
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </fieldset>
  );
}
