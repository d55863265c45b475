import { useState } from 'react';
import type { DragProps } from './LinkRow';

/**
 * Reordering by dragging, within one list at a time (the header's items, one dropdown's links, one
 * column's links, the columns): a row dragged over another of the same list takes its place, as on the
 * landing layout screen. Rows of other lists ignore it, so a drag never moves a link between levels (the
 * buttons do that).
 */
export function useListDrag() {
  const [dragged, setDragged] = useState<{ list: string; index: number } | null>(null);
  return (list: string, index: number, move: (from: number, to: number) => void): DragProps => ({
    dragging: dragged?.list === list && dragged.index === index,
    onDragStart: (event) => {
      event.stopPropagation();
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData('text/plain', list);
      setDragged({ list, index });
    },
    onDragOver: (event) => {
      if (dragged?.list !== list) return;
      event.preventDefault();
      event.stopPropagation();
      if (dragged.index !== index) {
        move(dragged.index, index);
        setDragged({ list, index });
      }
    },
    onDragEnd: () => setDragged(null),
  });
}
