import { createHmac, timingSafeEqual } from 'node:crypto';

export type LinkPurpose = 'confirm' | 'unsubscribe';

/**
 * Links in subscriber e-mails carry an HMAC of the subscriber id and the link's purpose, keyed by a
 * secret kept in the database (the site-meta module). Nothing per link is stored, links never expire,
 * and a confirm link cannot be used to unsubscribe or the other way round.
 */
export function linkToken(secret: Buffer, subscriberId: string, purpose: LinkPurpose): string {
  return createHmac('sha256', secret).update(`${purpose}:${subscriberId}`).digest('base64url').slice(0, 32);
}

export function verifyLinkToken(secret: Buffer, subscriberId: string, purpose: LinkPurpose, token: string): boolean {
  const expected = Buffer.from(linkToken(secret, subscriberId, purpose));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
