import type { AppLoadContext } from 'react-router';
import type { PostDetails } from '#shared/schemas/blog.ts';
import { presentAccessibly } from '#app/components/rich-text/accessible-content.ts';
import { presentContent } from './present-content';

/**
 * What a post's page renders besides the post (its public page and its private preview): the sidebar's
 * links and categories, and the feature image's size from the media library, so that the page reserves
 * exactly the image's space (uploads keep their own proportions; a fixed guess moved the text below it when
 * the image arrived). An image from elsewhere has no known size: the page falls back to 16:9.
 */
export async function postPageData(context: AppLoadContext, post: PostDetails) {
  const { blog, uploads, profiles } = context.services;
  const [recent, categories, sizes, authors, tags, readNext] = await Promise.all([
    blog.recentPostLinks(),
    blog.listCategories(),
    post.featureImage ? uploads.sizesOf([post.featureImage]) : [],
    blog.authorIdsOf(post._id).then((ids) => profiles.publicAuthors(ids)),
    blog.publicTagsOf([post._id]).then((map) => map.get(post._id) ?? []),
    // A preview of a draft has no Read next (its list is only made once it is public).
    blog.readNext(post._id).then((posts) => posts ?? []),
  ]);
  const size = sizes[0];
  return {
    post: {
      ...post,
      content: presentAccessibly(presentContent(post.content, context.site.mediaUrl), context.site.mediaUrl),
    },
    featureImageSize: size ? { width: size.width, height: size.height } : null,
    recent,
    categories,
    authors,
    tags,
    readNext,
    site: context.site,
  };
}
