import type { APIRequestContext } from '@playwright/test';
import type { FastifyInstance } from 'fastify';
import type { BodyOf, DataOf, Endpoint, MetaOf, ParamsOf, QueryOf } from '#shared/api/endpoint.ts';
import { pathOf } from '#shared/api/path.ts';

/**
 * Calls the endpoints of the contract (shared/api) from tests, by the endpoint and never by a path spelt
 * by hand: `api(t).call(blog.createPost, { body, token })`. The same calls run on a Fastify app through
 * `inject` (API tests: a TestApp or a FastifyInstance), on a running server through `fetch` (a base URL)
 * or through Playwright's `request` (browser tests).
 *
 * `call` takes the endpoint's params, query and body with their types; `callRaw` takes anything (fuzz,
 * malformed input, wrong types, bodies that are not JSON) but still takes the path from the contract.
 */

export type Headers = Record<string, string | string[] | number | undefined>;

/** What an answer carries: `{ data, meta? }` on success, `{ message, field? }` on failure. */
export type AnswerBody<E extends Endpoint> =
  | { data: DataOf<E>; meta?: MetaOf<E>; message?: undefined; field?: undefined }
  | { data?: undefined; meta?: undefined; message: string; field?: string };

export interface Answer<E extends Endpoint> {
  status: number;
  headers: Headers;
  /** The body as it came (a file endpoint's file, a failure's JSON …). */
  text: string;
  /** The body read as JSON (undefined when it is not JSON, e.g. the CSV export). */
  body: AnswerBody<E>;
  /**
   * `body.data` of a success; reading it on a failure throws with the status and the body. The login's
   * second-step answer (an account with a second factor) is left out of its type: tests that expect one
   * read `body.data`.
   */
  readonly data: Exclude<DataOf<E>, { secondStep: unknown }>;
}

/** An answer of any endpoint (for checks several endpoints share). */
export type AnyAnswer = Answer<Endpoint>;

interface Common {
  /** The administrator's session token (`Authorization: Bearer …`). */
  token?: string;
  headers?: Record<string, string>;
  /** The client's address (inject only: a running server sees the real one). */
  remoteAddress?: string;
}

/** The typed input of an endpoint: its params and body when it has them, its query optional. */
export type CallInput<E extends Endpoint> = Common &
  (ParamsOf<E> extends undefined ? { params?: undefined } : { params: ParamsOf<E> }) &
  (QueryOf<E> extends undefined ? { query?: undefined } : { query?: QueryOf<E> }) &
  (BodyOf<E> extends undefined
    ? { body?: undefined }
    : undefined extends BodyOf<E>
      ? { body?: BodyOf<E> }
      : { body: BodyOf<E> });

/** Endpoints with nothing to send need no input. */
type CallArgs<E extends Endpoint> =
  ParamsOf<E> extends undefined
    ? BodyOf<E> extends undefined
      ? [input?: CallInput<E>]
      : [input: CallInput<E>]
    : [input: CallInput<E>];

/** Input of any shape, for tests that send what a well-behaved client would not. */
export interface RawInput extends Common {
  /** Path parameters, percent-encoded like `pathOf` does (`encoded: true`: inserted as given). */
  params?: Record<string, string>;
  /** Parameters already in the form they travel (`%ED%A0%80`, `..`): inserted without encoding. */
  encoded?: boolean;
  /** A query object (values turned into text), or the query string itself without `?`. */
  query?: Record<string, unknown> | string;
  /** Sent as JSON, whatever it is; a string or Buffer is sent as it is (say its `content-type` in headers). */
  body?: unknown;
}

/** One request on the wire, whatever carries it. */
interface Request {
  method: Endpoint['method'] | 'HEAD';
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  remoteAddress?: string;
}
type Transport = (request: Request) => Promise<{ status: number; headers: Headers; text: string }>;

/** What `api()` calls through. */
export type Target = FastifyInstance | { app: FastifyInstance } | APIRequestContext | string;

const isFastify = (target: object): target is FastifyInstance => 'inject' in target;

