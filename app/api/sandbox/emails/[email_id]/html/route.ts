import { GET as unknownEndpoint } from '@/app/api/[...path]/route';
import { mailboxEmailHtml } from '@/lib/email/mailbox';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { sandboxOnly, sandboxOnlyMethods } from '../../../sandbox-only';

/*
 * The HTML part of one sandbox email, for the mailbox page's frame. An email's styles are inline (mail
 * clients keep nothing else), which the pages' policy rightly refuses, so the email is its own document
 * with its own policy: inline styles and images, nothing else (no script, no form, no fetch), framed only
 * by this service's pages, and a sandbox of its own on top of the frame's `sandbox` attribute.
 * Images may be plain http because sandbox organisations' logos may be (production is https only).
 */
const EMAIL_DOCUMENT_POLICY = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  'img-src data: https: http:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
  'sandbox',
].join('; ');

export const GET = sandboxOnly(async (request: Request, { params }: { params: Promise<{ email_id: string }> }) => {
  const html = await mailboxEmailHtml((await params).email_id);
  if (html === null) return unknownEndpoint(request);
  return new Response(html, {
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': EMAIL_DOCUMENT_POLICY,
      'Referrer-Policy': 'no-referrer',
      'Cache-Control': 'no-store',
    },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = sandboxOnlyMethods(otherMethods('GET'));
