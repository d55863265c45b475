import type { PublicAuthor } from '#shared/schemas/profile.ts';
import { AuthorAvatar } from './Byline';

/** The top of an author page: picture, name, bio and website. */
export function AuthorHeader({ author }: { author: PublicAuthor }) {
  return (
    <header className="author-header">
      <AuthorAvatar author={author} size={96} eager />
      <div className="author-header-text">
        <h1 className="h2 mb-2">{author.name}</h1>
        {author.bio ? <p className="author-bio mb-2">{author.bio}</p> : null}
        {author.website ? (
          <a href={author.website} rel="me noopener" className="author-website">
            {author.website.replace(/^https?:\/\//, '').replace(/\/$/, '')}
          </a>
        ) : null}
      </div>
    </header>
  );
}
