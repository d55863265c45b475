import type { BodyOf, DataOf, Endpoint, MetaOf, ParamsOf, QueryOf } from '#shared/api/endpoint.ts';
import { pathOf } from '#shared/api/path.ts';
import { SESSION_MESSAGES, UI_MESSAGES } from '#shared/messages.ts';
import { SECOND_FACTOR_REQUIRED } from '#shared/schemas/two-factor.ts';
import { leaving } from './leaving';
import { askToConfirmIdentity } from './reauth';
import { askToLogInAgain } from './relogin';
import { clearSession, storedToken } from './session';

/**
 * The one way the browser talks to the API: calls of the contract (shared/api) with their types, the
 * bearer token of the stored session when present (docs/product.md#roles-and-permissions), the `{ data }`
 * envelope unwrapped, failures thrown as `ApiError` with the server's message. A 401 to a request that
 * carried a token means the session ended. During an action (anything but a read) the screen stays and a
 * login dialog opens in place; the action is retried once with the new session. A read that fails so (a
 * page loading), or an administrator who gives up logging in, clears the session and goes to /admin.
 * A sensitive action that needs a recent proof of who one is (403 with SESSION_MESSAGES.reauthRequired)
 * opens "Confirm it's you" in place and is retried once after it (app/lib/reauth.ts); cancelling fails
 * the action with SESSION_MESSAGES.reauthCancelled, and the screen keeps what was typed.
 */
/** The screen where a second factor is set up (app/routes/admin/security.tsx). */
const SECURITY = '/admin/security';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

interface CallOptions {
  /** false: a 401 is just an error (logout). */
  endSessionOn401?: boolean;
  /** Let the request finish even if the page goes away (logout). */
  keepalive?: boolean;
  /**
   * 'same-origin': the request tells the site which of its pages it was sent from (the analytics goals of
   * the subscribe box and the contact form), which the pages' `Referrer-Policy: no-referrer` leaves out.
   */
  referrerPolicy?: ReferrerPolicy;
  /** Answer `{ data, meta }` instead of `data` (paged lists). */
  whole?: boolean;
  /**
   * Told the share of a FormData body sent so far (0 to 1): the request then goes by XMLHttpRequest,
   * the only browser API that reports an upload's progress (the import's export of up to 512 MB); its
   * answer is handled exactly like fetch's, the "Confirm it's you" retry included.
   */
  onUploadProgress?: (share: number) => void;
}

type Payload = { data?: unknown; meta?: unknown; message?: string; field?: string; code?: string } | null;
interface Answered {
  ok: boolean;
  status: number;
  statusText: string;
  payload: Payload;
}

/** Sends a request and reads its JSON answer (null when it has none); a network failure throws. */
async function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: BodyInit | undefined,
  options: CallOptions,
): Promise<Answered> {
  const progress = options.onUploadProgress;
  if (progress && body instanceof FormData) {
    return new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(method, url);
      for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) progress(event.loaded / event.total);
      };
      xhr.onload = () => {
        let payload: Payload = null;
        try {
          payload = JSON.parse(xhr.responseText) as Payload;
        } catch {
          payload = null;
        }
        resolve({ ok: xhr.status >= 200 && xhr.status < 300, status: xhr.status, statusText: xhr.statusText, payload });
      };
      xhr.onerror = () => reject(new Error('network'));
      xhr.onabort = () => reject(new Error('aborted'));
      xhr.send(body);
    });
  }
  const response = await fetch(url, {
    method,
    headers,
    body,
    keepalive: options.keepalive,
    ...(options.referrerPolicy ? { referrerPolicy: options.referrerPolicy } : {}),
  });
  const payload = (await response.json().catch(() => null)) as Payload;
  return { ok: response.ok, status: response.status, statusText: response.statusText, payload };
}

type CallInput<E extends Endpoint> = CallOptions &
  (ParamsOf<E> extends undefined ? { params?: undefined } : { params: ParamsOf<E> }) &
  (QueryOf<E> extends undefined ? { query?: undefined } : { query?: QueryOf<E> }) &
  (BodyOf<E> extends undefined ? { body?: FormData } : { body: BodyOf<E> });

