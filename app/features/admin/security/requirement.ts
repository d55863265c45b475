import { getTwoFactor } from '#shared/api/two-factor.ts';
import type { Requirement } from '#shared/schemas/two-factor.ts';
import { call } from '#app/lib/api-client.ts';
import { onSessionCleared, storedToken } from '#app/lib/session.ts';

/**
 * The Owner's two-factor requirement as it stands for the signed-in person (docs/product.md#two-factor-sign-in):
 * asked once per session token and kept in memory like the account (app/features/admin/account.ts); the
 * security card forgets it after a factor is set up or removed. The server decides on every request
 * anyway: this only sends the person to the set-up and shows the days left.
 */
let cache: { token: string; requirement: Promise<Requirement | null> } | null = null;

onSessionCleared(() => {
  cache = null;
});

export function loadRequirement(): Promise<Requirement | null> {
  const token = storedToken() ?? '';
  if (cache?.token !== token) {
    const entry: NonNullable<typeof cache> = {
      token,
      requirement: call(getTwoFactor, { endSessionOn401: false }).then(
        (status) => status.requirement,
        () => {
          if (cache === entry) cache = null;
          return null;
        },
      ),
    };
    cache = entry;
  }
  return cache.requirement;
}

export function forgetRequirement(): void {
  cache = null;
}

/** Where a person the requirement blocks is sent, and may stay. */
export const SECURITY_PATH = '/admin/security';
