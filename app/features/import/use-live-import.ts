import { useEffect, useRef, useState } from 'react';
import { getImport, type Import, type ImportStatus } from '#shared/api/imports.ts';
import { call } from '#app/lib/api-client.ts';

/** The states in which the server's job is working on the import: the screen follows its progress. */
export const WORKING: ReadonlySet<ImportStatus> = new Set(['queued', 'running', 'undoing']);

const POLL_MS = 1_000;

/**
 * An import as the server has it now: read again every second while its job works (the job is the
 * server's, docs/decisions/0038-import.md, so leaving the screen and coming back shows the same progress).
 * `onSettled` runs once when the job has finished (the list of imports is read again then).
 */
export function useLiveImport(initial: Import, onSettled: () => void) {
  const [current, setCurrent] = useState(initial);
  const working = WORKING.has(current.status);
  const settled = useRef(onSettled);
  useEffect(() => {
    settled.current = onSettled;
  });
  const wasWorking = useRef(working);

  useEffect(() => {
    if (!working) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      try {
        const next = await call(getImport, { params: { id: current._id } });
        if (!stopped) setCurrent(next);
      } catch {
        // A missed reading (the network, a restart of the server): the next one tells.
      }
      if (!stopped) timer = setTimeout(() => void poll(), POLL_MS);
    };
    timer = setTimeout(() => void poll(), POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [working, current._id]);

  useEffect(() => {
    if (wasWorking.current && !working) settled.current();
    wasWorking.current = working;
  }, [working]);

  return [current, setCurrent] as const;
}
