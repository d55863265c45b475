import type { PageBlock } from '#shared/page-blocks.ts';
import type { PageBlockData } from './block-data.server';

/**
 * A page's blocks as the public page shows them (server-rendered). SKELETON (contract for the pages
 * module): the page-blocks work renders every block type.
 */
export function PageBlocks({ blocks }: { blocks: PageBlock[]; data: PageBlockData }) {
  return (
    <>
      {blocks.map((block) =>
        block.type === 'richText' ? (
          <section key={block.id} className="container py-4" dangerouslySetInnerHTML={{ __html: block.html }} />
        ) : null,
      )}
    </>
  );
}
