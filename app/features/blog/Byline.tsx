import { Link } from 'react-router';
import { PROFILE_MESSAGES } from '#shared/messages.ts';
import { authorUrl } from '#shared/profile.ts';
import type { PublicAuthor } from '#shared/schemas/profile.ts';
import { Picture } from '#app/components/ui/Picture.tsx';

/** A person's small round picture (their initial when they chose none). */
export function AuthorAvatar({ author, size, eager }: { author: PublicAuthor; size: number; eager?: boolean }) {
  if (!author.avatar) {
    return (
      <span className="author-avatar author-avatar-initial" style={{ width: size, height: size }} aria-hidden="true">
        {author.name.trim().charAt(0).toUpperCase() || '?'}
      </span>
    );
  }
  return (
    <Picture
      src={author.avatar}
      alt={PROFILE_MESSAGES.avatarAlt(author.name)}
      width={size}
      height={size}
      sizes={`${size}px`}
      className="author-avatar"
      eager={eager}
    />
  );
}

/** A post's authors under its title: picture and name, linking to their author page when they have one. */
export function Byline({ authors }: { authors: PublicAuthor[] }) {
  if (authors.length === 0) return null;
  return (
    <ul className="blog-byline" aria-label={PROFILE_MESSAGES.authorsLabel}>
      {authors.map((author) => (
        <li key={author.segment || author.name} className="blog-byline-author">
          <AuthorAvatar author={author} size={32} eager />
          {author.segment ? (
            <Link to={authorUrl(author.segment)} rel="author">
              {author.name}
            </Link>
          ) : (
            <span>{author.name}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
