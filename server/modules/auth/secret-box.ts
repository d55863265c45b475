import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { TWO_FACTOR_MESSAGES } from '#shared/messages.ts';

/**
 * Authenticator secrets are encrypted at rest with AES-256-GCM under a key that is never in the database
 * (docs/decisions/0021-two-factor-and-recovery.md): `TWO_FACTOR_KEY` when set (every process of a cluster
 * must have the same), else `two-factor.key` in the data folder, made (mode 0600) at the first start. A
 * backup holds the database and uploads, never this key. Each stored value names its key by a short
 * fingerprint, so a process with another key says so instead of failing every code.
 */
export interface SecretBox {
  /** The key's fingerprint (not secret): what stored values name. */
  keyId: string;
  seal(plain: string, boundTo: string): string;
  open(sealed: string, boundTo: string): string;
}

export const KEY_FILE = 'two-factor.key';
const VERSION = 'v1';

/** A key from TWO_FACTOR_KEY: 64 hexadecimal characters or base64 of 32 bytes; null for anything else. */
export function parseKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (/^[0-9a-f]{64}$/i.test(trimmed)) return Buffer.from(trimmed, 'hex');
  const decoded = Buffer.from(trimmed, 'base64');
  return decoded.length === 32 ? decoded : null;
}

/** The key of this process: the setting, else the data folder's key file (made when missing). */
export function loadKey(options: { setting?: string; dataDir: string }): Buffer {
  if (options.setting) {
    const key = parseKey(options.setting);
    if (!key) throw new Error(TWO_FACTOR_MESSAGES.keyInvalid);
    return key;
  }
  const file = path.join(options.dataDir, KEY_FILE);
  fs.mkdirSync(options.dataDir, { recursive: true });
  try {
    // 'wx': of two processes starting together only one writes it; the other reads what it wrote.
    fs.writeFileSync(file, randomBytes(32).toString('hex') + '\n', { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const key = parseKey(fs.readFileSync(file, 'utf8'));
  if (!key) throw new Error(`${file}: ${TWO_FACTOR_MESSAGES.keyInvalid}`);
  return key;
}

export class KeyMismatchError extends Error {}

/** Seals and opens secrets with one key; `boundTo` (the user id) is authenticated too, so a row copied to another account does not open. */
export function createSecretBox(key: Buffer): SecretBox {
  const keyId = createHash('sha256').update(key).digest('hex').slice(0, 12);
  return {
    keyId,
    seal(plain, boundTo) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(boundTo));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, keyId, iv, cipher.getAuthTag(), body]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed, boundTo) {
      const [version, storedKeyId, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
      if (storedKeyId !== keyId) throw new KeyMismatchError(TWO_FACTOR_MESSAGES.keyMismatch(storedKeyId ?? '', keyId));
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(boundTo));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/** The fingerprint a sealed value names (for the start-up check). */
export const keyIdOf = (sealed: string): string => sealed.split('.')[1] ?? '';

/** The box of this process's configuration. */
export const secretBoxOf = (config: { twoFactorKey?: string; dataDir: string }): SecretBox =>
  createSecretBox(loadKey({ setting: config.twoFactorKey, dataDir: config.dataDir }));
