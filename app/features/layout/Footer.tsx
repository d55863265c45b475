import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { COPYRIGHT_YEARS } from '#shared/messages.ts';
import type { PolicyKind } from './PolicyModal';

/** The modal (and react-bootstrap's Modal with it) loads on the first click: most visits never open it. */
const PolicyModal = lazy(() => import('./PolicyModal'));

export function Footer({ siteName }: { siteName: string }) {
  const [open, setOpen] = useState<PolicyKind | null>(null);
  const [used, setUsed] = useState(false);
  const show = (kind: PolicyKind) => {
    setUsed(true);
    setOpen(kind);
  };
  return (
    <footer className="site-footer">
      <div className="container d-flex flex-column flex-md-row align-items-center justify-content-between gap-3">
        <Link to="/" className="footer-brand d-flex align-items-center gap-2">
          <img src="/logo.svg" alt="" width="28" height="28" />
          <span>{siteName}</span>
        </Link>
        <p className="mb-0">
          © {COPYRIGHT_YEARS} {siteName}. All rights reserved.
        </p>
        <div className="d-flex gap-3">
          <button type="button" className="btn btn-link footer-link" onClick={() => show('terms')}>
            Terms&amp;Agreements
          </button>
          <button type="button" className="btn btn-link footer-link" onClick={() => show('privacy')}>
            Privacy Policy
          </button>
        </div>
      </div>
      {used ? (
        <Suspense fallback={null}>
          <PolicyModal kind={open} onClose={() => setOpen(null)} />
        </Suspense>
      ) : null}
    </footer>
  );
}
