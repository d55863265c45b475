import type { PageBlock } from '#shared/page-blocks.ts';

/**
 * The page editor's blocks: add, edit, move and remove. SKELETON (contract for the pages module): the
 * page-blocks work builds the real editor. `errors` maps `"<blockId>.<field path>"` to the first message.
 */
export function BlocksEditor({
  value,
}: {
  value: PageBlock[];
  onChange: (blocks: PageBlock[]) => void;
  errors?: Record<string, string>;
  disabled?: boolean;
}) {
  return <p>{value.length} blocks</p>;
}
