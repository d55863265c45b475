import { z } from '#shared/schemas/zod.ts';
import { endpoint, idParam } from './endpoint';

/** A post's id, or 'new' for the post being written on the create page. */
const keyParams = z.object({ key: idParam });
const fields = z.record(z.string(), z.unknown());

export const autosaveSchema = z.object({ data: fields, savedAt: z.string() });
export type Autosave = z.infer<typeof autosaveSchema>;

/** The administrator's unsaved text of a post, if any. */
export const getAutosave = endpoint({
  method: 'GET',
  path: '/admin/autosaves/:key',
  access: 'admin',
  allow: 'account',
  params: keyParams,
  data: z.nullable(autosaveSchema),
});

/** Keeps the editor's current text; never touches the post itself. */
export const saveAutosave = endpoint({
  method: 'POST',
  path: '/admin/autosaves/:key',
  access: 'admin',
  allow: 'account',
  params: keyParams,
  body: z.object({ data: fields }),
  data: z.object({ savedAt: z.string() }),
});

export const discardAutosave = endpoint({
  method: 'DELETE',
  path: '/admin/autosaves/:key',
  access: 'admin',
  allow: 'account',
  params: keyParams,
  data: z.object({ discarded: z.boolean() }),
});
