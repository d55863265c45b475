import type { SessionUser } from '#shared/schemas/auth.ts';
import type { Person } from '#shared/roles.ts';
import type { UserRow } from './user-repository';

type PersonRow = Pick<UserRow, 'id' | 'email' | 'name' | 'role' | 'may_newsletter' | 'category_ids'>;

const categoryIdsOf = (json: string): string[] => {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
};

/** The user the browser stores, exactly as the spec has it (docs/product.md#access-and-session). */
export const toSessionUser = (row: PersonRow): SessionUser => ({ _id: row.id, email: row.email, name: row.name });

/** What the guards ask `can` about (shared/roles.ts). */
export const toPerson = (row: PersonRow): Person & { id: string } => ({
  id: row.id,
  role: row.role,
  mayNewsletter: row.may_newsletter === 1,
  categoryIds: categoryIdsOf(row.category_ids),
});
