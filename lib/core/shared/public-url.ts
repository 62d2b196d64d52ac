import { z } from 'zod';
import { serviceMode, type ServiceMode } from '@/lib/config';

/*
 * URLs an organisation gives us to send customers to (a checkout's success, failure and
 * cancel URLs) or to show them (its logo). Only http(s), never javascript: or data:; never
 * with a user name or password (`https://bank.example@evil.example/` reads as the bank's
 * address but goes to evil.example, and a password in a URL ends up in logs); and in
 * production https only: a plain-http page after a payment, or a logo on a payment page,
 * is one a man in the middle may rewrite (and the CSP's img-src drops http images anyway).
 */

/** Why a URL may not be used in `mode`, or null when it may. */
export function publicUrlProblem(value: string, mode: ServiceMode): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an http(s) URL';
  if (url.username || url.password) return 'must not hold a user name or password (user@host)';
  if (mode === 'production' && url.protocol !== 'https:') return 'must be an https URL';
  return null;
}

/** The schema of such a URL; the mode is read when a request is parsed, not when this module loads. */
export const publicUrl = () =>
  z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .superRefine((value, context) => {
      const problem = publicUrlProblem(value, serviceMode());
      if (problem) context.addIssue({ code: 'custom', message: problem });
    });
