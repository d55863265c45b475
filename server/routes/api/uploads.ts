import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { requireAdmin } from '#server/plugins/auth.ts';
import { HttpError } from '#server/plugins/errors.ts';
import { UnsupportedImageError } from '#server/modules/uploads/service.ts';
import type { Services } from '#server/services.ts';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** `POST /api/uploader/do`: one image in the multipart field `image`, admin only; answers its URL. */
export const uploadRoutes =
  (services: Services): FastifyPluginAsync =>
  async (app) => {
    app.addHook('onRequest', requireAdmin(services.auth));
    await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 } });

    app.post('/uploader/do', { bodyLimit: MAX_UPLOAD_BYTES + 64 * 1024 }, async (request) => {
      if (!request.isMultipart())
        throw new HttpError(415, 'Send the image as multipart/form-data in the field "image"');
      const file = await request.file();
      if (!file || file.fieldname !== 'image') throw new HttpError(400, 'Choose an image to upload (field "image")');
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new HttpError(413, `The image is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`);
        }
        throw err;
      }
      if (bytes.length === 0) throw new HttpError(400, 'The file is empty');
      try {
        const stored = await services.uploads.storeImage(bytes);
        return { data: { url: stored.url, width: stored.width, height: stored.height } };
      } catch (err) {
        if (err instanceof UnsupportedImageError) throw new HttpError(415, err.message);
        throw err;
      }
    });
  };
