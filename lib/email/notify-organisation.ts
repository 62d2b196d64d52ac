import { eq } from 'drizzle-orm';
import { organisations, userOrganisations, users } from '@/lib/db/schema';
import type { Executor } from '@/lib/db/types';
import { enqueueEmail } from './enqueue-email';

/**
 * Tells an organisation that something needs a person (a refund or scheduled
 * payment that finally failed, an email that could not be delivered). Goes to
 * the organisation's `notification_email` setting, or else to every user of
 * the organisation. Call it with the transaction that records the failure.
 */
export async function notifyOrganisation(
  tx: Executor,
  organisationId: string,
  message: { kind: string; subject: string; text: string },
): Promise<number> {
  const [org] = await tx.select({ name: organisations.name, settings: organisations.settings }).from(organisations).where(eq(organisations.id, organisationId));
  if (!org) return 0;
  const recipients = org.settings.notification_email
    ? [org.settings.notification_email]
    : (await tx.select({ email: users.email }).from(userOrganisations).innerJoin(users, eq(users.id, userOrganisations.userId))
        .where(eq(userOrganisations.organisationId, organisationId))).map((row) => row.email);
  for (const to of recipients) {
    await enqueueEmail(tx, { organisationId, kind: message.kind, to, subject: `${org.name}: ${message.subject}`, text: message.text });
  }
  return recipients.length;
}
