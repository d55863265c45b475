import { useCallback, useState } from 'react';
import { Alert, Badge, Form, Table } from 'react-bootstrap';
import { Link, useSearchParams } from 'react-router';
import { SEARCH_MESSAGES, TEAM_UI_MESSAGES, UI_MESSAGES } from '#shared/messages.ts';
import { can } from '#shared/roles.ts';
import { loadAccount, useAccount } from '#app/features/admin/account.ts';
import { usePendingReviews } from '#app/features/admin/pending-reviews.ts';
import { deletePost, listAdminPosts, listCategories, restorePost } from '#shared/api/blog.ts';
import { toast } from '#app/lib/toast.tsx';
import { getSettings } from '#shared/api/newsletter.ts';
import { searchAdminPosts } from '#shared/api/search.ts';
import { MAX_QUERY_LENGTH } from '#shared/schemas/search.ts';
import { POST_STATUSES, type PostDetails, type PostStatus } from '#shared/schemas/blog.ts';
import type { CursorPageInfo } from '#shared/schemas/paging.ts';
import { isoToZoned } from '#shared/zoned-time.ts';
import { ConfirmDialog } from '#app/components/ui/ConfirmDialog.tsx';
import { call, callPage } from '#app/lib/api-client.ts';
import { usePagedList } from '#app/lib/use-paged-list.ts';
import { LoadMore } from '#app/components/ui/LoadMore.tsx';
import { useSubmit } from '#app/lib/use-submit.ts';
import type { Route } from './+types/blogs';
import { IconButton } from '#app/components/ui/IconButton.tsx';

const ALL = 'all';

const STATUS_BADGES: Record<PostStatus, { label: string; bg: string }> = {
  draft: { label: 'Draft', bg: 'secondary' },
  scheduled: { label: 'Scheduled', bg: 'info' },
  published: { label: 'Published', bg: 'success' },
  pending: { label: 'Pending review', bg: 'warning' },
};

/**
 * Every post with its status, newest first. The list follows the category select, which starts at the
 * first category (docs/product.md#blog-posts), and the status select. It shows the first 50 posts of the
 * filter; "Load more" reads the next ones (docs/api.md#paging), so the screen never loads every post.
 * `?q=` searches the list instead (docs/product.md#search): best matches first, every status, in all
 * categories unless one is picked.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const search = new URL(request.url).searchParams;
  const [categories, { timeZone }, account] = await Promise.all([
    call(listCategories),
    call(getSettings),
    loadAccount(),
  ]);
  // Someone who sees only their own posts starts with all of them; everyone else with the first category.
  const own = account !== null && !can(account, 'posts.all');
  const q = (search.get('q') ?? '').trim().slice(0, MAX_QUERY_LENGTH);
  const selected = search.get('category') ?? (own || q ? ALL : (categories[0]?._id ?? ALL));
  const status = POST_STATUSES.find((s) => s === search.get('status'));
  const firstPage = await pagesOf(selected, status, q)('');
  return { categories, selected, status: status ?? ALL, q, firstPage, timeZone };
}
clientLoader.hydrate = true as const;

const filterQuery = (selected: string, status: string | undefined) => ({
  status: POST_STATUSES.find((s) => s === status),
  categoryId: selected === ALL ? undefined : selected,
});

/**
 * The pages of a filter: the list by keyset, or with a query the search's numbered pages, read by the
 * same "Load more" (the page number is the cursor).
 */
const pagesOf =
  (selected: string, status: string | undefined, q: string) =>
  async (cursor: string): Promise<{ data: PostDetails[]; meta: CursorPageInfo | undefined }> => {
    if (!q) return callPage(listAdminPosts, { query: { ...filterQuery(selected, status), cursor } });
    const page = Number(cursor || '1');
    const { data, meta } = await callPage(searchAdminPosts, {
      query: { q, ...filterQuery(selected, status), page, limit: 50 },
    });
    return {
      data,
      meta: meta && { limit: meta.limit, hasMore: meta.hasMore, next: meta.hasMore ? String(page + 1) : null },
    };
  };

