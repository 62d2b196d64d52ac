import { formatMoney } from '@/lib/money';

export type MemberLinkEmail = {
  organisationName: string;
  /** An http(s) logo, or null (nothing else is put in an <img>). */
  logoUrl: string | null;
  bookingReference: string;
  groupName: string | null;
  memberName: string;
  amount: number;
  currency: string;
  dueAt: Date | null;
  url: string;
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Only http(s) images reach an email: never javascript: or data: from an organisation setting. */
export const safeLogo = (image: string | null | undefined): string | null =>
  image && /^https?:\/\//i.test(image) ? image : null;

/** A member's link email: organisation name and logo, booking reference, amount and due date (send-links). */
export function memberLinkEmail(input: MemberLinkEmail): { subject: string; text: string; html: string } {
  const amount = formatMoney(input.amount, input.currency);
  const due = input.dueAt ? input.dueAt.toISOString().slice(0, 10) : null;
  const trip = input.groupName
    ? `${input.groupName} (booking ${input.bookingReference})`
    : `booking ${input.bookingReference}`;
  const dueLine = due ? `${amount} is due on ${due}.` : `${amount} is due.`;
  const subject = `${input.organisationName}: your payment for booking ${input.bookingReference}${due ? `, due ${due}` : ''}`;
  const text = [
    `Dear ${input.memberName},`,
    '',
    `${input.organisationName} asks for your share of ${trip}.`,
    dueLine,
    '',
    `Pay securely here: ${input.url}`,
  ].join('\n');
  const logo = input.logoUrl
    ? `<p><img src="${escapeHtml(input.logoUrl)}" alt="${escapeHtml(input.organisationName)}" height="48"></p>`
    : '';
  const html = [
    logo,
    `<p>Dear ${escapeHtml(input.memberName)},</p>`,
    `<p>${escapeHtml(input.organisationName)} asks for your share of ${escapeHtml(trip)}.</p>`,
    `<p><strong>${escapeHtml(dueLine)}</strong></p>`,
    `<p><a href="${escapeHtml(input.url)}">Pay securely</a></p>`,
  ].join('\n');
  return { subject, text, html };
}
