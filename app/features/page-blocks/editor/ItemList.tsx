import type { ReactNode } from 'react';
import { Button } from 'react-bootstrap';
import { moved } from './new-block';
import { FieldError } from './fields';

/**
 * The items of a feature grid or an FAQ (and a hero's buttons): each with its fields, moved up or down
 * and removed by buttons, and one more added up to the schema's limit.
 */
export function ItemList<T>({
  path,
  items,
  max,
  noun,
  empty,
  onChange,
  children,
}: {
  path: string;
  items: T[];
  max: number;
  noun: string;
  empty: () => T;
  onChange: (items: T[]) => void;
  children: (item: T, index: number, change: (item: T) => void) => ReactNode;
}) {
  return (
    <fieldset className="mb-3">
      <FieldError path={path} />
      <ol className="list-unstyled mb-2">
        {items.map((item, index) => (
          <li key={index} className="border rounded p-3 mb-2">
            <div className="d-flex align-items-center gap-2 mb-2">
              <span className="fw-semibold me-auto">{`${noun} ${index + 1}`}</span>
              <Button
                size="sm"
                variant="outline-dark"
                aria-label={`Move ${noun.toLowerCase()} ${index + 1} up`}
                disabled={index === 0}
                onClick={() => onChange(moved(items, index, index - 1))}
              >
                ↑
              </Button>
              <Button
                size="sm"
                variant="outline-dark"
                aria-label={`Move ${noun.toLowerCase()} ${index + 1} down`}
                disabled={index === items.length - 1}
                onClick={() => onChange(moved(items, index, index + 1))}
              >
                ↓
              </Button>
              <Button
                size="sm"
                variant="outline-danger"
                aria-label={`Remove ${noun.toLowerCase()} ${index + 1}`}
                onClick={() => onChange(items.filter((_, i) => i !== index))}
              >
                Remove
              </Button>
            </div>
            {children(item, index, (next) => onChange(items.map((it, i) => (i === index ? next : it))))}
          </li>
        ))}
      </ol>
      {items.length < max ? (
        <Button size="sm" variant="outline-primary" onClick={() => onChange([...items, empty()])}>
          {`Add ${noun.toLowerCase()}`}
        </Button>
      ) : null}
    </fieldset>
  );
}
