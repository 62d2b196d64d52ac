import { publicBaseUrl } from '@/lib/config';

/**
 * Who the passkeys are for (WebAuthn's relying party): the service's configured public origin
 * (PUBLIC_BASE_URL, lib/config.ts), never a request's Host header. A passkey is bound to the RP ID
 * (the origin's host name), and the browser reports the origin it ran on, which must be this one.
 */
export function relyingParty(): { rpID: string; origin: string; rpName: string } {
  const url = new URL(publicBaseUrl());
  return { rpID: url.hostname, origin: url.origin, rpName: 'travel-pay' };
}