function transportOf(target: Target): Transport {
  if (typeof target === 'string') {
    const base = target.replace(/\/$/, '');
    return async ({ method, url, headers, payload }) => {
      const body = Buffer.isBuffer(payload) ? new Uint8Array(payload) : payload;
      const res = await fetch(base + url, { method, headers, body, redirect: 'manual' });
      return { status: res.status, headers: Object.fromEntries(res.headers), text: await res.text() };
    };
  }
  if ('app' in target) return transportOf(target.app);
  if (isFastify(target)) {
    return async ({ method, url, headers, payload, remoteAddress }) => {
      const res = await target.inject({ method, url, headers, payload, remoteAddress });
      return { status: res.statusCode, headers: res.headers, text: res.body };
    };
  }
  return async ({ method, url, headers, payload }) => {
    const res = await target.fetch(url, { method, headers, data: payload, maxRedirects: 0 });
    return { status: res.status(), headers: res.headers(), text: await res.text() };
  };
}

function queryString(query: RawInput['query']): string {
  if (query === undefined) return '';
  if (typeof query === 'string') return query === '' ? '' : `?${query}`;
  const entries = Object.entries(query).filter(([, value]) => value !== undefined);
  return entries.length ? `?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)]))}` : '';
}

/** The address of a call: `/api` + the endpoint's path with its params + the query. */
export function urlOf(endpoint: Endpoint, input: Pick<RawInput, 'params' | 'encoded' | 'query'> = {}): string {
  const path = input.encoded
    ? endpoint.path.replace(/:(\w+)/g, (_, name: string) => {
        const value = input.params?.[name];
        if (value === undefined) throw new Error(`${endpoint.method} ${endpoint.path}: parameter ${name} is missing`);
        return value;
      })
    : pathOf(endpoint, input.params);
  return `/api${path}${queryString(input.query)}`;
}

function answerOf<E extends Endpoint>(
  request: Request,
  res: { status: number; headers: Headers; text: string },
): Answer<E> {
  let body: AnswerBody<E>;
  try {
    body = JSON.parse(res.text) as AnswerBody<E>;
  } catch {
    body = undefined as never;
  }
  return {
    status: res.status,
    headers: res.headers,
    text: res.text,
    body,
    get data() {
      if (body === undefined || body === null || typeof body !== 'object' || !('data' in body)) {
        throw new Error(`${request.method} ${request.url} answered ${res.status} without data: ${res.text}`);
      }
      return body.data as Exclude<DataOf<E>, { secondStep: unknown }>;
    },
  };
}

export interface Api {
  /** Calls an endpoint with its typed input. */
  call<E extends Endpoint>(endpoint: E, ...[input]: CallArgs<E>): Promise<Answer<E>>;
  /** Calls an endpoint with any input at all (its path still comes from the contract). */
  callRaw<E extends Endpoint>(endpoint: E, input?: RawInput & { method?: Request['method'] }): Promise<Answer<E>>;
  /** The same calls with the administrator's token on each (a token given to one call wins). */
  as(token: string): Api;
}

/** The calls of the contract on an app, a base URL or Playwright's `request`. */
export function api(target: Target, defaults: Common = {}): Api {
  const send = transportOf(target);
  const callRaw: Api['callRaw'] = async (endpoint, input = {}) => {
    const { token = defaults.token, remoteAddress = defaults.remoteAddress, body } = input;
    const headers: Record<string, string> = {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...defaults.headers,
    };
    let payload: string | Buffer | undefined;
    if (typeof body === 'string' || Buffer.isBuffer(body)) payload = body;
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    Object.assign(headers, input.headers);
    const request: Request = {
      method: input.method ?? endpoint.method,
      url: urlOf(endpoint, input),
      headers,
      payload,
      remoteAddress,
    };
    return answerOf(request, await send(request));
  };
  return {
    call: (endpoint, ...[input]) => callRaw(endpoint, input as RawInput),
    callRaw,
    as: (token) => api(target, { ...defaults, token }),
  };
}
