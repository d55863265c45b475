import { Link } from 'react-router';
import { TAG_MESSAGES } from '#shared/messages.ts';
import type { TagLink } from '#shared/schemas/tags.ts';

/** A post's public tags as links to their pages (docs/product.md#tags); nothing when it has none. */
export function TagList({ tags, className = '' }: { tags: readonly TagLink[] | undefined; className?: string }) {
  if (!tags?.length) return null;
  return (
    <ul className={`blog-tags list-unstyled d-flex flex-wrap gap-2 ${className}`} aria-label={TAG_MESSAGES.tagsLabel}>
      {tags.map((tag) => (
        <li key={tag.slug}>
          <Link to={tag.url} className="blog-tag">
            {tag.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