export default function AdminBlogs({ loaderData }: Route.ComponentProps) {
  const { categories, selected, status, q, firstPage, timeZone } = loaderData;
  const [searchParams, setSearchParams] = useSearchParams();
  const pending = usePendingReviews();
  const filter = (name: 'category' | 'status' | 'q', value: string) => {
    const next = new URLSearchParams(searchParams);
    if (name === 'category') next.set('category', value);
    else if (value === ALL || value === '') next.delete(name);
    else next.set(name, value);
    setSearchParams(next);
  };
  return (
    <section className="admin-card">
      <div className="d-flex flex-wrap gap-3 justify-content-between align-items-end mb-3">
        <h1 className="h3 mb-0">Blogs</h1>
        <div className="d-flex flex-wrap gap-2 align-items-end">
          <Form
            role="search"
            onSubmit={(e) => {
              e.preventDefault();
              filter('q', String(new FormData(e.currentTarget).get('q') ?? '').trim());
            }}
          >
            <Form.Group controlId="blog-search">
              <Form.Label className="small mb-1">{SEARCH_MESSAGES.button}</Form.Label>
              <Form.Control
                type="search"
                name="q"
                key={q}
                defaultValue={q}
                maxLength={MAX_QUERY_LENGTH}
                placeholder={SEARCH_MESSAGES.adminPlaceholder}
              />
            </Form.Group>
          </Form>
          <Form.Group controlId="blog-category-filter">
            <Form.Label className="small mb-1">Category</Form.Label>
            <Form.Select value={selected} onChange={(e) => filter('category', e.target.value)}>
              {categories.map((c) => (
                <option key={c._id} value={c._id}>
                  {c.name}
                </option>
              ))}
              <option value={ALL}>All posts</option>
            </Form.Select>
          </Form.Group>
          <Form.Group controlId="blog-status-filter">
            <Form.Label className="small mb-1">Status</Form.Label>
            <Form.Select value={status} onChange={(e) => filter('status', e.target.value)}>
              <option value={ALL}>Any status</option>
              {POST_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_BADGES[s].label}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <Link to="/admin/blogs/create" className="btn btn-primary">
            Add New
          </Link>
        </div>
      </div>
      {pending > 0 && status !== 'pending' ? (
        <Alert variant="warning" className="d-flex flex-wrap gap-2 align-items-center">
          <span className="me-auto">{TEAM_UI_MESSAGES.pendingBadge(pending)}</span>
          <Link to="/admin/blogs?category=all&status=pending" className="btn btn-sm btn-outline-dark">
            Show the review queue
          </Link>
        </Alert>
      ) : null}
      {/* A new filter is a new list: it starts again from the loader's first page. */}
      <PostList key={`${selected} ${status} ${q}`} {...{ selected, status, q, firstPage, timeZone }} />
    </section>
  );
}

type PostListProps = Pick<Route.ComponentProps['loaderData'], 'selected' | 'status' | 'q' | 'firstPage' | 'timeZone'>;

/** The loaded pages of one filter, with Load more; a deleted post leaves the rows in place. */
function PostList({ selected, status, q, firstPage, timeZone }: PostListProps) {
  const fetchPage = useCallback((cursor: string) => pagesOf(selected, status, q)(cursor), [selected, status, q]);
  const list = usePagedList<PostDetails>(fetchPage, firstPage);
  const posts = list.items ?? [];
  const [deleting, setDeleting] = useState<PostDetails | null>(null);
  const removing = useSubmit();
  // Only the controls the role can use (shared/roles.ts): the trash's Undo, and a Contributor's own drafts.
  const account = useAccount();
  const mayUndo = !account || can(account, 'trash');
  const mayDelete = (post: PostDetails) =>
    !account || can(account, 'posts.publish') || post.status === 'draft' || post.status === 'pending';

  const remove = async (post: PostDetails) => {
    setDeleting(null);
    const at = posts.findIndex((row) => row._id === post._id);
    const removed = await removing.run(() => call(deletePost, { params: { id: post._id } }), {
      success: UI_MESSAGES.blogDeleted,
    });
    if (!removed) return;
    list.update((rows) => rows.filter((row) => row._id !== post._id));
    if (!mayUndo) return;
    // The post is in the trash for 30 days; the Undo takes it back out at once, into its old row.
    toast.undo(UI_MESSAGES.deleted(post.title), () => {
      let restored: PostDetails | undefined;
      const restore = async () => (restored = await call(restorePost, { params: { id: post._id } }));
      void removing.run(restore, { success: UI_MESSAGES.restoredFromTrash(post.title) }).then((ok) => {
        if (ok && restored) list.update((rows) => rows.toSpliced(Math.max(0, at), 0, restored!));
      });
    });
  };

  return (
    <>
      <div className="table-responsive">
        <Table striped bordered hover className="align-middle bg-white">
          <thead>
            <tr>
              <th scope="col">S.No.</th>
              <th scope="col">title</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {q && list.items?.length === 0 ? (
              <tr>
                <td colSpan={3}>{SEARCH_MESSAGES.adminNoResults}</td>
              </tr>
            ) : null}
            {posts.map((post, index) => (
              <tr key={post._id}>
                <td>{index + 1}</td>
                <td>
                  {post.title}{' '}
                  <Badge bg={STATUS_BADGES[post.status].bg} className="ms-1 align-middle" data-testid="post-status">
                    {STATUS_BADGES[post.status].label}
                  </Badge>
                  {post.status === 'scheduled' && post.publishAt ? (
                    <span className="small text-body-secondary ms-2">
                      {isoToZoned(post.publishAt, timeZone).replace('T', ' ')} ({timeZone})
                    </span>
                  ) : null}
                </td>
                <td className="text-nowrap">
                  <IconButton kind="edit" label={`Edit ${post.title}`} to={`/admin/blogs/edit/${post._id}`} />
                  {mayDelete(post) ? (
                    <IconButton kind="delete" label={`Delete ${post.title}`} onClick={() => setDeleting(post)} />
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      <LoadMore list={list} />
      <ConfirmDialog
        show={deleting !== null}
        message={`Delete "${deleting?.title ?? ''}"? It stays in the Trash for 30 days.`}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && void remove(deleting)}
      />
    </>
  );
}
