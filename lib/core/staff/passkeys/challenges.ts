import { and, eq, gt, isNull, type SQL } from 'drizzle-orm';
import { generateChallenge, isoBase64URL } from '@simplewebauthn/server/helpers';
import { now } from '@/lib/clock';
import { staffWebauthnChallenges } from '@/lib/db/schema';
import type { Executor } from '@/lib/db/types';
import { later } from '../staff-times';

/** A WebAuthn challenge works once, for two minutes: long enough for a person at their authenticator. */
export const PASSKEY_CHALLENGE_MS = 2 * 60 * 1000;

export type ChallengePurpose = 'register' | 'sign-in';

/** A new challenge (base64url), kept server side; a registration's is bound to the signed-in user. */
export async function issueChallenge(tx: Executor, purpose: ChallengePurpose, userId: string | null): Promise<string> {
  const challenge = isoBase64URL.fromBuffer(await generateChallenge());
  const at = now();
  await tx
    .insert(staffWebauthnChallenges)
    .values({ challenge, purpose, userId, createdAt: at, expiresAt: later(at, PASSKEY_CHALLENGE_MS) });
  return challenge;
}

/** The challenge the browser signed, read from the response's clientDataJSON (verified again by the library). */
export function challengeOf(clientDataJSON: string): string | null {
  try {
    const parsed = JSON.parse(isoBase64URL.toUTF8String(clientDataJSON)) as { challenge?: unknown };
    return typeof parsed.challenge === 'string' ? parsed.challenge : null;
  } catch {
    return null;
  }
}

/**
 * Claims a challenge: one conditional UPDATE (`used_at IS NULL AND expires_at > now`, the purpose, and for a
 * registration the same user), so a challenge answers once and two racing answers get one claim between them.
 * Call it in the transaction that acts on the answer; a refused verification still uses the challenge up.
 */
export async function claimChallenge(
  tx: Executor,
  challenge: string,
  purpose: ChallengePurpose,
  userId: string | null,
): Promise<boolean> {
  const at = now();
  const conditions: SQL[] = [
    eq(staffWebauthnChallenges.challenge, challenge),
    eq(staffWebauthnChallenges.purpose, purpose),
    isNull(staffWebauthnChallenges.usedAt),
    gt(staffWebauthnChallenges.expiresAt, at),
  ];
  conditions.push(userId ? eq(staffWebauthnChallenges.userId, userId) : isNull(staffWebauthnChallenges.userId));
  const claimed = await tx
    .update(staffWebauthnChallenges)
    .set({ usedAt: at })
    .where(and(...conditions))
    .returning({ id: staffWebauthnChallenges.id });
  return claimed.length === 1;
}
