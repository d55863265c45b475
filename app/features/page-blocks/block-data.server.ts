import type { AppLoadContext } from 'react-router';
import type { BlockOf, PageBlock } from '#shared/page-blocks.ts';
import type { PostCard } from '#shared/schemas/blog.ts';
import type { PageBlockData } from './block-data';

export type { PageBlockData } from './block-data';

/** The media-library images a page's blocks show. */
const imagesOf = (blocks: PageBlock[]) =>
  [
    ...new Set(
      blocks.flatMap((block) =>
        block.type === 'hero' || block.type === 'image' || block.type === 'textImage' ? [block.image] : [],
      ),
    ),
  ].filter(Boolean);

/**
 * The newest published posts of a block's category, tag or author. The source is kept by id (a rename
 * never breaks the block); one that was deleted since lists nothing: the block then shows nothing, and
 * the page still renders (a missing category is the blog service's NotFoundError, a 404; any other
 * failure is the page's).
 */
async function postsOf(context: AppLoadContext, { source, limit }: BlockOf<'posts'>): Promise<PostCard[]> {
  const { blog } = context.services;
  const page = { page: 1, limit };
  try {
    const list =
      source.kind === 'category'
        ? await blog.listByCategoryId(source.id, page)
        : source.kind === 'tag'
          ? await blog.listByTag(source.id, page)
          : await blog.listByAuthor(source.id, page);
    return await blog.cardsOf(list.posts);
  } catch (err) {
    if (context.describeError(err).status === 404) return [];
    throw err;
  }
}

export async function blockData(context: AppLoadContext, blocks: PageBlock[]): Promise<PageBlockData> {
  const { content, uploads } = context.services;
  const images = imagesOf(blocks);
  const postsBlocks = blocks.filter((block): block is BlockOf<'posts'> => block.type === 'posts');
  const sections = new Set(blocks.flatMap((block) => (block.type === 'landing' ? [block.section] : [])));
  // The same content the landing page reads (app/routes/public/home.tsx), only when a block shows it.
  // Their sizes as the post page reads its feature image's (app/features/blog/post-page-data.server.ts): the page reserves
  // each image's own space while it loads.
  const [lists, site, sizes] = await Promise.all([
    Promise.all(postsBlocks.map((block) => postsOf(context, block))),
    sections.size ? content.getContent() : null,
    images.length ? uploads.sizesOf(images) : [],
  ]);
  const data: PageBlockData = {
    posts: Object.fromEntries(postsBlocks.map((block, i) => [block.id, lists[i]!])),
    images: Object.fromEntries(sizes.map((size) => [size.url, { width: size.width, height: size.height }])),
  };
  if (site) for (const section of sections) Object.assign(data, { [section]: site[section] });
  return data;
}
