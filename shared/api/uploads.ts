import { z } from '#shared/schemas/zod.ts';
import { endpoint } from './endpoint';

/** One image as multipart/form-data in the field `image`; answers where it is stored and its size. */
export const uploadImage = endpoint({
  method: 'POST',
  path: '/uploader/do',
  access: 'admin',
  data: z.object({ url: z.string(), width: z.number(), height: z.number() }),
});
