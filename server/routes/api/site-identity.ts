import type { MultipartFile } from '@fastify/multipart';
import { SERVER_MESSAGES, UPLOAD_MESSAGES } from '#shared/messages.ts';
import { getIdentity, saveIdentity, uploadIdentityImage } from '#shared/api/site-identity.ts';
import { isSafeText } from '#shared/text-safety.ts';
import { authOf, writerOf } from '#server/plugins/auth.ts';
import { InvalidInputError, UnsupportedMediaError } from '#server/errors.ts';
import { route, type ApiRoutes } from './define';
import { MAX_UPLOAD_BYTES, uploadFailure } from './uploads';

/** Settings → Site identity (docs/product.md#site-identity). */
export const siteIdentityRoutes: ApiRoutes = {
  admin(scope, { services }) {
    route(scope, getIdentity, async () => ({ data: await services.identity.get() }));

    route(scope, saveIdentity, async (request) => ({
      data: await services.identity.save(request.body, writerOf(request)),
    }));

    // The media rules of every upload (format, size, no SVG) with their messages: the uploads module checks.
    route(
      scope,
      uploadIdentityImage,
      async (request) => {
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
        const details = { originalName: file.filename, uploadedBy: authOf(request).person.id };
        const stored =
          request.query.kind === 'favicon'
            ? await services.uploads.storeFavicon(bytes, details)
            : await services.uploads.storeImage(bytes, details);
        return { data: { url: stored.url, width: stored.width, height: stored.height } };
      },
      { bodyLimit: MAX_UPLOAD_BYTES + 64 * 1024 },
    );
  },
};
