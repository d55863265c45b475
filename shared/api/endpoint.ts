import { z } from '#shared/schemas/zod.ts';
import type { Capability } from '#shared/roles.ts';

/**
 * The API contract: every endpoint is written once here, with its method, path, who may call it and the
 * schemas of what goes in and comes out. The server registers routes from these definitions and uses
 * `data` as the response schema (server/routes/api/define.ts); the admin screens call them through a
 * typed client (app/lib/api-client.ts) and the API tests check every answer against them. docs/api.md
 * describes them for people.
 */
interface EndpointBase {
  method: 'GET' | 'POST' | 'DELETE';
  /** Under `/api`, Fastify style: `/blogs/edit/:id`. */
  path: string;
  params?: z.ZodMiniType;
  query?: z.ZodMiniType;
  /** A JSON body (multipart and form bodies are parsed by their route). */
  body?: z.ZodMiniType;
  /** `data` of the success answer `{ data }`. */
  data: z.ZodMiniType;
  /** `meta` beside `data`, when the answer may carry one (paged lists). */
  meta?: z.ZodMiniType;
  /** Not a JSON `{ data }` answer: the body is the file itself (CSV export). */
  file?: { contentType: string };
}

/**
 * `admin` endpoints sit behind the one admin guard (401 without a live session) and name the capability
 * a person's role must have (shared/roles.ts), else 403. Rules about which rows (an Author's own posts)
 * are the module's, on top of this.
 */
export type Endpoint = EndpointBase &
  ({ access: 'public'; allow?: undefined } | { access: 'admin'; allow: Capability });

export const endpoint = <const E extends Endpoint>(definition: E): E => definition;

/**
 * Every failure: a readable message, the field at fault for validation failures, and for failures a
 * client acts on by name a `code` (e.g. `second_factor_required`, shared/schemas/two-factor.ts).
 */
export const errorSchema = z.object({
  message: z.string(),
  field: z.optional(z.string()),
  code: z.optional(z.string()),
});

/** The success answer of an endpoint: `{ data }`, with `meta` where the endpoint has one. */
export const successSchema = (e: Endpoint) =>
  e.file ? z.string() : z.object({ data: e.data, ...(e.meta ? { meta: z.optional(e.meta) } : {}) });

/** A path parameter that is an id. */
export const idParam = z.string().check(z.minLength(1), z.maxLength(64));
export const idParams = z.object({ id: idParam });

/** A plain `{ message }` in `data` (contact, subscriptions). */
export const messageData = z.object({ message: z.string() });

export type ParamsOf<E extends Endpoint> = E['params'] extends z.ZodMiniType ? z.input<E['params']> : undefined;
export type QueryOf<E extends Endpoint> = E['query'] extends z.ZodMiniType ? z.input<E['query']> : undefined;
export type BodyOf<E extends Endpoint> = E['body'] extends z.ZodMiniType ? z.input<E['body']> : undefined;
export type DataOf<E extends Endpoint> = z.output<E['data']>;
export type MetaOf<E extends Endpoint> = E['meta'] extends z.ZodMiniType ? z.output<E['meta']> : undefined;