/** Calls an endpoint of the contract and answers its `data`. */
export function call<E extends Endpoint>(endpoint: E, ...[input]: CallArgs<E>): Promise<DataOf<E>> {
  const { params, query, body, ...options } = (input ?? {}) as CallInput<Endpoint> & { body?: unknown };
  const search = query
    ? `?${new URLSearchParams(Object.entries(query).filter(([, v]) => v !== undefined) as string[][])}`
    : '';
  return request<DataOf<E>>(
    pathOf(endpoint, params as unknown as Record<string, string>) + search,
    endpoint.method,
    body,
    options,
  );
}
/** Calls a paged list and answers its `data` and `meta` (the cursor of the next page). */
export function callPage<E extends Endpoint & { meta: NonNullable<Endpoint['meta']> }>(
  endpoint: E,
  ...[input]: CallArgs<E>
): Promise<{ data: DataOf<E>; meta: MetaOf<E> | undefined }> {
  const { params, query, body, ...options } = (input ?? {}) as CallInput<Endpoint> & { body?: unknown };
  const search = query
    ? `?${new URLSearchParams(Object.entries(query).filter(([, v]) => v !== undefined) as string[][])}`
    : '';
  return request(pathOf(endpoint, params as unknown as Record<string, string>) + search, endpoint.method, body, {
    ...options,
    whole: true,
  });
}

/** Endpoints with nothing to send take no second argument. */
type CallArgs<E extends Endpoint> =
  ParamsOf<E> extends undefined
    ? BodyOf<E> extends undefined
      ? [input?: CallInput<E>]
      : [input: CallInput<E>]
    : [input: CallInput<E>];

/** The raw answer of an endpoint that sends a file (the CSV export), with the session's token and its query. */
export async function download(
  endpoint: Endpoint,
  query: Record<string, string | undefined> = {},
  retried = false,
): Promise<Blob> {
  const given = Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined);
  const search = given.length ? `?${new URLSearchParams(given)}` : '';
  const response = await fetch(`/api${pathOf(endpoint)}${search}`, { headers: authorization() });
  if (response.status === 403 && !retried) {
    const payload = (await response.json().catch(() => null)) as { message?: string } | null;
    if (payload?.message === SESSION_MESSAGES.reauthRequired) {
      if (await askToConfirmIdentity()) return download(endpoint, query, true);
      throw new ApiError(403, SESSION_MESSAGES.reauthCancelled);
    }
  }
  if (!response.ok) throw new ApiError(response.status, `${endpoint.path} failed: ${response.status}`);
  return response.blob();
}

function authorization(): Record<string, string> {
  const token = storedToken();
  return token ? { authorization: `Bearer ${token}` } : {};
}

async function request<T>(
  path: string,
  method: string,
  input: unknown,
  options: CallOptions,
  retried = false,
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...authorization() };
  let body: BodyInit | undefined;
  if (input instanceof FormData) body = input;
  else if (input !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(input);
  }
  let response: Answered;
  try {
    response = await send(`/api${path}`, method, headers, body, options);
  } catch {
    throw new ApiError(0, UI_MESSAGES.unreachable);
  }
  const { payload } = response;
  if (response.status === 401 && headers.authorization && options.endSessionOn401 !== false) {
    if (method !== 'GET' && !retried && (await askToLogInAgain())) {
      return request<T>(path, method, input, options, true);
    }
    clearSession();
    leaving.onPurpose = true;
    window.location.assign('/admin');
  }
  // The Owner's two-factor rule now applies and no factor is set up: only the set-up screen is open.
  if (response.status === 403 && payload?.code === SECOND_FACTOR_REQUIRED && window.location.pathname !== SECURITY) {
    leaving.onPurpose = true;
    window.location.assign(SECURITY);
  }
  if (response.status === 403 && payload?.message === SESSION_MESSAGES.reauthRequired && !retried) {
    if (await askToConfirmIdentity()) return request<T>(path, method, input, options, true);
    throw new ApiError(403, SESSION_MESSAGES.reauthCancelled);
  }
  if (!response.ok) {
    throw new ApiError(response.status, payload?.message ?? response.statusText, payload?.field);
  }
  return (options.whole ? { data: payload?.data, meta: payload?.meta } : payload?.data) as T;
}
