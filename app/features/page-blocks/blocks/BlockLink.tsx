import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * A block's button: a site path navigates within the app, an http(s) address is a plain link (the schema,
 * shared/page-blocks.ts, allows nothing else).
 */
export function BlockLink({ href, className, children }: { href: string; className: string; children: ReactNode }) {
  return href.startsWith('/') ? (
    <Link to={href} className={className}>
      {children}
    </Link>
  ) : (
    <a href={href} className={className}>
      {children}
    </a>
  );
}
