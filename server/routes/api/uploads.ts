import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { can } from '#shared/roles.ts';
import { authOf } from '#server/plugins/auth.ts';
import { SERVER_MESSAGES, UPLOAD_MESSAGES } from '#shared/messages.ts';
import { deleteMedia, listMedia, updateMedia, uploadImage } from '#shared/api/uploads.ts';
import { isSafeText } from '#shared/text-safety.ts';
import { InvalidInputError, TooLargeError, UnsupportedMediaError } from '#server/errors.ts';
import { route, type ApiRoutes } from './define';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/**
 * A multipart body the client broke (no boundary, a wrong one, cut short, not multipart at all) is its
 * fault: 400 with a message, never 500. Too large is 413.
 */
export function uploadFailure(err: unknown): Error {
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new TooLargeError(UPLOAD_MESSAGES.tooLarge(MAX_UPLOAD_BYTES / 1024 / 1024));
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') return err as Error;
  return new InvalidInputError(UPLOAD_MESSAGES.badMultipart);
}

/**
 * The image of an upload request (multipart field `image`) with its bytes, or the upload rules' 4xx:
 * not multipart (415), no file, an empty one, a broken body (400), too large (413). Its file name must be
 * safe text: multipart fields skip the API's JSON text check (server/plugins/text-safety.ts).
 */
export async function imagePart(request: FastifyRequest): Promise<{ file: MultipartFile; bytes: Buffer }> {
  if (!request.isMultipart()) throw new UnsupportedMediaError(UPLOAD_MESSAGES.notMultipart);
  let file: MultipartFile | undefined;
  let bytes: Buffer;
  try {
    file = await request.file();
    if (!file || file.fieldname !== 'image') throw new InvalidInputError(UPLOAD_MESSAGES.noFile);
    bytes = await file.toBuffer();
  } catch (err) {
    throw err instanceof InvalidInputError ? err : uploadFailure(err);
  }
  if (bytes.length === 0) throw new InvalidInputError(UPLOAD_MESSAGES.empty);
  if (!isSafeText(file.filename)) throw new InvalidInputError(SERVER_MESSAGES.unsafeText, 'image');
  return { file, bytes };
}

/** The `value` of a plain field sent before the file (its alt text). */
const fieldValue = (file: MultipartFile, name: string) => {
  const field = file.fields[name];
  const one = Array.isArray(field) ? field[0] : field;
  return one && 'value' in one && typeof one.value === 'string' ? one.value : undefined;
};

/** Authors and Contributors see and change their own uploads; with `media.all`, every upload. */
const ownUploadsOf = (request: FastifyRequest) => {
  const { person } = authOf(request);
  return can(person, 'media.all') ? undefined : person.id;
};

/** Images: the upload (multipart field `image`, parsed in the admin scope) and the media library. */
export const uploadRoutes: ApiRoutes = {
  admin(scope, { services }) {
    route(
      scope,
      uploadImage,
      async (request) => {
        const { file, bytes } = await imagePart(request);
        // Multipart fields skip the API's JSON text check (server/plugins/text-safety.ts): the same rule here.
        const alt = fieldValue(file, 'alt');
        if (alt !== undefined && !isSafeText(alt)) throw new InvalidInputError(SERVER_MESSAGES.unsafeText, 'alt');
        const stored = await services.uploads.storeImage(bytes, {
          originalName: file.filename,
          alt,
          uploadedBy: authOf(request).person.id,
        });
        return { data: { url: stored.url, width: stored.width, height: stored.height } };
      },
      { bodyLimit: MAX_UPLOAD_BYTES + 64 * 1024 },
    );

    route(scope, listMedia, async (request) => {
      const { search, beforeCreatedAt, beforeId } = request.query;
      const before = beforeCreatedAt && beforeId ? { createdAt: beforeCreatedAt, id: beforeId } : undefined;
      return { data: await services.uploads.list({ search, before, uploadedBy: ownUploadsOf(request) }) };
    });
    route(scope, updateMedia, async (request) => ({
      data: await services.uploads.setAlt(request.params.id, request.body.alt, ownUploadsOf(request)),
    }));
    route(scope, deleteMedia, async (request) => ({
      data: await services.uploads.remove(request.params.id, ownUploadsOf(request)),
    }));
  },
};
