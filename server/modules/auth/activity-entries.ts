import type { ActivityActor } from '#server/modules/activity/service.ts';
import type { UserRow } from './user-repository';

/** What of an `AuthContext` (service.ts) an entry needs; spelt out, as service.ts imports this file. */
interface SignedIn {
  person: { id: string };
  user: { name: string; email: string };
  address?: string;
}

/** The signed-in person as the activity log names them, with the request's address. */
export const actorOf = (auth: SignedIn): ActivityActor => ({
  id: auth.person.id,
  name: auth.user.name || auth.user.email,
  address: auth.address,
});

/** A person as the target of an entry: their id, and their name and e-mail as they are now. */
export const personTarget = (row: Pick<UserRow, 'id' | 'name' | 'email'>) => ({
  type: 'person' as const,
  id: row.id,
  label: row.name ? `${row.name} <${row.email}>` : row.email,
});
