import { UPLOAD_MESSAGES } from '#shared/messages.ts';
import { uploadImage } from '#shared/api/uploads.ts';
import { InvalidInputError, TooLargeError, UnsupportedMediaError } from '#server/errors.ts';
import { route, type ApiRoutes } from './define';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** One image in the multipart field `image` (the admin scope parses multipart); answers its URL. */
export const uploadRoutes: ApiRoutes = {
  admin(scope, { services }) {
    route(
      scope,
      uploadImage,
      async (request) => {
        if (!request.isMultipart()) throw new UnsupportedMediaError(UPLOAD_MESSAGES.notMultipart);
        const file = await request.file();
        if (!file || file.fieldname !== 'image') throw new InvalidInputError(UPLOAD_MESSAGES.noFile);
        let bytes: Buffer;
        try {
          bytes = await file.toBuffer();
        } catch (err) {
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
            throw new TooLargeError(UPLOAD_MESSAGES.tooLarge(MAX_UPLOAD_BYTES / 1024 / 1024));
          }
          throw err;
        }
        if (bytes.length === 0) throw new InvalidInputError(UPLOAD_MESSAGES.empty);
        const stored = await services.uploads.storeImage(bytes);
        return { data: { url: stored.url, width: stored.width, height: stored.height } };
      },
      { bodyLimit: MAX_UPLOAD_BYTES + 64 * 1024 },
    );
  },
};
