import { useEffect, useState } from 'react';
import { Alert } from 'react-bootstrap';
import { listSetupNotices, type SetupNoticeData } from '#shared/api/setup.ts';
import { SETUP_NOTICES } from '#shared/messages.ts';
import { call } from '#app/lib/api-client.ts';

/** Notices hidden in this browser tab: they come back in a new tab or browser session. */
const HIDDEN_KEY = 'hiddenSetupNotices';

function hiddenIds(): string[] {
  try {
    return JSON.parse(window.sessionStorage.getItem(HIDDEN_KEY) ?? '[]') as string[];
  } catch {
    return [];
  }
}

/**
 * docs/product.md#setup-notices: what the site's configuration lacks (no PUBLIC_URL, no SMTP_URL), above
 * every admin page, each closable for the rest of the browser session. Nothing shows if the request fails.
 */
export function SetupNotices() {
  const [notices, setNotices] = useState<SetupNoticeData[]>([]);
  useEffect(() => {
    let live = true;
    // A side request: an ended session is for the page's own requests to notice (a read leaves the page,
    // an action asks to log in again), not for this one.
    call(listSetupNotices, { endSessionOn401: false })
      .then((all) => live && setNotices(all.filter((n) => !hiddenIds().includes(n.id))))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  const hide = (id: string) => {
    window.sessionStorage.setItem(HIDDEN_KEY, JSON.stringify([...hiddenIds(), id]));
    setNotices((current) => current.filter((n) => n.id !== id));
  };
  if (!notices.length) return null;
  return (
    <div className="admin-setup-notices">
      {notices.map((notice) => (
        <Alert
          key={notice.id}
          variant="warning"
          dismissible
          closeLabel={SETUP_NOTICES.dismiss}
          onClose={() => hide(notice.id)}
          data-notice={notice.id}
        >
          {notice.message}
        </Alert>
      ))}
    </div>
  );
}
