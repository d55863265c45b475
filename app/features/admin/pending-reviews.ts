import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { reviewQueue } from '#shared/api/review.ts';
import { call } from '#app/lib/api-client.ts';
import { useCan } from './account';

/**
 * How many posts wait for review, for the badge beside Blogs (docs/product.md#review): only for reviewers,
 * asked when the admin opens and again on each visit to the posts (where reviews end), never on other screens.
 */
export function usePendingReviews(): number {
  const reviewer = useCan('posts.review');
  const { pathname } = useLocation();
  const onPosts = pathname.startsWith('/admin/blogs');
  const [pending, setPending] = useState(0);
  useEffect(() => {
    if (!reviewer) return;
    let live = true;
    call(reviewQueue, { endSessionOn401: false })
      .then((answer) => live && setPending(answer.pending))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [reviewer, onPosts]);
  return reviewer ? pending : 0;
}
