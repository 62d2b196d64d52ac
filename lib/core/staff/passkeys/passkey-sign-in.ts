import { and, eq, sql } from 'drizzle-orm';
import { generateAuthenticationOptions, verifyAuthenticationResponse } from '@simplewebauthn/server';
import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { now } from '@/lib/clock';
import { staffPasskeys } from '@/lib/db/schema';
import type { Db } from '@/lib/db/types';
import { recordAudit } from '../../audit/record-audit';
import { firstOrganisation, startSession } from '../staff-sessions';
import { PASSKEY_CHALLENGE_MS, challengeOf, claimChallenge, issueChallenge } from './challenges';
import { userHandleOf } from './register-passkey';
import { relyingParty } from './relying-party';

export type PasskeySignInOutcome = { ok: true; sessionId: string } | { ok: false };

/** The options for navigator.credentials.get(): a new challenge, no address asked (discoverable credentials). */
export async function passkeySignInOptions(db: Db): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const challenge = await issueChallenge(db, 'sign-in', null);
  return generateAuthenticationOptions({
    rpID: relyingParty().rpID,
    challenge: isoBase64URL.toBuffer(challenge),
    timeout: PASSKEY_CHALLENGE_MS,
    userVerification: 'required',
  });
}

/**
 * Signs in with a passkey: the challenge claimed once (unused, unexpired, a sign-in's), the credential a known
 * one whose user handle (when the authenticator gives one) names its own user, the signature valid over this
 * origin and RP ID with the user verified, and the signature counter moved forward (a cloned authenticator
 * replays an old count). The counter is stored with a conditional UPDATE, so two answers racing with one count
 * cannot both pass. A session starts (`method` 'passkey'), audited as every sign-in; a known credential refused
 * is audited as `staff:sign-in-refused` under its user. Every refusal looks the same to the browser.
 */
export async function signInWithPasskey(db: Db, response: AuthenticationResponseJSON): Promise<PasskeySignInOutcome> {
  const { rpID, origin } = relyingParty();
  const challenge = challengeOf(response.response.clientDataJSON);
  if (!challenge) return { ok: false };
  return db.transaction(async (tx): Promise<PasskeySignInOutcome> => {
    if (!(await claimChallenge(tx, challenge, 'sign-in', null))) return { ok: false };
    const [passkey] = await tx.select().from(staffPasskeys).where(eq(staffPasskeys.credentialId, response.id));
    if (!passkey) return { ok: false };
    const refuse = async (): Promise<PasskeySignInOutcome> => {
      const organisationId = await firstOrganisation(tx, passkey.userId);
      if (organisationId)
        await recordAudit(
          tx,
          { userId: passkey.userId, apiKeyId: null },
          { organisationId, type: 'staff:sign-in-refused', entityId: passkey.id },
        );
      return { ok: false };
    };
    const handle = response.response.userHandle;
    if (handle && handle !== isoBase64URL.fromBuffer(userHandleOf(passkey.userId))) return refuse();
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: passkey.credentialId,
        publicKey: isoBase64URL.toBuffer(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports,
      },
      requireUserVerification: true,
    }).catch(() => null);
    if (!verified?.verified) return refuse();
    const moved = await tx
      .update(staffPasskeys)
      .set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: now() })
      .where(
        and(
          eq(staffPasskeys.id, passkey.id),
          // Authenticators that keep no counter always say 0 (WebAuthn §6.1.1); any other must move forward.
          sql`(${staffPasskeys.counter} < ${verified.authenticationInfo.newCounter} or ${verified.authenticationInfo.newCounter} = 0 and ${staffPasskeys.counter} = 0)`,
        ),
      )
      .returning({ id: staffPasskeys.id });
    if (!moved.length) return refuse();
    const sessionId = await startSession(tx, passkey.userId, 'passkey');
    return sessionId ? { ok: true, sessionId } : { ok: false };
  });
}
