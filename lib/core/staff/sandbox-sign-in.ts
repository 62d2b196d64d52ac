import { inArray } from 'drizzle-orm';
import { isSandbox } from '@/lib/config';
import { getDb } from '@/lib/db/client';
import { users } from '@/lib/db/schema';
import { SANDBOX_ADMIN_EMAIL, SANDBOX_AGENT_EMAIL } from '@/lib/sandbox/seed-sandbox';
import { startSession } from './staff-sessions';

/*
 * The sandbox home page's one-click back-office sign-in as each sandbox user: no email round trip
 * while trying the product. Both functions refuse outside sandbox mode, whatever their caller did,
 * so no production page or forged post can ever sign anyone in without a link.
 */

const SANDBOX_STAFF = [SANDBOX_ADMIN_EMAIL, SANDBOX_AGENT_EMAIL];

/** The sandbox users (id, email, name, roles), admin first; none in production. */
export async function sandboxStaff() {
  if (!isSandbox()) return [];
  const rows = await (
    await getDb()
  )
    .select({ id: users.id, email: users.email, name: users.name, roles: users.roles })
    .from(users)
    .where(inArray(users.email, SANDBOX_STAFF));
  return rows.sort((a, b) => SANDBOX_STAFF.indexOf(a.email) - SANDBOX_STAFF.indexOf(b.email));
}

/** A new session for the sandbox user `userId` (null: not a sandbox user, or production). */
export async function sandboxSignIn(userId: string): Promise<string | null> {
  if (!isSandbox()) return null;
  const db = await getDb();
  const user = (await sandboxStaff()).find((candidate) => candidate.id === userId);
  if (!user) return null;
  return db.transaction((tx) => startSession(tx, user.id, 'sandbox'));
}
