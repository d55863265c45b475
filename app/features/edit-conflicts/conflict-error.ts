import { EDIT_CONFLICT_MESSAGES } from '#shared/messages.ts';
import { ApiError } from '#app/lib/api-client.ts';

const CONFLICTS: readonly string[] = [EDIT_CONFLICT_MESSAGES.conflict, EDIT_CONFLICT_MESSAGES.sectionConflict];

/** A save refused because the post or section was saved meanwhile (docs/product.md#edit-conflicts). */
export const isEditConflict = (err: unknown) =>
  err instanceof ApiError && err.status === 409 && CONFLICTS.includes(err.message);
