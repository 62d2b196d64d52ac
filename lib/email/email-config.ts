/**
 * The email settings, read at call time like lib/config.ts (which stays the place
 * for service-wide settings; these belong to email delivery alone).
 */
export function smtpUrl(): string | undefined {
  return process.env.SMTP_URL || undefined;
}

export function emailFrom(): string {
  return process.env.EMAIL_FROM || 'travel-pay <no-reply@travel-pay.test>';
}
