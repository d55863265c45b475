import type { AppLoadContext } from 'react-router';
import type { PostDetails } from '#shared/schemas/blog.ts';
import { presentContent, withFrameTitles } from './present-content';

/**
 * What a post's page renders besides the post (its public page and its private preview): the sidebar's
 * links and categories, and the feature image's size from the media library, so that the page reserves
 * exactly the image's space (uploads keep their own proportions; a fixed guess moved the text below it when
 * the image arrived). An image from elsewhere has no known size: the page falls back to 16:9.
 */
export async function postPageData(context: AppLoadContext, post: PostDetails) {
  const { blog, uploads, profiles } = context.services;
  const [recent, categories, sizes, authors] = await Promise.all([
    blog.recentPostLinks(),
    blog.listCategories(),
    post.featureImage ? uploads.sizesOf([post.featureImage]) : [],
    blog.authorIdsOf(post._id).then((ids) => profiles.publicAuthors(ids)),
  ]);
  const size = sizes[0];
  return {
    post: { ...post, content: withFrameTitles(presentContent(post.content, context.site.mediaUrl)) },
    featureImageSize: size ? { width: size.width, height: size.height } : null,
    recent,
    categories,
    authors,
    site: context.site,
  };
}
