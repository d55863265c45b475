import { useEffect, useState } from 'react';
import { Alert } from 'react-bootstrap';
import { Link, useLocation } from 'react-router';
import { mailTrouble } from '#shared/api/mail.ts';
import { MAIL_TROUBLE_MESSAGES } from '#shared/messages.ts';
import { call } from '#app/lib/api-client.ts';

type Trouble = NonNullable<Awaited<ReturnType<typeof readTrouble>>>;

/** A side request: an ended session is for the page's own requests to notice (as SetupNotices does). */
const readTrouble = () => call(mailTrouble, { endSessionOn401: false });

/** Asked again on every page and every minute on one page, so it appears and goes away by itself. */
const REFRESH_MS = 60_000;

/**
 * docs/product.md#outgoing-mail: when delivery has failed for 15 minutes with nothing sent meanwhile, a
 * notice above every admin page (for those who may look after mail) says since when, how much waits and
 * the server's last words, with the way to Outgoing mail. It cannot be closed: it goes when mail goes out.
 */
export function MailTroubleNotice() {
  const { pathname } = useLocation();
  const [trouble, setTrouble] = useState<Trouble | null>(null);
  useEffect(() => {
    let live = true;
    const read = () =>
      readTrouble()
        .then((found) => live && setTrouble(found))
        .catch(() => undefined);
    void read();
    const timer = setInterval(read, REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [pathname]);
  if (!trouble) return null;
  return (
    <div className="admin-setup-notices">
      <Alert variant="danger" data-testid="mail-trouble">
        <Alert.Heading as="h2" className="h6">
          {MAIL_TROUBLE_MESSAGES.heading}
        </Alert.Heading>
        <p className="mb-1">
          {MAIL_TROUBLE_MESSAGES.body(new Date(trouble.since).toLocaleString('en-GB'), trouble.waiting)}
        </p>
        <p className="mb-2 font-monospace small text-break">{trouble.lastError}</p>
        <Link to="/admin/mail?status=pending" className="alert-link">
          {MAIL_TROUBLE_MESSAGES.link}
        </Link>
      </Alert>
    </div>
  );
}
