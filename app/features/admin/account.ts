import { useRouteLoaderData } from 'react-router';
import { getAccount } from '#shared/api/staff.ts';
import { can, type Capability } from '#shared/roles.ts';
import type { Account } from '#shared/schemas/staff.ts';
import { call } from '#app/lib/api-client.ts';
import { onSessionCleared, storedToken } from '#app/lib/session.ts';

/**
 * The signed-in person's role and switches (docs/product.md#team-and-roles): asked of the server once per
 * session token and kept in memory, never in the stored session (whose shape the spec fixes). The admin
 * layout's loader reads it before any screen shows; the screens read it with `useAccount` and `useCan`.
 */
let cache: { token: string; account: Promise<Account>; value?: Account } | null = null;

onSessionCleared(() => {
  cache = null;
});

/** The account of the stored session's token: fetched on the first call, from memory afterwards. */
export function loadAccount(): Promise<Account> {
  const token = storedToken() ?? '';
  if (cache?.token !== token) {
    const entry: NonNullable<typeof cache> = { token, account: call(getAccount) };
    entry.account.then(
      (account) => (entry.value = account),
      () => {
        // A failed read is not kept: the next navigation asks again.
        if (cache === entry) cache = null;
      },
    );
    cache = entry;
  }
  return cache.account;
}

/** Forgets the account, so the next load asks the server again (after handing the site over). */
export function forgetAccount(): void {
  cache = null;
}

export const ADMIN_LAYOUT_ID = 'routes/admin/layout';

/** The signed-in person's account, from the admin layout's loader. */
export function useAccount(): Account {
  const data = useRouteLoaderData(ADMIN_LAYOUT_ID) as { account: Account } | undefined;
  const account = data?.account ?? cache?.value;
  if (!account) throw new Error('useAccount is used outside the admin layout');
  return account;
}

/** Whether the signed-in person may do this (shared/roles.ts). */
export function useCan(capability: Capability): boolean {
  return can(useAccount(), capability);
}
