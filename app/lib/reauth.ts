/**
 * When a sensitive admin action answers that the session must prove who it is again (403 with
 * SESSION_MESSAGES.reauthRequired, docs/product.md#re-authentication), the screen stays as it is and the
 * "Confirm it's you" dialog opens in place (app/features/auth/ReauthDialog.tsx); the action is retried once
 * after confirming. This is the small store between the API client, which asks, and the dialog, which
 * answers. Several calls asking at once share one dialog.
 */
type Listener = () => void;

let waiting: { promise: Promise<boolean>; resolve: (confirmed: boolean) => void } | null = null;
const listeners = new Set<Listener>();
const notify = () => listeners.forEach((listener) => listener());

/** Opens the dialog (once) and answers whether the person confirmed who they are. */
export function askToConfirmIdentity(): Promise<boolean> {
  if (!waiting) {
    let resolve!: (confirmed: boolean) => void;
    const promise = new Promise<boolean>((r) => (resolve = r));
    waiting = { promise, resolve };
    notify();
  }
  return waiting.promise;
}

/** The dialog's answer: confirmed, or cancelled (the action then fails with a clear message). */
export function answerConfirmIdentity(confirmed: boolean): void {
  const current = waiting;
  waiting = null;
  notify();
  current?.resolve(confirmed);
}

export const reauthStore = {
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  isOpen: () => waiting !== null,
};
