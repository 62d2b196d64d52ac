import type { OrganisationSettings } from '@/lib/db/schema';
import type { Executor } from '@/lib/db/types';
import { enqueueEmail } from '@/lib/email/enqueue-email';
import { emailBrand } from '@/lib/email/templates/email-brand';
import { customerLocale } from '@/lib/email/organisation-locale';
import { emailText } from '@/lib/email/templates/email-text';
import { leaderPortalEmail } from '@/lib/email/templates/leader-portal-email';

/**
 * A new group's leader is emailed their portal_url (docs/groups.md "The leader's portal link"), queued in the
 * transaction that creates the group: the email exists if and only if the group does. It carries the leader's
 * access token, so it goes to lead_email alone.
 */
export async function emailLeaderPortalLink(
  tx: Executor,
  input: {
    organisationId: string;
    organisation: { name: string; image: string | null; settings: OrganisationSettings };
    leadName: string;
    leadEmail: string;
    bookingReference: string;
    groupName: string | null;
    url: string;
  },
): Promise<void> {
  const { organisation } = input;
  const email = await leaderPortalEmail(
    emailBrand(organisation.name, organisation.settings, organisation.image),
    emailText(customerLocale(null, organisation.settings)),
    {
      leadName: input.leadName,
      bookingReference: input.bookingReference,
      groupName: input.groupName,
      url: input.url,
    },
  );
  await enqueueEmail(tx, {
    organisationId: input.organisationId,
    kind: 'group-leader-portal',
    to: input.leadEmail,
    ...email,
  });
}
