import { Dropdown } from 'react-bootstrap';
import type { PageBlockType } from '#shared/page-blocks.ts';
import { BLOCK_TYPES } from './new-block';

/** "Add block": a menu of the block types (a Bootstrap dropdown: arrow keys move in it, Escape closes it). */
export function AddBlockMenu({ onAdd, disabled }: { onAdd: (type: PageBlockType) => void; disabled?: boolean }) {
  return (
    <Dropdown onSelect={(type) => type && onAdd(type as PageBlockType)}>
      <Dropdown.Toggle variant="outline-primary" disabled={disabled} data-testid="add-block">
        Add block
      </Dropdown.Toggle>
      <Dropdown.Menu>
        {BLOCK_TYPES.map(({ type, label }) => (
          <Dropdown.Item key={type} eventKey={type} as="button" type="button">
            {label}
          </Dropdown.Item>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}
