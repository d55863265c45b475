import type { FastifyRequest } from 'fastify';
import * as api from '#shared/api/imports.ts';
import { IMPORT_MESSAGES, SERVER_MESSAGES } from '#shared/messages.ts';
import { isSafeText } from '#shared/text-safety.ts';
import { DomainError, InvalidInputError, TooLargeError, UnsupportedMediaError } from '#server/errors.ts';
import type { UploadedPart } from '#server/modules/site-import/service.ts';
import { actorOf, authOf } from '#server/plugins/auth.ts';
import { route, type ApiRoutes } from './define';

const FIELDS = new Set<string>(Object.values(api.IMPORT_FIELDS));

/**
 * The files of an import upload as they stream in (multipart `file`, then optionally `uploads`): never
 * held in memory; a broken body is a 400, too large a 413, an unexpected field a 400.
 */
async function* partsOf(request: FastifyRequest): AsyncGenerator<UploadedPart> {
  if (!request.isMultipart()) throw new UnsupportedMediaError(IMPORT_MESSAGES.notMultipart);
  const seen = new Set<string>();
  try {
    for await (const part of request.parts({
      limits: { fileSize: api.IMPORT_MAX_BYTES, files: 2, fields: 0, parts: 2 },
    })) {
      if (part.type !== 'file' || !FIELDS.has(part.fieldname))
        throw new InvalidInputError(IMPORT_MESSAGES.noFile, 'file');
      if (seen.has(part.fieldname)) throw new InvalidInputError(IMPORT_MESSAGES.oneFileEach, part.fieldname);
      seen.add(part.fieldname);
      if (!isSafeText(part.filename)) throw new InvalidInputError(SERVER_MESSAGES.unsafeText, part.fieldname);
      yield { field: part.fieldname as UploadedPart['field'], fileName: part.filename, stream: part.file };
      if (part.file.truncated) throw new TooLargeError(IMPORT_MESSAGES.tooLarge(api.IMPORT_MAX_BYTES / 1024 / 1024));
    }
  } catch (err) {
    if (err instanceof DomainError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new TooLargeError(IMPORT_MESSAGES.tooLarge(api.IMPORT_MAX_BYTES / 1024 / 1024));
    throw new InvalidInputError(IMPORT_MESSAGES.noFile, 'file');
  }
}

/**
 * Tools → Import (docs/api.md#import): every endpoint needs `site.import`; those that upload, start or undo
 * an import a recent sign-in too.
 */
export const importRoutes: ApiRoutes = {
  admin(scope, { services }) {
    const recent = (request: FastifyRequest) => services.auth.requireRecentAuth(authOf(request));
    const imports = services.imports;
    route(scope, api.listImports, async () => ({ data: await imports.list() }));
    route(
      scope,
      api.uploadImport,
      async (request) => {
        await recent(request);
        return { data: await imports.upload(partsOf(request), actorOf(request)) };
      },
      { bodyLimit: api.IMPORT_MAX_BYTES + 1024 * 1024 },
    );
    route(scope, api.getImport, async (request) => ({ data: await imports.get(request.params.id) }));
    route(scope, api.importItems, async (request) => {
      const { rows, pageInfo } = await imports.items(request.params.id, request.query);
      return { data: rows, meta: pageInfo };
    });
    route(scope, api.startImport, async (request) => {
      await recent(request);
      return { data: await imports.start(request.params.id, request.body, actorOf(request)) };
    });
    route(scope, api.undoImport, async (request) => {
      await recent(request);
      return { data: await imports.undo(request.params.id, actorOf(request)) };
    });
    // No recent sign-in asked: like the upload it follows and any edit of a post, it changes content only.
    route(scope, api.replaceImportImage, async (request) => ({
      data: await imports.replaceImage(request.params.id, request.body, actorOf(request)),
    }));
    route(scope, api.discardImport, async (request) => ({ data: await imports.discard(request.params.id) }));
  },
};
