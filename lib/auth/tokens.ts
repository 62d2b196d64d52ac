import { SignJWT, jwtVerify } from 'jose';
import { nowSeconds } from '@/lib/clock';
import type { Db } from '@/lib/db/types';
import { signingSecret } from './signing-secret';

export const TOKEN_LIFETIME_SECONDS = 60 * 60 * 60;

/** A bearer JWT naming the API key; it lives 60 hours by the service clock. */
export async function issueToken(db: Db, apiKeyId: string) {
  const issuedAt = nowSeconds();
  const expiryTime = issuedAt + TOKEN_LIFETIME_SECONDS;
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(apiKeyId)
    .setIssuer('travel-pay')
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiryTime)
    .sign(await signingSecret(db));
  return { token, expiry_time: expiryTime, type: 'BEARER' as const };
}

/** The API key id a token names, or null when the token is malformed, forged or expired. */
export async function verifyToken(db: Db, token: string): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(token, await signingSecret(db), {
      issuer: 'travel-pay',
      algorithms: ['HS256'],
      currentDate: new Date(nowSeconds() * 1000),
    });
    return payload.sub ?? null;
  } catch {
    return null;
  }
}
