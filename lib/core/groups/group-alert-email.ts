import type { OrganisationSettings } from '@/lib/db/schema';
import { emailBrand } from '@/lib/email/templates/email-brand';
import { customerLocale } from '@/lib/email/organisation-locale';
import { emailText } from '@/lib/email/templates/email-text';
import {
  groupAlertEmail as renderGroupAlert,
  type ChargeFailure,
  type GroupAlertKind,
} from '@/lib/email/templates/group-alert-email';
import type { RenderedEmail } from '@/lib/email/templates/render-email';

export type AlertKind = GroupAlertKind;

/** One member's instalment an alert is about. */
export type AlertLine = {
  memberId: string;
  memberName: string;
  amount: number;
  currency: string;
  dueAt: Date | null;
  /** Collected automatically from the member's saved card on the due date. */
  autoCollect?: boolean;
  /** charge_failed: why the automatic charge was not taken. */
  failure?: ChargeFailure;
};

type Context = {
  organisationName: string;
  organisationImage: string | null;
  settings: OrganisationSettings;
  groupName: string | null;
  bookingReference: string;
  groupId: string;
  audience: 'leader' | 'organisation';
  /** The recipient's own language when known (the leader's, from the portal); else the organisation's. */
  locale: string | null;
  /** The leader's portal address (only in the leader's email: it carries their access token). */
  portalUrl?: string;
};

/**
 * The alert email to the leader or to the organisation user, in the organisation's band (email-layout.tsx), in the
 * recipient's language when known (the leader's), else the organisation's (`notification_locale`, organisation-locale.ts).
 */
export function groupAlertEmail(kind: AlertKind, lines: AlertLine[], context: Context): Promise<RenderedEmail> {
  return renderGroupAlert(
    emailBrand(context.organisationName, context.settings, context.organisationImage),
    emailText(customerLocale(context.locale, context.settings)),
    {
      kind,
      groupName: context.groupName,
      bookingReference: context.bookingReference,
      groupId: context.groupId,
      lines,
      portalUrl: context.audience === 'leader' ? context.portalUrl : undefined,
    },
  );
}
