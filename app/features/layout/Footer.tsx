import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { COPYRIGHT_YEARS } from '#shared/messages.ts';
import { copyrightYears, type SiteIdentity } from '#shared/schemas/site-identity.ts';
import type { PublicNavigation } from '#shared/navigation.ts';
import { NAV_MESSAGES } from '#shared/messages.ts';
import type { PolicyKind } from './PolicyModal';
import { useScriptless } from '#app/ssr/scriptless.ts';
import { SiteLink } from './SiteLink';

/** The modal (and react-bootstrap's Modal with it) loads on the first click: most visits never open it. */
const PolicyModal = lazy(() => import('./PolicyModal'));

/** The query that opens a footer modal on arrival (`/?policy=privacy`). */
const POLICY_PARAM = 'policy';

export function Footer({
  siteName,
  logo,
  firstYear,
  profiles,
  columns,
}: {
  siteName: string;
  /** The spec's /logo.svg, or the one of Site identity. */
  logo: string;
  /** Site identity's first year: the line's years run from it to this year; null: the spec's years. */
  firstYear: number | null;
  /** Profiles beyond the social section's five (Site identity). */
  profiles: SiteIdentity['profiles'];
  /** The columns saved on Settings → Navigation, resolved; none: the spec's footer. */
  columns?: PublicNavigation['footer'];
}) {
  const [open, setOpen] = useState<PolicyKind | null>(null);
  const [used, setUsed] = useState(false);
  const scriptless = useScriptless();
  const { search } = useLocation();
  const show = (kind: PolicyKind) => {
    setUsed(true);
    setOpen(kind);
  };
  // A page sent without scripts (app/ssr/scriptless.ts) cannot open the modals: its footer links to the
  // landing page with `?policy=`, which opens the modal there (the page cache ignores the parameter).
  useEffect(() => {
    const kind = new URLSearchParams(search).get(POLICY_PARAM);
    // After hydration only: the server's HTML of `/` is cached for every `?policy=` (and for none).
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the address is read once the page is live
    if (kind === 'terms' || kind === 'privacy') show(kind);
  }, [search]);

  return (
    <footer className="site-footer">
      {columns?.length ? (
        <nav className="container footer-columns" aria-label={NAV_MESSAGES.footer}>
          <div className="row g-4">
            {columns.map((column, index) => (
              <div className="col-6 col-md-3" key={index}>
                <h2 className="footer-heading">{column.heading}</h2>
                <ul className="list-unstyled mb-0">
                  {column.links.map((link, linkIndex) => (
                    <li key={linkIndex}>
                      <SiteLink link={link} className="footer-column-link" />
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </nav>
      ) : null}
      <div className="container d-flex flex-column flex-md-row align-items-center justify-content-between gap-3">
        <Link to="/" className="footer-brand d-flex align-items-center gap-2">
          {logo === '/logo.svg' ? (
            <img src="/logo.svg" alt="" width="28" height="28" />
          ) : (
            <img src={logo} alt="" height="28" className="site-logo" />
          )}
          <span>{siteName}</span>
        </Link>
        <p className="mb-0">
          © {copyrightYears(firstYear, COPYRIGHT_YEARS)} {siteName}. All rights reserved.
        </p>
        {profiles.length ? (
          <ul className="footer-profiles list-unstyled d-flex flex-wrap gap-3 mb-0">
            {profiles.map((profile) => (
              <li key={profile.url}>
                <a href={profile.url} target="_blank" rel="noopener noreferrer me">
                  {profile.label}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="d-flex gap-3">
          {scriptless ? (
            <>
              <a className="btn btn-link footer-link" href={`/?${POLICY_PARAM}=terms`}>
                Terms&amp;Agreements
              </a>
              <a className="btn btn-link footer-link" href={`/?${POLICY_PARAM}=privacy`}>
                Privacy Policy
              </a>
            </>
          ) : (
            <>
              <button type="button" className="btn btn-link footer-link" onClick={() => show('terms')}>
                Terms&amp;Agreements
              </button>
              <button type="button" className="btn btn-link footer-link" onClick={() => show('privacy')}>
                Privacy Policy
              </button>
            </>
          )}
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
