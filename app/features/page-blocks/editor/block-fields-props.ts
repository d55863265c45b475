import type { BlockOf, PageBlockType } from '#shared/page-blocks.ts';

/** What each block type's fields get: the block and the way to replace it. */
export interface BlockFieldsProps<T extends PageBlockType> {
  block: BlockOf<T>;
  onChange: (block: BlockOf<T>) => void;
}
