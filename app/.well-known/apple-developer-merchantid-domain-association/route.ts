import { applePayDomainAssociation } from '@/lib/payments/wallet-config';

/**
 * Apple Pay's domain association file: Apple fetches it from every domain that shows the Apple Pay button
 * (the main host and each verified portal domain: proxy.ts lets it through on both, lib/http/portal-paths.ts)
 * before it lets the domain take Apple Pay. Its content is the file Adyen's Customer Area gives, set as
 * APPLE_PAY_DOMAIN_ASSOCIATION; without it there is no file (404), and no Apple Pay.
 */
export function GET(): Response {
  const text = applePayDomainAssociation();
  if (!text)
    return new Response('Not found\n', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  return new Response(text, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}

export const dynamic = 'force-dynamic';
