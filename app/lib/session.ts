import type { SessionUser } from '#shared/schemas/auth.ts';

/**
 * The browser session of docs/product.md#access-and-session: `isLoggedIn` (JSON boolean), `token` and `user` (JSON) in local storage.
 * It only decides what the admin UI shows; the server checks the token on every admin request.
 */
const KEYS = ['isLoggedIn', 'token', 'user'] as const;

const storage = () => (typeof window === 'undefined' ? null : window.localStorage);

export function isLoggedIn(): boolean {
  try {
    return JSON.parse(storage()?.getItem('isLoggedIn') ?? 'false') === true;
  } catch {
    return false;
  }
}

export function storedToken(): string | null {
  return storage()?.getItem('token') ?? null;
}

export function storedUser(): SessionUser | null {
  try {
    return JSON.parse(storage()?.getItem('user') ?? 'null') as SessionUser | null;
  } catch {
    return null;
  }
}

export function saveSession(session: { token: string; user: SessionUser }): void {
  const s = storage();
  if (!s) return;
  s.setItem('isLoggedIn', JSON.stringify(true));
  s.setItem('token', session.token);
  s.setItem('user', JSON.stringify(session.user));
}

const clearedListeners = new Set<() => void>();

/** Runs `listener` whenever the stored session is cleared (what was kept in memory for it goes too). */
export function onSessionCleared(listener: () => void): void {
  clearedListeners.add(listener);
}

export function clearSession(): void {
  const s = storage();
  for (const key of KEYS) s?.removeItem(key);
  clearedListeners.forEach((listener) => listener());
}
