import { Button, Table } from 'react-bootstrap';
import { useRevalidator } from 'react-router';
import { formatDate } from '#shared/format.ts';
import { UI_MESSAGES } from '#shared/messages.ts';
import { listTrash, restorePost } from '#shared/api/blog.ts';
import { guardScreen } from '#app/features/admin/account.ts';
import { call } from '#app/lib/api-client.ts';
import { useSubmit } from '#app/lib/use-submit.ts';
import type { Route } from './+types/trash';

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  await guardScreen(request);
  return call(listTrash);
}
clientLoader.hydrate = true as const;

/** Deleted posts, kept 30 days; one restored comes back at its address (docs/product.md#trash). */
export default function Trash({ loaderData: posts }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const restoring = useSubmit();
  return (
    <section className="admin-card">
      <h1 className="h3 mb-3">Trash</h1>
      <p className="text-body-secondary">Deleted posts stay here for 30 days, then they are gone for good.</p>
      {posts.length === 0 ? <p>The trash is empty.</p> : null}
      <div className="table-responsive">
        <Table striped bordered hover className="align-middle bg-white">
          <tbody>
            {posts.map((post) => (
              <tr key={post._id} data-testid="trash-row">
                <td>{post.title}</td>
                <td className="text-nowrap small">
                  Deleted {formatDate(post.deletedAt)}
                  {post.deletedBy ? ` by ${post.deletedBy}` : ''}
                </td>
                <td className="text-nowrap">
                  <Button
                    size="sm"
                    variant="outline-primary"
                    disabled={restoring.busy}
                    aria-label={`Restore ${post.title}`}
                    onClick={() =>
                      void restoring
                        .run(() => call(restorePost, { params: { id: post._id } }), {
                          success: UI_MESSAGES.restoredFromTrash(post.title),
                        })
                        .then(async (ok) => {
                          if (ok) await revalidator.revalidate();
                        })
                    }
                  >
                    Restore
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
    </section>
  );
}
