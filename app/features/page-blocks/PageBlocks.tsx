import type { PageBlock } from '#shared/page-blocks.ts';
import type { PageBlockData } from './block-data';
import { blockAnchor, type BlockPosted } from './block-form';
import { ContactBlock } from './blocks/ContactBlock';
import { CtaBlock } from './blocks/CtaBlock';
import { FaqBlock } from './blocks/FaqBlock';
import { FeaturesBlock } from './blocks/FeaturesBlock';
import { HeroBlock } from './blocks/HeroBlock';
import { ImageBlock } from './blocks/ImageBlock';
import { LandingBlock } from './blocks/LandingBlock';
import { PostsBlock } from './blocks/PostsBlock';
import { RichTextBlock } from './blocks/RichTextBlock';
import { SubscribeBlock } from './blocks/SubscribeBlock';
import { TextImageBlock } from './blocks/TextImageBlock';

export type { PageBlockData } from './block-data';

function Block({
  block,
  data,
  first,
  posted,
}: {
  block: PageBlock;
  data: PageBlockData;
  first: boolean;
  posted: BlockPosted | undefined;
}) {
  const anchor = blockAnchor(block.id);
  const mine = posted?.blockId === block.id ? posted : undefined;
  switch (block.type) {
    case 'hero':
      return <HeroBlock block={block} anchor={anchor} imageSize={data.images[block.image]} first={first} />;
    case 'richText':
      return <RichTextBlock block={block} anchor={anchor} />;
    case 'image':
      return <ImageBlock block={block} anchor={anchor} imageSize={data.images[block.image]} />;
    case 'textImage':
      return <TextImageBlock block={block} anchor={anchor} imageSize={data.images[block.image]} />;
    case 'cta':
      return <CtaBlock block={block} anchor={anchor} />;
    case 'features':
      return <FeaturesBlock block={block} anchor={anchor} />;
    case 'faq':
      return <FaqBlock block={block} anchor={anchor} />;
    case 'posts':
      return <PostsBlock block={block} anchor={anchor} posts={data.posts[block.id]} />;
    case 'contact':
      return (
        <ContactBlock block={block} anchor={anchor} posted={mine?.form === 'contact' ? mine.contact : undefined} />
      );
    case 'subscribe':
      return (
        <SubscribeBlock
          block={block}
          anchor={anchor}
          posted={mine?.form === 'subscribe' ? mine.subscribe : undefined}
        />
      );
    case 'landing':
      return <LandingBlock block={block} data={data} />;
  }
}

/**
 * A page's blocks as the public page shows them (server-rendered; docs/product.md#page-blocks), each in
 * its own section with the id `block-<id>`. Headings: every block's heading is an h2 and what is inside it
 * an h3, under the page's own h1. `data` is what ./block-data.server.ts read for them; `posted` the page
 * action's answer to a block's form sent without JavaScript (./block-action.server.ts).
 */
export function PageBlocks({
  blocks,
  data,
  posted,
}: {
  blocks: PageBlock[];
  data: PageBlockData;
  posted?: BlockPosted | null;
}) {
  return (
    <div className="page-blocks">
      {blocks.map((block, index) => (
        <Block key={block.id} block={block} data={data} first={index === 0} posted={posted ?? undefined} />
      ))}
    </div>
  );
}
