import { useEffect, useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { PROFILE_MESSAGES } from '#shared/messages.ts';
import { listAuthors, setPostAuthors } from '#shared/api/profile.ts';
import type { PostAuthor } from '#shared/schemas/profile.ts';
import { SpinnerButton } from '#app/components/ui/SpinnerButton.tsx';
import { useCan } from '#app/features/admin/account.ts';
import { call } from '#app/lib/api-client.ts';
import { useSubmit } from '#app/lib/use-submit.ts';

/**
 * A saved post's authors, in byline order (docs/product.md#profiles-and-author-pages): shown only to
 * people who may change them (`posts.all`), and saved on their own, apart from the post.
 */
export function AuthorsPanel({ postId, authors }: { postId: string; authors: PostAuthor[] }) {
  const [people, setPeople] = useState<PostAuthor[] | null>(null);
  const [chosen, setChosen] = useState<PostAuthor[]>(authors);
  const [saved, setSaved] = useState<PostAuthor[]>(authors);
  const saving = useSubmit();
  const mayChange = useCan('posts.all');

  useEffect(() => {
    if (!mayChange) return;
    let live = true;
    call(listAuthors)
      .then((list) => live && setPeople(list))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [mayChange]);

  if (!mayChange || !people) return null;
  const others = people.filter((person) => !chosen.some((c) => c._id === person._id));
  const dirty = chosen.map((c) => c._id).join() !== saved.map((c) => c._id).join();
  const save = async () => {
    await saving.run(
      async () => {
        const result = await call(setPostAuthors, {
          params: { id: postId },
          body: { authorIds: chosen.map((c) => c._id) },
        });
        setChosen(result);
        setSaved(result);
      },
      { success: PROFILE_MESSAGES.authorsSaved },
    );
  };
  return (
    <fieldset className="border rounded-3 p-3 mb-3" aria-labelledby="post-authors-legend">
      <legend id="post-authors-legend" className="h6 float-none w-auto px-1 mb-2">
        {PROFILE_MESSAGES.authorsLabel}
      </legend>
      <ol className="list-unstyled mb-2" aria-label="Chosen authors">
        {chosen.map((author) => (
          <li key={author._id} className="d-flex align-items-center justify-content-between gap-2 mb-1">
            <span>{author.name}</span>
            <Button
              size="sm"
              variant="link"
              className="p-0 text-danger"
              disabled={chosen.length === 1}
              aria-label={`Remove ${author.name}`}
              onClick={() => setChosen((list) => list.filter((c) => c._id !== author._id))}
            >
              Remove
            </Button>
          </li>
        ))}
      </ol>
      {others.length > 0 && chosen.length < 10 ? (
        <Form.Select
          size="sm"
          className="mb-2"
          aria-label="Add an author"
          value=""
          onChange={(e) => {
            const person = people.find((p) => p._id === e.target.value);
            if (person) setChosen((list) => [...list, person]);
          }}
        >
          <option value="">Add an author…</option>
          {others.map((person) => (
            <option key={person._id} value={person._id}>
              {person.name}
            </option>
          ))}
        </Form.Select>
      ) : null}
      <SpinnerButton
        size="sm"
        variant="outline-primary"
        loading={saving.busy}
        disabled={!dirty}
        onClick={() => void save()}
      >
        Update authors
      </SpinnerButton>
    </fieldset>
  );
}
