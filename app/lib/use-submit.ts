import { useState } from 'react';
import { MESSAGES } from '#shared/messages.ts';
import { ApiError } from './api-client';
import { toast } from './toast';

/**
 * How a failed admin action is told: the server's message (or the generic text when it gives none), the
 * generic text whatever the server said, nothing (the banner form, docs/product.md#error-catalogue), or a
 * handler of its own.
 */
export type OnFailure = 'server-message' | 'generic' | 'silent' | ((err: unknown) => void);

/** The server's message of a failed call, or `fallback` when there is none. */
export const failureMessage = (err: unknown, fallback: string = MESSAGES.somethingWentWrong) =>
  err instanceof ApiError && err.message ? err.message : fallback;

/**
 * The busy / error / toast pattern of every admin form: `busy` while the work runs (the button's
 * spinner), a success toast when it is given one, the failure told as `onFailure` says. `run` answers
 * whether the work succeeded.
 */
export function useSubmit() {
  const [busy, setBusy] = useState(false);
  async function run<T>(
    work: () => Promise<T>,
    options: { success?: string | ((result: T) => string); onFailure?: OnFailure } = {},
  ): Promise<boolean> {
    setBusy(true);
    try {
      const result = await work();
      const success = typeof options.success === 'function' ? options.success(result) : options.success;
      if (success) toast.success(success);
      return true;
    } catch (err) {
      const onFailure = options.onFailure ?? 'server-message';
      if (typeof onFailure === 'function') onFailure(err);
      else if (onFailure === 'server-message') toast.error(failureMessage(err));
      else if (onFailure === 'generic') toast.error(MESSAGES.somethingWentWrong);
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { busy, run };
}
