import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_MESSAGES } from '#shared/messages.ts';
import * as contact from '#shared/api/contact.ts';
import * as staff from '#shared/api/staff.ts';
import { boot } from '#server/boot.ts';
import { buildApp } from '#server/app.ts';
import { api } from '#tests/helpers/api.ts';
import { NO_RATE_LIMITS } from '#tests/helpers/auth.ts';
import { DATABASE_KINDS } from '#tests/helpers/databases.ts';
import { createMember } from '#tests/helpers/team.ts';
import { buildTestApp, type TestApp } from '#tests/helpers/test-app.ts';

/**
 * A role change or a suspension made through one process applies on the very next request to another
 * (docs/decisions/0018-roles-and-permissions.md: the session is read with its account on each request,
 * nothing is cached). The second process has its own connections, as it would in a cluster.
 */
const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

describe.each(DATABASE_KINDS)('staff changes across processes on %s', (kind) => {
  let t: TestApp;
  let second: Awaited<ReturnType<typeof boot>>;
  let other: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    second = await boot(t.config, { log });
    other = await buildApp({ services: second.services, logger: false, rateLimits: NO_RATE_LIMITS });
  });
  afterAll(async () => {
    await other.close();
    await second.services.jobs.stop();
    await second.services.mailWorker.stop();
    await second.db.destroy();
    await t.close();
  });

  it('a demotion through one process is refused on the next request to the other', async () => {
    const owner = await createMember(t, 'owner');
    const editor = await createMember(t, 'editor');
    expect((await api(other).call(contact.listMessages, { token: editor.token })).status).toBe(200);
    const demoted = await owner.api.call(staff.updateStaff, {
      params: { id: editor.id },
      body: { role: 'contributor' },
    });
    expect(demoted.status, demoted.text).toBe(200);
    const refused = await api(other).call(contact.listMessages, { token: editor.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: TEAM_MESSAGES.forbidden });
  });

  it('a suspension through one process ends the session on the next request to the other', async () => {
    const owner = await createMember(t, 'owner');
    const author = await createMember(t, 'author');
    expect((await api(other).call(staff.getAccount, { token: author.token })).status).toBe(200);
    expect((await owner.api.call(staff.suspendStaff, { params: { id: author.id } })).status).toBe(200);
    expect((await api(other).call(staff.getAccount, { token: author.token })).status).toBe(401);
  });
});
