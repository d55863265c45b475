/**
 * When the session ends in the middle of an admin action (the server answers 401), the screen stays as
 * it is and a login dialog opens in place (docs/product.md#access-and-session); the action is retried
 * once after logging in. This is the small store between the API client, which asks, and the dialog
 * (app/features/auth/ReLoginDialog.tsx), which answers. Several calls failing at once share one dialog.
 */
type Listener = () => void;

let waiting: { promise: Promise<boolean>; resolve: (loggedIn: boolean) => void } | null = null;
const listeners = new Set<Listener>();
const notify = () => listeners.forEach((listener) => listener());

/** Opens the dialog (once) and answers whether the administrator logged in again. */
export function askToLogInAgain(): Promise<boolean> {
  if (!waiting) {
    let resolve!: (loggedIn: boolean) => void;
    const promise = new Promise<boolean>((r) => (resolve = r));
    waiting = { promise, resolve };
    notify();
  }
  return waiting.promise;
}

/** The dialog's answer: logged in again, or gave up (then the session is cleared). */
export function answerLogIn(loggedIn: boolean): void {
  const current = waiting;
  waiting = null;
  notify();
  current?.resolve(loggedIn);
}

export const reLoginStore = {
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  isOpen: () => waiting !== null,
};
