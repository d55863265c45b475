import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '#server/db/database.ts';

export type LinkPurpose = 'confirm' | 'unsubscribe';

/**
 * Links in subscriber e-mails carry an HMAC of the subscriber id and the link's purpose, keyed by a
 * secret kept in the database (made on first use). Nothing per link is stored, links never expire, and
 * a confirm link cannot be used to unsubscribe or the other way round.
 */
export async function loadLinkSecret(db: Db): Promise<Buffer> {
  const key = 'link_secret';
  const existing = await db.selectFrom('site_meta').select('value').where('key', '=', key).executeTakeFirst();
  if (existing) return Buffer.from(existing.value, 'hex');
  const value = randomBytes(32).toString('hex');
  await db
    .insertInto('site_meta')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const stored = await db.selectFrom('site_meta').select('value').where('key', '=', key).executeTakeFirstOrThrow();
  return Buffer.from(stored.value, 'hex');
}

export function linkToken(secret: Buffer, subscriberId: string, purpose: LinkPurpose): string {
  return createHmac('sha256', secret).update(`${purpose}:${subscriberId}`).digest('base64url').slice(0, 32);
}

export function verifyLinkToken(secret: Buffer, subscriberId: string, purpose: LinkPurpose, token: string): boolean {
  const expected = Buffer.from(linkToken(secret, subscriberId, purpose));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
