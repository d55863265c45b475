import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/**
 * Authenticator-app codes (RFC 6238 with the apps' defaults: SHA-1, 6 digits, 30 seconds) through otplib.
 * A code of the step before or after the server's clock is accepted (±1 step of skew); which step it was
 * is returned, so the caller accepts only a step later than the last one taken (never the same code twice).
 */
export const TOTP_PERIOD_S = 30;
/** ±1 step: otplib checks every epoch within this many seconds of now. */
const SKEW_S = TOTP_PERIOD_S;

export const newTotpSecret = (): string => generateSecret();

/** The step the code belongs to when it is right within the allowed skew, else null. */
export async function totpStep(secret: string, code: string, epochS = Math.floor(Date.now() / 1000)) {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({ secret, token: code, epoch: epochS, epochTolerance: SKEW_S });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** What an app scans: the site as issuer, the e-mail as account. */
export function totpSetup(secret: string, issuer: string, account: string) {
  return generateURI({ issuer, label: account, secret });
}

/** The `otpauth://` address as an SVG QR code, drawn here so no third party ever sees the secret. */
export const qrSvg = (uri: string): Promise<string> =>
  QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });

/** The secret as people type it: groups of four. */
export const groupedKey = (secret: string): string => secret.replace(/(.{4})/g, '$1 ').trim();
