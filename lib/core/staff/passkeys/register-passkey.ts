import { eq } from 'drizzle-orm';
import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import type { PublicKeyCredentialCreationOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { isoBase64URL, isoUint8Array } from '@simplewebauthn/server/helpers';
import { z } from 'zod';
import { now } from '@/lib/clock';
import { staffPasskeys } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { AppError } from '@/lib/http/app-error';
import { recordAudit } from '../../audit/record-audit';
import type { StaffActor } from '../load-staff-actor';
import { PASSKEY_CHALLENGE_MS, challengeOf, claimChallenge, issueChallenge } from './challenges';
import { relyingParty } from './relying-party';

/** The WebAuthn user handle of a user: the 16 bytes of their id, so a sign-in's handle names them. */
export const userHandleOf = (userId: string) => isoUint8Array.fromHex(userId.replace(/-/g, ''));

/** What a passkey is called in the list (the person names it, e.g. "Work laptop"). */
export const passkeyNameSchema = z.string().trim().min(1).max(60);

/** The options for navigator.credentials.create(): a new challenge for the actor's user, their passkeys excluded. */
export async function passkeyRegistrationOptions(
  db: Db,
  actor: StaffActor,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const { rpID, rpName } = relyingParty();
  const existing = await db
    .select({ id: staffPasskeys.credentialId, transports: staffPasskeys.transports })
    .from(staffPasskeys)
    .where(eq(staffPasskeys.userId, actor.userId));
  const challenge = await issueChallenge(db, 'register', actor.userId);
  return generateRegistrationOptions({
    rpName,
    rpID,
    userName: actor.userEmail,
    userDisplayName: actor.userName,
    userID: userHandleOf(actor.userId),
    challenge: isoBase64URL.toBuffer(challenge),
    timeout: PASSKEY_CHALLENGE_MS,
    attestationType: 'none',
    excludeCredentials: existing,
    // A discoverable credential lets the sign-in page ask for "a passkey" without an address first.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
}

const refused = () => new AppError('passkey.refused', 'The passkey could not be registered.');

/**
 * Verifies the authenticator's answer and keeps the credential for the actor's user. The challenge must be one
 * issued to this user, unused and unexpired (claimed in this transaction); the origin and RP ID those of the
 * service's public URL; the user verified. Anything else is `passkey.refused` and keeps nothing.
 */
export async function registerPasskey(db: Db, actor: StaffActor, response: RegistrationResponseJSON, name: string) {
  const { rpID, origin } = relyingParty();
  const challenge = challengeOf(response.response.clientDataJSON);
  if (!challenge) throw refused();
  const outcome = await db.transaction(async (tx) => {
    if (!(await claimChallenge(tx, challenge, 'register', actor.userId))) return null;
    const verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    }).catch(() => null);
    if (!verified?.verified) return null;
    const { credential } = verified.registrationInfo;
    const [created] = await tx
      .insert(staffPasskeys)
      .values({
        userId: actor.userId,
        credentialId: credential.id,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name,
        createdAt: now(),
      })
      .onConflictDoNothing()
      .returning({ id: staffPasskeys.id });
    if (!created) return null;
    await recordAudit(tx, actor, {
      organisationId: actor.rootOrganisationId,
      type: 'staff:passkey-register',
      entityId: created.id,
    });
    return created.id;
  });
  if (!outcome) throw refused();
  return { id: outcome };
}
