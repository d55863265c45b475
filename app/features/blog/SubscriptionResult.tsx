import { Link } from 'react-router';

/** The page a confirmation or unsubscribe link opens. */
export function SubscriptionResult({
  title,
  message,
  ok,
  children,
}: {
  title: string;
  message: string;
  ok: boolean;
  /** What the reader can do next on this page (the unsubscribe button). */
  children?: React.ReactNode;
}) {
  return (
    <div className="blog-page container">
      <section
        className="subscription-result mx-auto text-center"
        aria-labelledby="subscription-title"
        style={{ maxWidth: 640 }}
      >
        <h1 id="subscription-title" className="h2 mb-3">
          {title}
        </h1>
        <p className={ok ? 'lead' : 'lead text-danger'} role={ok ? undefined : 'alert'}>
          {message}
        </p>
        {children ?? (
          <Link to="/blogs" className="btn btn-primary mt-3">
            Go to the blog
          </Link>
        )}
      </section>
    </div>
  );
}
