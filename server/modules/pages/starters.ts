import type { StarterPage } from '#shared/api/pages.ts';

/** The policy texts the footer's modals show (the Privacy Policy section), read when a starter is made. */
export interface PolicyTexts {
  privacy: string;
  terms: string;
}

/** A starter page's first text (richText HTML): the policy texts for Privacy and Terms, an outline else. */
export function starterHtml(kind: StarterPage, texts: PolicyTexts, siteName: string): string {
  switch (kind) {
    case 'privacy':
      return texts.privacy;
    case 'terms':
      return texts.terms;
    case 'imprint':
      // No heading of their own: the page's title is its h1 (app/features/pages/PageView.tsx).
      return `<p>${escapeHtml(siteName)}</p><p>Address, registration, VAT number and the person responsible for this site.</p>`;
    case 'careers':
      return `<h2>Work with us</h2><p>Tell people why they would like to work at ${escapeHtml(siteName)}, and list the open positions.</p>`;
  }
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
