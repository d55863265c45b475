import { useCallback, useEffect, useState } from 'react';
import { discardAutosave, saveAutosave, type Autosave } from '#shared/api/autosave.ts';
import { call } from '#app/lib/api-client.ts';
import type { PostFormValues } from './post-form';

/** Seconds of pause in typing before the text is autosaved. */
const PAUSE_MS = 2500;
const localKey = (key: string) => `post-autosave:${key}`;

export type AutosaveState = 'idle' | 'saving' | 'saved' | 'failed';

function readLocal(key: string): Autosave | null {
  try {
    return JSON.parse(localStorage.getItem(localKey(key)) ?? 'null') as Autosave | null;
  } catch {
    return null;
  }
}

/**
 * The post editor's autosave (docs/product.md#autosave): every change is kept in this browser at once
 * (a crashed or closed tab loses nothing) and, after a pause in typing, on the server as the
 * administrator's autosave of the post — never the post itself, so it never publishes and never
 * e-mails. On opening, the newest unsaved text that differs from the post is offered back.
 */
export function usePostAutosave(options: {
  /** The post's id, or 'new'. */
  key: string;
  values: PostFormValues;
  dirty: boolean;
  /** The server's autosave of the post when the editor opened. */
  server: Autosave | null;
  /** The post as stored, to tell whether an autosave holds anything it does not. */
  stored: PostFormValues;
}) {
  const { key, values, dirty } = options;
  // Where the last autosave stands, and of which text: once the text moves on, it is unsaved again.
  const [last, setLast] = useState<{ state: AutosaveState; of: string }>({ state: 'idle', of: '' });
  const current = JSON.stringify(values);
  const state: AutosaveState = last.of === current ? last.state : 'idle';
  const [offer, setOffer] = useState<Autosave | null>(() => {
    const local = typeof window === 'undefined' ? null : readLocal(key);
    const newest = [options.server, local]
      .filter((a): a is Autosave => a !== null)
      .sort((a, b) => b.savedAt.localeCompare(a.savedAt))[0];
    return newest && JSON.stringify({ ...options.stored, ...newest.data }) !== JSON.stringify(options.stored)
      ? newest
      : null;
  });

  useEffect(() => {
    if (!dirty) return;
    localStorage.setItem(localKey(key), JSON.stringify({ data: values, savedAt: new Date().toISOString() }));
    const of = JSON.stringify(values);
    const timer = setTimeout(() => {
      setLast({ state: 'saving', of });
      call(saveAutosave, { params: { key }, body: { data: { ...values } } })
        .then(() => setLast({ state: 'saved', of }))
        .catch(() => setLast({ state: 'failed', of }));
    }, PAUSE_MS);
    return () => clearTimeout(timer);
  }, [key, values, dirty]);

  /** The post was saved: its autosaves are of no more use. */
  const clear = useCallback(() => {
    localStorage.removeItem(localKey(key));
    void call(discardAutosave, { params: { key } }).catch(() => undefined);
  }, [key]);

  return {
    state,
    offer,
    /** Takes the offered text (the caller puts it in the form). */
    restore: () => {
      const data = offer?.data as Partial<PostFormValues> | undefined;
      setOffer(null);
      return data;
    },
    discard: () => {
      setOffer(null);
      clear();
    },
    clear,
  };
}
