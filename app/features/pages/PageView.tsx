import { PageBlocks } from '#app/features/page-blocks/PageBlocks.tsx';
import type { BlockPosted } from '#app/features/page-blocks/block-form.ts';
import type { PageViewData } from './page-view.server';

/**
 * A page as its public address and its preview show it. Its title is the page's one `h1`, unless the page
 * opens with a hero, whose heading is then the `h1` (app/features/page-blocks/blocks/HeroBlock.tsx): a
 * banner under a second title would read twice.
 */
export function PageView({
  page,
  blockData,
  posted,
}: Pick<PageViewData, 'page' | 'blockData'> & { posted?: BlockPosted }) {
  const opensWithHero = page.blocks[0]?.type === 'hero';
  return (
    <div className={`site-page${opensWithHero ? ' opens-with-hero' : ''}`}>
      {opensWithHero ? null : (
        <div className="container">
          <h1 className="page-title">{page.title}</h1>
        </div>
      )}
      <PageBlocks blocks={page.blocks} data={blockData} posted={posted} />
    </div>
  );
}
