import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { useNavigate } from 'react-router';
import { toast } from '#app/lib/toast.tsx';
import { MESSAGES } from '#shared/messages.ts';
import { createPost, getPost, listCategories, updatePost } from '#shared/api/blog.ts';
import type { BlogFormValues, BlogPost } from '#shared/schemas/blog.ts';
import { ImageUpload } from '#app/components/ui/ImageUpload.tsx';
import { RichTextEditor } from '#app/components/ui/RichTextEditor.tsx';
import { SpinnerButton } from '#app/components/ui/SpinnerButton.tsx';
import { TextField } from '#app/components/ui/TextField.tsx';
import { call } from '#app/lib/api-client.ts';
import { useSubmit } from '#app/lib/use-submit.ts';
import type { Route } from './+types/blog-form';

/** Create (`/admin/blogs/create`) and edit (`/admin/blogs/edit/:id`) share this screen. */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const categories = await call(listCategories);
  let post: BlogPost | null = null;
  if (params.id) {
    try {
      post = await call(getPost, { params: { id: params.id } });
    } catch (err) {
      // A failed load shows its message (docs/product.md#error-catalogue).
      toast.error(err instanceof Error ? err.message : String(err));
    }
  }
  return { categories, post, editing: Boolean(params.id) };
}
clientLoader.hydrate = true as const;

type Values = { [K in keyof BlogFormValues]-?: string };

const fromPost = (post: BlogPost | null): Values => ({
  title: post?.title ?? '',
  excerpt: post?.excerpt ?? '',
  blogCategory: post?.blogCategory[0]?._id ?? '',
  content: post?.content ?? '',
  featureImage: post?.featureImage ?? '',
});

function BlogForm({ categories, post, editing }: Route.ComponentProps['loaderData']) {
  const navigate = useNavigate();
  const [values, setValues] = useState(() => fromPost(post));
  const saving = useSubmit();
  const set = (name: keyof Values, value: string) => setValues((v) => ({ ...v, [name]: value }));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const saved =
      editing && post
        ? await saving.run(() => call(updatePost, { params: { id: post._id }, body: { ...values, _id: post._id } }), {
            success: MESSAGES.blogUpdated,
          })
        : await saving.run(() => call(createPost, { body: values }), { success: MESSAGES.blogCreated });
    if (saved) navigate('/admin/blogs');
  };

  return (
    <section className="admin-card">
      <h1 className="h3 mb-4">{editing ? 'Edit Blog' : 'Create Blog'}</h1>
      <form noValidate onSubmit={submit} aria-label="Blog">
        <TextField id="blog-title" label="Title" value={values.title} onChange={(v) => set('title', v)} />
        <TextField
          id="blog-excerpt"
          label="Excerpt"
          as="textarea"
          rows={2}
          value={values.excerpt}
          onChange={(v) => set('excerpt', v)}
        />
        <Form.Group className="mb-3" controlId="blog-category">
          <Form.Label>Select Category</Form.Label>
          <Form.Select value={values.blogCategory} onChange={(e) => set('blogCategory', e.target.value)}>
            <option value="">Uncategorized</option>
            {categories.map((c) => (
              <option key={c._id} value={c._id}>
                {c.name}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <ImageUpload
          label="Image"
          accept="image/*"
          toastOnError={false}
          value={values.featureImage}
          onUploaded={(url) => set('featureImage', url)}
        />
        <RichTextEditor
          id="blog-content"
          label="Content"
          height={500}
          value={values.content}
          onChange={(v) => set('content', v)}
        />
        <SpinnerButton type="submit" loading={saving.busy} className="px-5">
          Save
        </SpinnerButton>
      </form>
    </section>
  );
}

export default function BlogFormRoute({ loaderData }: Route.ComponentProps) {
  return <BlogForm key={loaderData.post?._id ?? 'new'} {...loaderData} />;
}
