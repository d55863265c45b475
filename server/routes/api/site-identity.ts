import { getIdentity, saveIdentity, uploadIdentityImage } from '#shared/api/site-identity.ts';
import { authOf, writerOf } from '#server/plugins/auth.ts';
import { route, type ApiRoutes } from './define';
import { imagePart, MAX_UPLOAD_BYTES } from './uploads';

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
        const { file, bytes } = await imagePart(request);
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
