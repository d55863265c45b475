import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDb, type Db } from '#server/db/database.ts';
import * as contactApi from '#shared/api/contact.ts';
import { api } from '#tests/helpers/api.ts';
import { createTestDatabase } from '#tests/helpers/databases.ts';
import { countByMessageId, startSilentSmtp, startSmtp } from '#tests/helpers/smtp.ts';
import { expect, test } from './helpers';
import { freePort, startServer, waitUntilServing, type ServerProcess } from './server-process';

/**
 * The mail outbox against real faults of a production process (build/node/main.js), on PostgreSQL when
 * TEST_DATABASE_URL is set, else on SQLite: a SIGKILL in the middle of a load of contact messages, and a
 * process killed while it holds claims on mail.
 */
test.describe.configure({ timeout: 180_000 });

const kind = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let dbDir: string;
let db: Db;
const started: ServerProcess[] = [];

test.beforeEach(async () => {
  dbDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-mail-'));
  database = await createTestDatabase(kind, dbDir);
});

/** Kills the servers of the test (before its SMTP servers close, which would wait for their connections). */
async function killServers() {
  for (const server of started.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await server.exited;
    server.cleanup();
  }
}

test.afterEach(async () => {
  await killServers();
  await db?.destroy();
  await database?.drop();
  fs.rmSync(dbDir, { recursive: true, force: true });
});

const databaseUrl = () => (database.config.kind === 'postgres' ? database.config.url : database.config.file);

async function start(port: number, env: Record<string, string>): Promise<ServerProcess> {
  const server = startServer({
    PORT: String(port),
    DATABASE_URL: databaseUrl(),
    ADMIN_PASSWORD: 'mail-secret',
    CONTACT_TO: 'sales@example.com',
    PUBLIC_URL: 'https://www.brightpath.test',
    RATE_LIMIT_MULTIPLIER: '10000',
    ...env,
  });
  started.push(server);
  await waitUntilServing(port);
  return server;
}

const contact = (port: number, i: number) =>
  api(`http://127.0.0.1:${port}`).call(contactApi.sendMail, {
    body: { name: 'Ada Lovelace', email: `ada${i}@example.com`, message: `Fault message ${i}.` },
  });

test('a SIGKILL under load loses no acknowledged message, and every stored message has its mail queued', async () => {
  const smtp = await startSmtp();
  try {
    const port = await freePort();
    const server = await start(port, { SMTP_URL: smtp.url });
    const total = 300;
    const acknowledged = new Set<number>();
    let killed = false;
    // Every request at once; the process is killed when a fifth of them have been answered.
    const requests = Array.from({ length: total }, async (_, i) => {
      const res = await contact(port, i).catch(() => null);
      if (res?.status === 200) acknowledged.add(i);
      else if (res && res.status !== 200) expect(res.status, res.text).toBe(200);
      if (!killed && acknowledged.size >= total / 5) {
        killed = true;
        server.child.kill('SIGKILL');
      }
    });
    await Promise.all(requests);
    await server.exited;
    expect(killed).toBe(true);
    expect(acknowledged.size).toBeGreaterThanOrEqual(total / 5);
    expect(acknowledged.size).toBeLessThan(total);

    db = createDb(database.config);
    const messages = await db.selectFrom('contact_messages').select('message').execute();
    const stored = new Set(messages.map((m) => Number(/^Fault message (\d+)\.$/.exec(m.message)![1])));
    for (const i of acknowledged) expect(stored.has(i), `acknowledged message ${i} is stored`).toBe(true);
    const mails = await db.selectFrom('mail_outbox').select(['kind', 'to_address', 'text_body']).execute();
    const notified = new Set(
      mails.filter((m) => m.kind === 'contact').map((m) => Number(/Fault message (\d+)\./.exec(m.text_body)![1])),
    );
    // Each stored message has its notification and each notification its message: one transaction each.
    expect([...notified].sort((a, b) => a - b)).toEqual([...stored].sort((a, b) => a - b));
    expect(mails.filter((m) => m.kind === 'contact')).toHaveLength(stored.size);
    expect(mails.every((m) => m.to_address === 'sales@example.com')).toBe(true);
  } finally {
    await killServers();
    await smtp.close();
  }
});

test('a process that replaces a killed one on the same data folder sends its claimed mail at once, once', async () => {
  const silent = await startSilentSmtp();
  const smtp = await startSmtp();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-mail-data-'));
  try {
    // The first process claims the notifications and waits for a greeting that never comes …
    const port = await freePort();
    const first = await start(port, { SMTP_URL: silent.url, DATA_DIR: dataDir });
    for (let i = 0; i < 3; i++) expect((await contact(port, i)).status).toBe(200);
    db = createDb(database.config);
    const claimed = () => db.selectFrom('mail_outbox').select(['id', 'status', 'locked_until', 'claimed_by']).execute();
    await expect.poll(async () => (await claimed()).filter((r) => r.status === 'sending').length).toBeGreaterThan(0);
    // … and is killed.
    first.child.kill('SIGKILL');
    await first.exited;
    const rows = await claimed();
    const held = rows.filter((r) => r.status === 'sending');
    expect(held.length).toBeGreaterThan(0);
    expect(new Set(held.map((r) => r.claimed_by)).size).toBe(1);
    const lockEnd = Math.min(...held.map((r) => Date.parse(r.locked_until!)));

    // Its successor on the same host and data folder releases those claims instead of waiting them out.
    const second = await start(await freePort(), { SMTP_URL: smtp.url, DATA_DIR: dataDir });
    await smtp.waitFor((messages) => messages.length >= 3, 60_000);
    expect(Date.now()).toBeLessThan(lockEnd);
    await expect.poll(async () => (await claimed()).map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
    expect(Object.fromEntries(countByMessageId(smtp.messages))).toEqual(
      Object.fromEntries(rows.map((r) => [`<${r.id}@www.brightpath.test>`, 1])),
    );
    expect(second.output()).toMatch(/claims of a stopped process released/);
  } finally {
    await killServers();
    await silent.close();
    await smtp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
