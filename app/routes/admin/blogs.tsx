import { useState } from 'react';
import { Form, Table } from 'react-bootstrap';
import { Link, useRevalidator, useSearchParams } from 'react-router';
import { UI_MESSAGES } from '#shared/messages.ts';
import { deletePost, listCategories, listPosts, listPostsOfCategory } from '#shared/api/blog.ts';
import type { BlogPost } from '#shared/schemas/blog.ts';
import { ConfirmDialog } from '#app/components/ui/ConfirmDialog.tsx';
import { call } from '#app/lib/api-client.ts';
import { useSubmit } from '#app/lib/use-submit.ts';
import type { Route } from './+types/blogs';
import { IconButton } from '#app/components/ui/IconButton.tsx';

const ALL = 'all';

/** The list follows the category select, which starts at the first category (docs/product.md#blog-posts). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const categories = await call(listCategories);
  const selected = new URL(request.url).searchParams.get('category') ?? categories[0]?._id ?? ALL;
  const posts =
    selected === ALL ? await call(listPosts) : await call(listPostsOfCategory, { params: { categoryId: selected } });
  return { categories, selected, posts };
}
clientLoader.hydrate = true as const;

export default function AdminBlogs({ loaderData }: Route.ComponentProps) {
  const { categories, selected, posts } = loaderData;
  const [, setSearchParams] = useSearchParams();
  const revalidator = useRevalidator();
  const [deleting, setDeleting] = useState<BlogPost | null>(null);
  const removing = useSubmit();

  const remove = async (post: BlogPost) => {
    setDeleting(null);
    const removed = await removing.run(() => call(deletePost, { params: { id: post._id } }), {
      success: UI_MESSAGES.blogDeleted,
    });
    if (removed) await revalidator.revalidate();
  };

  return (
    <section className="admin-card">
      <div className="d-flex flex-wrap gap-3 justify-content-between align-items-end mb-3">
        <h1 className="h3 mb-0">Blogs</h1>
        <div className="d-flex gap-2 align-items-end">
          <Form.Group controlId="blog-category-filter">
            <Form.Label className="small mb-1">Category</Form.Label>
            <Form.Select value={selected} onChange={(e) => setSearchParams({ category: e.target.value })}>
              {categories.map((c) => (
                <option key={c._id} value={c._id}>
                  {c.name}
                </option>
              ))}
              <option value={ALL}>All posts</option>
            </Form.Select>
          </Form.Group>
          <Link to="/admin/blogs/create" className="btn btn-primary">
            Add New
          </Link>
        </div>
      </div>
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
            {posts.map((post, index) => (
              <tr key={post._id}>
                <td>{index + 1}</td>
                <td>{post.title}</td>
                <td className="text-nowrap">
                  <IconButton kind="edit" label={`Edit ${post.title}`} to={`/admin/blogs/edit/${post._id}`} />
                  <IconButton kind="delete" label={`Delete ${post.title}`} onClick={() => setDeleting(post)} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
      <ConfirmDialog
        show={deleting !== null}
        message={`Delete "${deleting?.title ?? ''}"? This cannot be undone.`}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && void remove(deleting)}
      />
    </section>
  );
}
