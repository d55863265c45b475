import { useState } from 'react';
import { PUBLISH_CONFIRM_MESSAGES } from '#shared/messages.ts';
import { ConfirmDialog } from '#app/components/ui/ConfirmDialog.tsx';
import type { PostFormValues } from './post-form';

/**
 * Whether Save publishes the post now and e-mails it: status Published with the e-mail box ticked, for a
 * post not yet e-mailed, by someone who may send newsletters, with subscribers to mail (`audience` 0:
 * nobody; null: not known, so asked). A scheduled post never publishes on Save (a time not in the future
 * is refused, server/modules/blog/post-input.ts): the scheduler publishes and e-mails it when it is due.
 */
export function mailsOnSave(
  values: PostFormValues,
  post: { emailed: boolean; mayNewsletter: boolean; audience: number | null },
): boolean {
  return (
    values.status === 'published' && values.sendNewsletter && post.mayNewsletter && !post.emailed && post.audience !== 0
  );
}

/**
 * Publishing with a second look (docs/product.md#newsletter): `ask(run)` runs a save at once, or first
 * asks "Publish and e-mail N subscribers?" when it would mail them; Cancel saves nothing and keeps the form.
 */
export function usePublishConfirm(needed: boolean, audience: number | null) {
  const [pending, setPending] = useState<(() => void) | null>(null);
  return {
    ask(run: () => void) {
      if (needed) setPending(() => run);
      else run();
    },
    dialog: (
      <ConfirmDialog
        show={pending !== null}
        message={PUBLISH_CONFIRM_MESSAGES.question(audience)}
        confirmLabel={PUBLISH_CONFIRM_MESSAGES.confirm}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          const run = pending;
          setPending(null);
          run?.();
        }}
      />
    ),
  };
}
