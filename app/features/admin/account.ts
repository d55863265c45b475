import { redirect, useRouteLoaderData } from 'react-router';
import { getAccount } from '#shared/api/staff.ts';
import { can, type Capability } from '#shared/roles.ts';
import type { Account } from '#shared/schemas/staff.ts';
import { call } from '#app/lib/api-client.ts';
import { onSessionCleared, storedToken } from '#app/lib/session.ts';
import { capabilityOf, firstScreenFor } from './nav';

/**
 * The signed-in person's role and switches (docs/product.md#team-and-roles): asked of the server once per
 * session token and kept in memory, never in the stored session (whose shape the spec fixes). The admin
 * layout's loader reads it before any screen shows; the screens read it with `useAccount` and `useCan`.
 */
let cache: { token: string; account: Promise<Account | null>; value?: Account } | null = null;

onSessionCleared(() => {
  cache = null;
});

/**
 * The account of the stored session's token: fetched on the first call, from memory afterwards. Null when
 * the server does not answer it (a session that has ended, the server away): nothing is decided for the
 * role then, and the screen's own requests meet the ended session as they always did (a page's read goes
 * to the login, an action asks to log in again, app/lib/api-client.ts). A null is not kept: the next
 * navigation asks again.
 */
export function loadAccount(): Promise<Account | null> {
  const token = storedToken() ?? '';
  if (cache?.token !== token) {
    const entry: NonNullable<typeof cache> = {
      token,
      account: call(getAccount, { endSessionOn401: false }).then(
        (account) => (entry.value = account),
        () => {
          if (cache === entry) cache = null;
          return null;
        },
      ),
    };
    cache = entry;
  }
  return cache.account;
}

/** Forgets the account, so the next load asks the server again (after handing the site over). */
export function forgetAccount(): void {
  cache = null;
}

export const ADMIN_LAYOUT_ID = 'routes/admin/layout';

/** The signed-in person's account, from the admin layout's loader; null when the server did not say. */
export function useAccount(): Account | null {
  const data = useRouteLoaderData(ADMIN_LAYOUT_ID) as { account: Account | null } | undefined;
  return data?.account ?? null;
}

/** Whether the signed-in person may do this (shared/roles.ts); nothing while the account is unknown. */
export function useCan(capability: Capability): boolean {
  const account = useAccount();
  return account !== null && can(account, capability);
}

/**
 * For a screen's loader whose reads the role may lack: waits for the account (the layout's own request,
 * shared through the cache) and, when the role may not open the screen, leaves for the first one it may
 * open, as the layout's loader does, before any request of the screen is sent.
 */
export async function guardScreen(request: Request): Promise<void> {
  const account = await loadAccount();
  if (account && !can(account, capabilityOf(new URL(request.url).pathname))) throw redirect(firstScreenFor(account));
}
