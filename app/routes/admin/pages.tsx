import { useState } from 'react';
import { Badge, Button, Table } from 'react-bootstrap';
import { Link, useRevalidator, useSearchParams } from 'react-router';
import { formatDate } from '#shared/format.ts';
import { PAGE_MESSAGES } from '#shared/messages.ts';
import {
  STARTER_PAGES,
  createStarterPage,
  deletePage,
  listPages,
  restorePage,
  type PageSummary,
} from '#shared/api/pages.ts';
import { STARTERS } from '#shared/starter-pages.ts';
import { ConfirmDialog } from '#app/components/ui/ConfirmDialog.tsx';
import { SpinnerButton } from '#app/components/ui/SpinnerButton.tsx';
import { guardScreen } from '#app/features/admin/account.ts';
import { call } from '#app/lib/api-client.ts';
import { useSubmit } from '#app/lib/use-submit.ts';
import type { Route } from './+types/pages';

/** The pages (or, with `?trash=1`, those in the trash), newest change first. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await guardScreen(request);
  const trash = new URL(request.url).searchParams.get('trash') === '1';
  return { trash, pages: await call(listPages, { query: trash ? { trash: '1' } : {} }) };
}
clientLoader.hydrate = true as const;

const STATUS_VARIANT = { draft: 'secondary', scheduled: 'info', published: 'success' } as const;

/** Pages at /{segment} (docs/product.md#pages): the list, the starter pages, the trash. */
export default function PagesScreen({ loaderData }: Route.ComponentProps) {
  const { trash, pages } = loaderData;
  const revalidator = useRevalidator();
  const [, setSearchParams] = useSearchParams();
  const working = useSubmit();
  const [deleting, setDeleting] = useState<PageSummary | null>(null);

  const starter = async (kind: (typeof STARTER_PAGES)[number]) => {
    const ok = await working.run(() => call(createStarterPage, { body: { kind } }), {
      success: (result) => result.message,
    });
    if (ok) await revalidator.revalidate();
  };
  const remove = async (page: PageSummary) => {
    setDeleting(null);
    const ok = await working.run(() => call(deletePage, { params: { id: page._id } }), {
      success: PAGE_MESSAGES.deleted,
    });
    if (ok) await revalidator.revalidate();
  };
  const restore = async (page: PageSummary) => {
    const ok = await working.run(() => call(restorePage, { params: { id: page._id } }), {
      success: PAGE_MESSAGES.restored,
    });
    if (ok) await revalidator.revalidate();
  };

  return (
    <section className="admin-card">
      <div className="d-flex justify-content-between align-items-center mb-3 gap-2 flex-wrap">
        <h1 className="h3 mb-0">{trash ? 'Pages in the trash' : 'Pages'}</h1>
        <div className="d-flex gap-2 flex-wrap">
          <Button variant="outline-secondary" onClick={() => setSearchParams(trash ? {} : { trash: '1' })}>
            {trash ? 'Back to the pages' : 'Trash'}
          </Button>
          {trash ? null : (
            <Link className="btn btn-primary" to="/admin/pages/create">
              Create page
            </Link>
          )}
        </div>
      </div>
      {trash ? null : (
        <div className="admin-panel mb-3">
          <p className="mb-2">Start from a common page (made as a draft):</p>
          <div className="d-flex gap-2 flex-wrap">
            {STARTER_PAGES.map((kind) => (
              <SpinnerButton
                key={kind}
                variant="outline-primary"
                size="sm"
                loading={false}
                disabled={working.busy}
                onClick={() => void starter(kind)}
              >
                {STARTERS[kind].title} (/{STARTERS[kind].segment})
              </SpinnerButton>
            ))}
          </div>
        </div>
      )}
      {pages.length === 0 ? (
        <p>{trash ? 'The trash holds no pages.' : 'No pages yet.'}</p>
      ) : (
        // Positioned: the visually hidden labels inside stay within its scrolling box at 390 px.
        <div className="table-responsive position-relative">
          <Table striped bordered hover className="align-middle bg-white">
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Address</th>
                <th scope="col">Status</th>
                <th scope="col">Updated</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {pages.map((page) => (
                <tr key={page._id}>
                  <td>{trash ? page.title : <Link to={`/admin/pages/edit/${page._id}`}>{page.title}</Link>}</td>
                  <td>
                    {page.status === 'published' && !trash ? (
                      <a href={page.path} target="_blank" rel="noreferrer">
                        {page.path}
                      </a>
                    ) : (
                      page.path
                    )}
                  </td>
                  <td>
                    <Badge bg={STATUS_VARIANT[page.status]}>{page.status}</Badge>
                    {page.status === 'scheduled' && page.publishAt ? (
                      <span className="ms-1 small">{formatDate(page.publishAt)}</span>
                    ) : null}
                  </td>
                  <td>{formatDate(page.updatedAt)}</td>
                  <td className="text-end">
                    {trash ? (
                      <Button size="sm" variant="outline-primary" onClick={() => void restore(page)}>
                        Restore <span className="visually-hidden">{page.title}</span>
                      </Button>
                    ) : (
                      <Button size="sm" variant="outline-danger" onClick={() => setDeleting(page)}>
                        Delete <span className="visually-hidden">{page.title}</span>
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
      <ConfirmDialog
        show={deleting !== null}
        message={deleting ? `Move the page “${deleting.title}” to the trash? It leaves the site at once.` : ''}
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
