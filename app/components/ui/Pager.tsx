import { Button } from 'react-bootstrap';

/** Previous and Next for a server-paged list; nothing while everything fits on one page. */
export function Pager({
  label,
  page,
  pages,
  setPage,
}: {
  label: string;
  page: number;
  pages: number;
  setPage: (n: number) => void;
}) {
  if (pages < 2) return null;
  return (
    <nav aria-label={label} className="d-flex align-items-center gap-2">
      <Button size="sm" variant="outline-secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
        Previous
      </Button>
      <span className="small">
        Page {page} of {pages}
      </span>
      <Button size="sm" variant="outline-secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
