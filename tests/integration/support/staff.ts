import { randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { auditRecords, emailOutbox } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { consumeSignInLink } from '@/lib/core/staff/consume-sign-in-link';
import { requestSignInLink } from '@/lib/core/staff/request-sign-in-link';
import type { Role } from '@/lib/core/enums';
import { createUser } from '@/lib/core/organisations/provision';

/*
 * The back office's sign-in as a member of staff does it: ask for a link, read it in the
 * outbox (the sandbox mailbox shows the same row), post its token.
 */

/** The token of the newest sign-in link emailed to `email`, or null. */
export async function latestSignInToken(db: Db, email: string): Promise<string | null> {
  const [row] = await db
    .select({ text: emailOutbox.textBody })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, 'staff_sign_in')))
    .orderBy(desc(emailOutbox.createdAt));
  const match = row ? /[?&]token=([A-Za-z0-9_-]+)/.exec(row.text) : null;
  return match ? match[1]! : null;
}

export async function signInLinkCount(db: Db, email: string): Promise<number> {
  const rows = await db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, 'staff_sign_in')));
  return rows.length;
}

/** A new session for `email`, through an emailed link. */
export async function signInByEmail(db: Db, email: string): Promise<string> {
  await requestSignInLink(db, { email, locale: 'en-GB' });
  const token = await latestSignInToken(db, email);
  if (!token) throw new Error(`no sign-in link for ${email}`);
  const outcome = await consumeSignInLink(db, token);
  if (!outcome.ok) throw new Error(`sign-in refused: ${outcome.reason}`);
  return outcome.sessionId;
}

/** The audit types recorded for `userId`, oldest first. */
export async function auditTypesOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ type: auditRecords.type })
    .from(auditRecords)
    .where(eq(auditRecords.userId, userId))
    .orderBy(auditRecords.createdAt, auditRecords.sequence);
  return rows.map((row) => row.type);
}

let sequence = 0;
/** A user made as the operator makes one (scripts/operator.ts create-user). */
export async function staffUser(db: Db, roles: readonly Role[], organisationIds: string[]) {
  const email = `staff${++sequence}-${randomBytes(3).toString('hex')}@example.com`;
  const user = await createUser(db, { email, name: `Staff ${sequence}`, roles, organisationIds });
  return { id: user.id, email };
}
