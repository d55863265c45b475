import { z } from '#shared/schemas/zod.ts';
import { reauthSchema, sessionSchema } from '#shared/schemas/sessions.ts';
import { endpoint, idParam, idParams, messageData } from './endpoint';

/**
 * Sessions one can see and end, and re-authentication before sensitive changes (docs/product.md#sessions,
 * docs/product.md#re-authentication, docs/decisions/0020-sessions-and-reauthentication.md).
 */

/** The signed-in person's live sessions, the most recently used first; `current` marks this one. */
export const listSessions = endpoint({
  method: 'GET',
  path: '/admin/sessions',
  access: 'admin',
  allow: 'account',
  data: z.array(sessionSchema),
});

/** Ends one of one's own sessions (404 when it is someone else's or already ended). */
export const endSession = endpoint({
  method: 'DELETE',
  path: '/admin/sessions/:id',
  access: 'admin',
  allow: 'account',
  params: idParams,
  data: messageData,
});

/** "Sign out everywhere else": every session of one's own but this one ends. */
export const endOtherSessions = endpoint({
  method: 'POST',
  path: '/admin/sessions/end-others',
  access: 'admin',
  allow: 'account',
  data: messageData,
});

/** Someone's live sessions (Owners and Administrators; only the Owner sees the Owner's). */
export const listPersonSessions = endpoint({
  method: 'GET',
  path: '/admin/staff/:id/sessions',
  access: 'admin',
  allow: 'sessions.all',
  params: idParams,
  data: z.array(sessionSchema),
});

/** Ends one session of someone (only the Owner ends the Owner's). */
export const endPersonSession = endpoint({
  method: 'DELETE',
  path: '/admin/staff/:id/sessions/:sid',
  access: 'admin',
  allow: 'sessions.all',
  params: z.object({ id: idParam, sid: idParam }),
  data: messageData,
});

/** Signs someone out everywhere (one's own: everywhere but here). */
export const endPersonSessions = endpoint({
  method: 'POST',
  path: '/admin/staff/:id/sessions/end-all',
  access: 'admin',
  allow: 'sessions.all',
  params: idParams,
  data: messageData,
});

/**
 * Proves again who one is: sensitive changes answer 403 with SESSION_MESSAGES.reauthRequired when the
 * last proof is older than 10 minutes. A wrong password answers 400 (the session stays); failures are
 * limited per account and address, like logins.
 */
export const reauthenticate = endpoint({
  method: 'POST',
  path: '/auth/reauthenticate',
  access: 'admin',
  allow: 'account',
  body: reauthSchema,
  data: z.object({ message: z.string(), reauthAt: z.string() }),
});
