import { Button, Spinner } from 'react-bootstrap';
import { MESSAGES } from '#shared/messages.ts';

/**
 * The foot of a keyset-paged admin list (`usePagedList` in app/lib/use-paged-list.ts): the failure line
 * when the last read failed, and "Load more" while there is a next page (a spinner while it loads).
 */
export function LoadMore({ list }: { list: { failed: boolean; loading: boolean; more: (() => void) | null } }) {
  return (
    <>
      {list.failed ? <p className="text-danger">{MESSAGES.somethingWentWrong}</p> : null}
      {list.more ? (
        <Button variant="outline-secondary" onClick={list.more} disabled={list.loading}>
          {list.loading ? <Spinner animation="border" size="sm" role="status" aria-label="Loading" /> : 'Load more'}
        </Button>
      ) : null}
    </>
  );
}
