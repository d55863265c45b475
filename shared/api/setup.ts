import { z } from '#shared/schemas/zod.ts';
import { endpoint } from './endpoint';

/** docs/product.md#setup-notices: a setting the site runs without, and what that costs. */
export const setupNoticeSchema = z.object({ id: z.enum(['publicUrl', 'smtp']), message: z.string() });
export type SetupNoticeData = z.infer<typeof setupNoticeSchema>;

/** What the administrator should know about the site's configuration (empty when nothing is missing). */
export const listSetupNotices = endpoint({
  method: 'GET',
  path: '/admin/setup-notices',
  access: 'admin',
  allow: 'settings',
  data: z.array(setupNoticeSchema),
});
