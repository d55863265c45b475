import { useEffect, useRef, useState } from 'react';
import { beatPresence, leavePresence, PRESENCE_BEAT_MS, type PresenceOther } from '#shared/api/presence.ts';
import { call } from '#app/lib/api-client.ts';

/** Typing is told within this long (at once after a quiet spell), rather than at the next beat. */
const TYPED_SOON_MS = 5_000;

/** A random id for this editor (crypto.randomUUID needs a secure context; getRandomValues does not). */
function newTabId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Who else has this post or section open (docs/product.md#edit-conflicts): this editor says it is open
 * every PRESENCE_BEAT_MS, says when its person typed (`typing` changes on every edit), says it closed when
 * it unmounts or the page goes away, and answers the others heard of. A failed beat (offline, a session
 * that ended) changes nothing: the signal is a hint, never a lock. `subject` null: a new, unsaved post.
 */
export function usePresence(subject: string | null, typing: unknown): PresenceOther[] {
  const [others, setOthers] = useState<PresenceOther[]>([]);
  const [tab] = useState(newTabId);
  const typed = useRef(false);
  const lastBeat = useRef(0);
  const beat = useRef<() => void>(() => undefined);
  const soon = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (!subject) return;
    let live = true;
    beat.current = () => {
      clearTimeout(soon.current);
      soon.current = undefined;
      lastBeat.current = Date.now();
      const body = { subject, tab, typed: typed.current };
      typed.current = false;
      call(beatPresence, { body, endSessionOn401: false }).then(
        (answer) => live && setOthers(answer.others),
        () => undefined,
      );
    };
    const leave = () =>
      void call(leavePresence, { body: { subject, tab }, keepalive: true, endSessionOn401: false }).catch(
        () => undefined,
      );
    beat.current();
    const timer = setInterval(() => beat.current(), PRESENCE_BEAT_MS);
    window.addEventListener('pagehide', leave);
    return () => {
      live = false;
      clearInterval(timer);
      clearTimeout(soon.current);
      window.removeEventListener('pagehide', leave);
      beat.current = () => undefined;
      leave();
    };
  }, [subject, tab]);

  // Not on the first render: opening the editor is not typing.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    typed.current = true;
    const wait = lastBeat.current + TYPED_SOON_MS - Date.now();
    if (wait <= 0) beat.current();
    else soon.current ??= setTimeout(() => beat.current(), wait);
  }, [typing]);

  return others;
}
