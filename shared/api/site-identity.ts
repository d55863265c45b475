import { z } from '#shared/schemas/zod.ts';
import { identitySchema } from '#shared/schemas/site-identity.ts';
import { endpoint } from './endpoint';

// Settings → Site identity (docs/product.md#site-identity): the Owner, Administrators and Editors.

/** What is saved now (SITE_NAME and nothing else on a site that never saved it). */
export const getIdentity = endpoint({
  method: 'GET',
  path: '/admin/site-identity',
  access: 'admin',
  allow: 'identity',
  data: identitySchema,
});

/** Saves the whole identity: a revision, and every process's public pages show it at once. */
export const saveIdentity = endpoint({
  method: 'POST',
  path: '/admin/site-identity',
  access: 'admin',
  allow: 'identity',
  body: identitySchema,
  data: identitySchema,
});

/**
 * One image for the identity as multipart/form-data in the field `image`, checked like every upload
 * (it joins the media library). `kind=favicon` also makes its icons (32, 180, 192 and 512 px PNGs). The
 * answer's `url` goes into the identity, which a save then uses.
 */
export const uploadIdentityImage = endpoint({
  method: 'POST',
  path: '/admin/site-identity/image',
  access: 'admin',
  allow: 'identity',
  query: z.object({ kind: z.enum(['logoLight', 'logoDark', 'favicon', 'shareImage']) }),
  data: z.object({ url: z.string(), width: z.number(), height: z.number() }),
});
