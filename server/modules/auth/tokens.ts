import { createHash, randomBytes, randomInt } from 'node:crypto';

/** A bearer token: 256 random bits. Only its SHA-256 is stored, so a database leak reveals no session. */
export const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A 6-digit one-time code, hashed with the user id so equal codes of two users differ in storage. */
export const newResetCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
export const hashResetCode = (userId: string, code: string) =>
  createHash('sha256').update(`${userId}:${code}`).digest('hex');
