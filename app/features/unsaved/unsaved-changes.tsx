import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { useBlocker } from 'react-router';
import { leaving } from '#app/lib/leaving.ts';

/**
 * The unsaved-changes guard of the admin (docs/product.md#unsaved-changes): any form with edits not yet
 * saved marks itself dirty; while one is, leaving the page by a link, the sidebar or the browser's back
 * button asks first, and closing the tab gets the browser's own question. React Router allows one
 * blocker at a time, so the admin layout holds it and the forms only report.
 */
/** Sent when the administrator chose to stay: a leave that was under way (a logout) is called off. */
export const STAYED_EVENT = 'admin:stayed';

interface Guard {
  setDirty: (key: string, dirty: boolean) => void;
  /** Whether a form on screen has edits not saved (leaving now would ask first). */
  hasUnsavedChanges: () => boolean;
}
const GuardContext = createContext<Guard | null>(null);

/**
 * Marks the calling form dirty (or clean) for as long as it is on the page. `markSaved()` tells the
 * guard at once that the edits are saved, for a form that navigates away right after saving.
 */
export function useUnsavedChanges(dirty: boolean) {
  const guard = useContext(GuardContext);
  const key = useId();
  useEffect(() => {
    guard?.setDirty(key, dirty);
  }, [guard, key, dirty]);
  useEffect(() => () => guard?.setDirty(key, false), [guard, key]);
  return { markSaved: useCallback(() => guard?.setDirty(key, false), [guard, key]) };
}

/** The guard itself, for the admin layout's own leaving (Logout). */
export function useUnsavedChangesGuard(): Guard {
  const guard = useContext(GuardContext);
  if (!guard) throw new Error('useUnsavedChangesGuard is used outside <UnsavedChangesGuard>');
  return guard;
}

export function UnsavedChangesGuard({ children }: { children: React.ReactNode }) {
  const [dirtyKeys, setDirtyKeys] = useState<ReadonlySet<string>>(new Set());
  // What the blocker reads: updated at once, while the state above re-renders later.
  const dirtyNow = useRef<Set<string>>(new Set());
  const setDirty = useCallback((key: string, dirty: boolean) => {
    if (dirty) dirtyNow.current.add(key);
    else dirtyNow.current.delete(key);
    setDirtyKeys((keys) => {
      if (keys.has(key) === dirty) return keys;
      const next = new Set(keys);
      if (dirty) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);
  const guard = useMemo(() => ({ setDirty, hasUnsavedChanges: () => dirtyNow.current.size > 0 }), [setDirty]);
  const dirty = dirtyKeys.size > 0;

  // Another page of the admin (not a new search of this one, such as a list's filter).
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyNow.current.size > 0 && currentLocation.pathname !== nextLocation.pathname,
  );

  const stay = () => {
    blocker.reset?.();
    window.dispatchEvent(new Event(STAYED_EVENT));
  };

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      if (leaving.onPurpose) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  return (
    <GuardContext.Provider value={guard}>
      {children}
      <Modal show={blocker.state === 'blocked'} onHide={stay} centered aria-labelledby="unsaved-title">
        <Modal.Header closeButton>
          <Modal.Title as="h2" id="unsaved-title" className="h5">
            Leave without saving?
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>You have changes that are not saved. If you leave this page, they are lost.</Modal.Body>
        <Modal.Footer>
          <Button variant="primary" onClick={stay}>
            Stay on this page
          </Button>
          <Button
            variant="outline-danger"
            onClick={() => {
              dirtyNow.current.clear();
              setDirtyKeys(new Set());
              blocker.proceed?.();
            }}
          >
            Leave without saving
          </Button>
        </Modal.Footer>
      </Modal>
    </GuardContext.Provider>
  );
}
