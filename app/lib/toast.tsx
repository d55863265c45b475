import { lazy, Suspense, useSyncExternalStore } from 'react';
import type * as ToastifyModule from 'react-toastify';

/**
 * Toasts without putting the toast library on every page: react-toastify (about 10 KB gzipped with its
 * injected styles) loads on the first toast. It queues toasts until a container mounts, so the first one
 * shows as soon as the module has arrived; auto-close timing starts when it is shown.
 */
type Toastify = typeof ToastifyModule;

let library: Promise<Toastify> | null = null;
let requested = false;
const onRequest = new Set<() => void>();

function load(): Promise<Toastify> {
  if (!requested) {
    requested = true;
    onRequest.forEach((listener) => listener());
  }
  return (library ??= import('react-toastify'));
}

/** How long an Undo stays on offer: longer than a plain toast, so there is time to react. */
const UNDO_MS = 10_000;

export const toast = {
  success: (message: string) => void load().then((m) => m.toast.success(message)),
  error: (message: string) => void load().then((m) => m.toast.error(message)),
  /** A toast with an Undo button that runs `undo` (once) and closes the toast. */
  undo: (message: string, undo: () => void) =>
    void load().then((m) =>
      m.toast.info(
        ({ closeToast }) => (
          <span className="toast-undo" data-testid="undo-toast">
            {message}{' '}
            <button
              type="button"
              className="btn btn-sm btn-link p-0 align-baseline"
              onClick={() => {
                closeToast();
                undo();
              }}
            >
              Undo
            </button>
          </span>
        ),
        { autoClose: UNDO_MS },
      ),
    ),
};

const ToastContainer = lazy(() => load().then((m) => ({ default: m.ToastContainer })));

function subscribe(listener: () => void) {
  onRequest.add(listener);
  return () => {
    onRequest.delete(listener);
  };
}

/** Mounts the toast container once the first toast is asked for (never during server rendering). */
export function Toasts({ autoClose }: { autoClose: number }) {
  const show = useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer autoClose={autoClose} position="top-right" />
    </Suspense>
  );
}
