import { useState } from 'react';
import { Link } from 'react-router';
import { COPYRIGHT_YEARS } from '#shared/messages.ts';
import type { SiteContent } from '#shared/schemas/content.ts';
import { PolicyModal, type PolicyKind } from './PolicyModal';

export function Footer({ privacyPolicy, siteName }: { privacyPolicy: SiteContent['privacyPolicy']; siteName: string }) {
  const [open, setOpen] = useState<PolicyKind | null>(null);
  const html = open === 'terms' ? privacyPolicy.terms_and_conditions_text : privacyPolicy.privacy_policy_text;
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
          <button type="button" className="btn btn-link footer-link" onClick={() => setOpen('terms')}>
            Terms&amp;Agreements
          </button>
          <button type="button" className="btn btn-link footer-link" onClick={() => setOpen('privacy')}>
            Privacy Policy
          </button>
        </div>
      </div>
      <PolicyModal kind={open} html={html} onClose={() => setOpen(null)} />
    </footer>
  );
}
