import type { OrganisationSettings } from '@/lib/db/schema';

/*
 * The organisation settings of the emails it and its customers are sent (issue 17, items 2 and 3), with their
 * defaults: read here only, so the API's answer, the runner and group creation agree on what "unset" means.
 */

/** `merchant_notices`: none, one email per completed payment, or one digest a day of the day's payments. */
export const MERCHANT_NOTICE_MODES = ['off', 'each_payment', 'daily_digest'] as const;
export type MerchantNoticeMode = (typeof MERCHANT_NOTICE_MODES)[number];

/** `member_reminder_days` is at most this (the runner's scan looks no further ahead). */
export const MAX_REMINDER_DAYS = 30;
export const DEFAULT_REMINDER_DAYS = 3;

type Settings = Pick<OrganisationSettings, 'merchant_notices' | 'send_leader_portal_link' | 'member_reminder_days'>;

export const merchantNoticeMode = (settings: Settings): MerchantNoticeMode => settings.merchant_notices ?? 'off';

/** Whether a new group's leader is emailed their portal_url: the creation's flag, else the setting, else on. */
export const sendsLeaderPortalLink = (settings: Settings, flag?: boolean): boolean =>
  flag ?? settings.send_leader_portal_link ?? true;

export const memberReminderDays = (settings: Settings): number =>
  settings.member_reminder_days ?? DEFAULT_REMINDER_DAYS;

/** The three settings as the settings API answers them, defaults filled in. */
export const noticeSettings = (settings: Settings) => ({
  merchant_notices: merchantNoticeMode(settings),
  send_leader_portal_link: sendsLeaderPortalLink(settings),
  member_reminder_days: memberReminderDays(settings),
});
