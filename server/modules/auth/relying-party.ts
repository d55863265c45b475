import net from 'node:net';
import { PASSKEY_MESSAGES } from '#shared/messages.ts';

/**
 * The WebAuthn relying party of a site, from its PUBLIC_URL (docs/product.md#passkeys): its host name is
 * the RP ID and its origin the only origin an answer may come from. Browsers offer WebAuthn only in a
 * secure context (HTTPS, or plain HTTP on localhost) and only for a domain name, never an IP address, so
 * any other PUBLIC_URL makes passkeys unavailable, with the reason.
 */
export type RelyingParty =
  | { available: true; rpId: string; origin: string }
  | { available: false; rpId: string; origin: string; reason: string };

const isLocalhost = (host: string) => host === 'localhost' || host.endsWith('.localhost');

export function relyingPartyOf(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  const rpId = url.hostname;
  const origin = url.origin;
  if (net.isIP(rpId.replace(/^\[|\]$/g, ''))) {
    return { available: false, rpId, origin, reason: PASSKEY_MESSAGES.unavailableAddress(origin) };
  }
  if (url.protocol !== 'https:' && !isLocalhost(rpId)) {
    return { available: false, rpId, origin, reason: PASSKEY_MESSAGES.unavailableInsecure(origin) };
  }
  return { available: true, rpId, origin };
}
