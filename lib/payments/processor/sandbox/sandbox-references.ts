import { randomBytes } from 'node:crypto';
import { sandboxCardByProfile } from './sandbox-cards';

/** A payment's reference at the sandbox processor: SBX- and 16 random hex digits. */
export function newProviderReference(): string {
  return `SBX-${randomBytes(8).toString('hex').toUpperCase()}`;
}

export function newRefundReference(): string {
  return `SBX-R-${randomBytes(8).toString('hex').toUpperCase()}`;
}

const TOKEN_PREFIX = 'sbx_tok_';

/**
 * A stored-card token: `sbx_tok_<profile>_<payment><random>`. The profile tells
 * later charges how the card behaves (never the number); the payment part
 * names the payment that stored the card, so an unknown token can be told
 * from an issued one by looking at that payment; the random part keeps the
 * token unguessable from the payment's reference.
 */
export function newStoredCardToken(profile: string, providerReference: string): string {
  const payment = providerReference.replace(/^SBX-/, '').toLowerCase();
  return `${TOKEN_PREFIX}${profile}_${payment}${randomBytes(8).toString('hex')}`;
}

/** The profile and issuing payment of a well-formed token, or null. */
export function parseStoredCardToken(token: string): { profile: string; providerReference: string } | null {
  if (!token.startsWith(TOKEN_PREFIX)) return null;
  const body = token.slice(TOKEN_PREFIX.length);
  const split = body.lastIndexOf('_');
  const profile = body.slice(0, split);
  const tail = body.slice(split + 1);
  if (split <= 0 || !/^[0-9a-f]{32}$/.test(tail) || !sandboxCardByProfile(profile)) return null;
  return { profile, providerReference: `SBX-${tail.slice(0, 16).toUpperCase()}` };
}

/** Ledger keys the sandbox makes up for steps the port gives no key for: one finish per challenge, one decision per bank payment. */
export const challengeFinishKey = (providerReference: string) => `sbx:finish:${providerReference}`;
export const bankDecisionKey = (providerReference: string) => `sbx:bank:${providerReference}`;

/**
 * What the sandbox's 3-D Secure and bank pages append to the return URL, as Adyen appends `redirectResult` and nothing
 * else (no id of ours): the checkout finds its attempt from its own page and passes this to finishChallenge /
 * finishOpenBanking, the same path as in production. It names the payment so that a return of another one is refused.
 */
export const sandboxRedirectResult = (providerReference: string) => `sbx-return.${providerReference}`;
