import type { ReactNode } from 'react';
import { Button } from 'react-bootstrap';

/**
 * One block in the editor: its name and position, the drag handle, the arrow buttons (keyboard and touch,
 * as app/routes/admin/landing-layout.tsx) and Remove. Only the handle is draggable (the whole card shown
 * as the drag image), so text can still be selected in the card's fields; the card takes the drag-over.
 */
export function BlockCard({
  blockId,
  label,
  index,
  count,
  dragging,
  hasError,
  onMove,
  onRemove,
  onDragStart,
  canDrag,
  dragProps,
  children,
}: {
  blockId: string;
  label: string;
  index: number;
  count: number;
  dragging: boolean;
  hasError: boolean;
  onMove: (to: number) => void;
  onRemove: () => void;
  onDragStart: () => void;
  canDrag: boolean;
  dragProps: React.LiHTMLAttributes<HTMLLIElement>;
  children: ReactNode;
}) {
  const name = `${label} (block ${index + 1})`;
  return (
    <li
      className={`card mb-3${dragging ? ' opacity-50' : ''}${hasError ? ' border-danger' : ''}`}
      aria-labelledby={`block-${blockId}-name`}
      data-testid={`block-${blockId}`}
      {...dragProps}
    >
      <div className="card-header d-flex flex-wrap align-items-center gap-2">
        <span
          className="page-block-handle text-body-secondary"
          aria-hidden="true"
          title="Drag to move"
          style={{ cursor: 'grab' }}
          draggable={canDrag}
          onDragStart={(event) => {
            const card = event.currentTarget.closest('li');
            if (card) event.dataTransfer.setDragImage(card, 16, 16);
            event.dataTransfer.effectAllowed = 'move';
            // Firefox starts a drag only with data in it.
            event.dataTransfer.setData('text/plain', blockId);
            onDragStart();
          }}
        >
          ⠿
        </span>
        <h2 id={`block-${blockId}-name`} className="h6 mb-0 me-auto">
          {label}
        </h2>
        <Button
          size="sm"
          variant="outline-dark"
          id={`block-${blockId}-up`}
          aria-label={`Move ${name} up`}
          disabled={index === 0}
          onClick={() => onMove(index - 1)}
        >
          ↑
        </Button>
        <Button
          size="sm"
          variant="outline-dark"
          id={`block-${blockId}-down`}
          aria-label={`Move ${name} down`}
          disabled={index === count - 1}
          onClick={() => onMove(index + 1)}
        >
          ↓
        </Button>
        <Button size="sm" variant="outline-danger" aria-label={`Remove ${name}`} onClick={onRemove}>
          Remove
        </Button>
      </div>
      <div className="card-body">{children}</div>
    </li>
  );
}
