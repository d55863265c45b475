import { Spinner } from 'react-bootstrap';

/** Shown while the browser checks the stored session (the server cannot see local storage). */
export function AdminLoading() {
  return (
    <div className="admin-loading d-flex align-items-center justify-content-center">
      <Spinner animation="border" role="status" aria-label="Loading" />
    </div>
  );
}
