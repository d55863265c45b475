import type { FastifyInstance } from 'fastify';
import { SERVER_MESSAGES } from '#shared/messages.ts';
import { InvalidInputError } from '#server/errors.ts';

/**
 * How deeply a JSON body may nest. Every body of the contract (shared/api) is a few levels deep (rich
 * text travels as strings); 5,000 levels made autosave's JSON.stringify overflow the stack (a 500).
 */
export const MAX_JSON_DEPTH = 32;

/** The deepest nesting of objects and arrays in a JSON text, stopping as soon as it passes `limit`. */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > limit) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return false;
}

/**
 * Fastify's own JSON parser (the same prototype-poisoning refusals), after a depth check that answers 400
 * with a message instead of letting a deep body reach code that recurses over it.
 */
export function registerJsonBody(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonDepthExceeds(body as string, MAX_JSON_DEPTH)) {
      done(new InvalidInputError(SERVER_MESSAGES.jsonTooDeep(MAX_JSON_DEPTH)), undefined);
      return;
    }
    parse(request, body as string, done);
  });
}
