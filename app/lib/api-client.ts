import { clearSession, storedToken } from './session';

/**
 * The one way the browser talks to the API: `/api` base, bearer token from the stored session when
 * present (SPEC §6), `{ data }` envelope unwrapped, failures thrown as `ApiError` with the server's message.
 * A 401 to a request that carried a token means the session ended: it is cleared and the admin goes back
 * to the login page.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export async function api<T>(
  path: string,
  init: {
    method?: string;
    body?: unknown;
    /** false: a 401 is just an error (logout). */
    endSessionOn401?: boolean;
    /** Let the request finish even if the page goes away (logout). */
    keepalive?: boolean;
  } = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = storedToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (init.body instanceof FormData) body = init.body;
  else if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  let response: Response;
  try {
    response = await fetch(`/api/${path.replace(/^\//, '')}`, {
      method: init.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      keepalive: init.keepalive,
    });
  } catch {
    throw new ApiError(0, 'The server could not be reached. Please check your connection.');
  }
  const payload = (await response.json().catch(() => null)) as { data?: T; message?: string; field?: string } | null;
  if (response.status === 401 && token && init.endSessionOn401 !== false) {
    clearSession();
    window.location.assign('/admin');
  }
  if (!response.ok) {
    throw new ApiError(response.status, payload?.message ?? response.statusText, payload?.field);
  }
  return payload?.data as T;
}
