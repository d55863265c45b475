import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { logout, me } from '#shared/api/auth.ts';
import type { Endpoint } from '#shared/api/endpoint.ts';
import { endOtherSessions, endSession, listSessions, reauthenticate } from '#shared/api/sessions.ts';
import { getAccount } from '#shared/api/staff.ts';
import {
  confirmTotp,
  getSecurityPolicy,
  getTwoFactor,
  setSecurityPolicy,
  startTotpSetup,
} from '#shared/api/two-factor.ts';
import type { TwoFactorService } from '#server/modules/auth/two-factor-service.ts';
import { authOf } from './auth';

/**
 * What a person the Owner's two-factor rule blocks may still do (docs/product.md#two-factor-sign-in): see
 * who they are, log out, prove who they are again, see and end their own sessions, and set a factor up;
 * the Owner may also change the rule. Another part adding a way to set a factor up (passkeys) adds its
 * endpoints here.
 */
export const OPEN_WHILE_REQUIRED: Endpoint[] = [
  me,
  logout,
  getAccount,
  reauthenticate,
  // One's own sessions: a lost laptop can be signed out before anything else.
  listSessions,
  endSession,
  endOtherSessions,
  getTwoFactor,
  startTotpSetup,
  confirmTotp,
  getSecurityPolicy,
  setSecurityPolicy,
];

const keyOf = (method: string, url: string) => `${method} ${url}`;
const OPEN = new Set(OPEN_WHILE_REQUIRED.map((e) => keyOf(e.method, `/api${e.path}`)));

/**
 * Runs in the admin scope after the session guard: past the grace period, a person the rule covers and who
 * has no second factor gets 403 with code `second_factor_required` from everything else. The rule and the
 * factors are read from the database on each request, so every process agrees at once.
 */
export function requireSecondFactor(twoFactor: TwoFactorService): onRequestAsyncHookHandler {
  return async (request: FastifyRequest) => {
    const url = request.routeOptions.url;
    if (!url || OPEN.has(keyOf(request.method, url))) return;
    await twoFactor.enforce(authOf(request));
  };
}
