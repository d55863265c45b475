import type { AuthService } from '#server/modules/auth/service.ts';
import type { ReviewHooks } from '#server/modules/blog/review.ts';
import type { MailService } from '#server/modules/mail/service.ts';
import { escapeHtml } from '#server/lib/escape-html.ts';

/**
 * "Request changes" e-mails the post's writers (docs/product.md#review): the blog knows the post and its
 * authors' ids, the auth module their addresses, the mail module sends. The mails are queued in the
 * transaction that sends the post back, so there is a mail exactly when the note is stored.
 */
export function changesRequestedMails(deps: {
  auth: AuthService;
  mail: MailService;
  siteName: string;
  publicUrl: string;
}): NonNullable<ReviewHooks['onChangesRequested']> {
  return async (trx, { post, note, by, authorIds }) => {
    const link = `${deps.publicUrl}/admin/blogs/edit/${post._id}`;
    const writers = await deps.auth.contactsOf(authorIds, trx);
    await deps.mail.queueMany(
      writers.map((writer) => ({
        kind: 'review-changes',
        requestedBy: by,
        to: writer.email,
        subject: `Changes requested: ${post.title}`,
        text: `${by} read "${post.title}" and asks for changes before it is published:\n\n${note}\n\nEdit the post and submit it again:\n${link}\n\n${deps.siteName}\n`,
        html: `<p>${escapeHtml(by)} read “${escapeHtml(post.title)}” and asks for changes before it is published:</p><blockquote style="white-space:pre-wrap">${escapeHtml(note)}</blockquote><p><a href="${escapeHtml(link)}">Edit the post and submit it again</a></p><p>${escapeHtml(deps.siteName)}</p>`,
      })),
      trx,
    );
  };
}
