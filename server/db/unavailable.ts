/**
 * Whether an error means the database cannot be reached (down, restarting, a cut network), as opposed to
 * a fault of the query or of our code. Such failures answer 503 with a clear message, never 500
 * (docs/decisions/0011-shared-page-cache.md).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (err instanceof DatabaseUnavailableError) return true;
  if (!(err instanceof Error)) return false;
  const { code } = err as { code?: unknown };
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code)) return true;
    // SQLSTATE class 08 (connection exception) and 57P01–57P03 (shutting down, cannot connect now).
    if (/^08\w{3}$/.test(code) || /^57P0[123]$/.test(code)) return true;
  }
  return PG_CONNECTION_MESSAGES.test(err.message);
}

/** For code that finds the database unreachable by other means than a driver error. */
export class DatabaseUnavailableError extends Error {}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);
/** node-postgres reports a lost or refused connection with these messages and no code. */
const PG_CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly/i;
