import type { ReactNode } from 'react';
import { Button, Form } from 'react-bootstrap';
import { NAV_MESSAGES } from '#shared/messages.ts';
import { targetKey, type NavLink, type ResolvedTarget } from '#shared/navigation.ts';

/** A row's part in dragging (app/features/navigation/drag.ts): its handle starts, the row takes the drop. */
export interface DragProps {
  dragging: boolean;
  onDragStart: (event: React.DragEvent) => void;
  onDragOver: (event: React.DragEvent) => void;
  onDragEnd: () => void;
}

/** What a link points at, as the editor reads it: its kind and the target's title (or address). */
function describe(link: NavLink, info: ResolvedTarget | undefined): string {
  const kind = NAV_MESSAGES.kinds[link.target.kind];
  if (link.target.kind === 'external') return `${kind} · ${link.target.url}`;
  return info?.title ? `${kind} · ${info.title}` : kind;
}

/** Why a link is left out of the site, or null when it is shown. */
export function flagOf(link: NavLink, info: ResolvedTarget | undefined): string | null {
  if (!info || info.state === 'shown' || targetKey(link.target) === null) return null;
  const kind = NAV_MESSAGES.kinds[link.target.kind].toLowerCase();
  return NAV_MESSAGES.flagged[info.state](kind);
}

/**
 * One link of the editor: its label (editable), what it points at, a flag when its target is not shown,
 * the arrow buttons (keyboard and touch), its own extra buttons and Remove. The row is also a drag handle.
 */
export function LinkRow({
  link,
  info,
  testId,
  onLabel,
  onUp,
  onDown,
  onRemove,
  drag,
  extra,
  children,
}: {
  link: NavLink;
  info: ResolvedTarget | undefined;
  testId: string;
  onLabel: (label: string) => void;
  onUp: (() => void) | null;
  onDown: (() => void) | null;
  onRemove: () => void;
  drag: DragProps;
  extra?: ReactNode;
  children?: ReactNode;
}) {
  const flag = flagOf(link, info);
  return (
    <li
      className={`list-group-item${drag.dragging ? ' opacity-50' : ''}`}
      onDragOver={drag.onDragOver}
      data-testid={testId}
    >
      <div className="d-flex flex-wrap align-items-center gap-2">
        {/* Only the handle drags: the label's text stays selectable. */}
        <span
          className="nav-drag-handle text-body-secondary"
          draggable
          onDragStart={drag.onDragStart}
          onDragEnd={drag.onDragEnd}
          title={NAV_MESSAGES.dragHandle(link.label)}
          aria-hidden="true"
        >
          ⠿
        </span>
        <Form.Control
          size="sm"
          className="nav-label-input"
          aria-label={NAV_MESSAGES.labelOf(link.label)}
          value={link.label}
          maxLength={60}
          onChange={(event) => onLabel(event.target.value)}
        />
        <span className="small text-body-secondary text-truncate nav-target-text">{describe(link, info)}</span>
        <span className="d-flex flex-wrap gap-1 ms-auto">
          {extra}
          <Button
            size="sm"
            variant="outline-dark"
            aria-label={NAV_MESSAGES.moveUp(link.label)}
            disabled={!onUp}
            onClick={onUp ?? undefined}
          >
            ↑
          </Button>
          <Button
            size="sm"
            variant="outline-dark"
            aria-label={NAV_MESSAGES.moveDown(link.label)}
            disabled={!onDown}
            onClick={onDown ?? undefined}
          >
            ↓
          </Button>
          <Button size="sm" variant="outline-danger" aria-label={NAV_MESSAGES.remove(link.label)} onClick={onRemove}>
            ✕
          </Button>
        </span>
      </div>
      {flag ? (
        <div className="small text-danger mt-1" data-testid="nav-flag">
          {flag}
        </div>
      ) : null}
      {children}
    </li>
  );
}
