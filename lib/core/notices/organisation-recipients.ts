import { eq } from 'drizzle-orm';
import { userOrganisations, users, type OrganisationSettings } from '@/lib/db/schema';
import type { Executor } from '@/lib/db/types';

/**
 * Who reads the organisation's notices: its `notification_email` setting, else every user of the organisation
 * (the same people as its alerts, lib/email/notify-organisation.ts).
 */
export async function organisationRecipients(
  tx: Executor,
  organisationId: string,
  settings: Pick<OrganisationSettings, 'notification_email'>,
): Promise<string[]> {
  if (settings.notification_email) return [settings.notification_email];
  const rows = await tx
    .select({ email: users.email })
    .from(userOrganisations)
    .innerJoin(users, eq(users.id, userOrganisations.userId))
    .where(eq(userOrganisations.organisationId, organisationId));
  return rows.map((row) => row.email);
}
