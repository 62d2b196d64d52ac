import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: what the emailed link carries. */
export const newSignInToken = () => randomBytes(32).toString('base64url');

/** What the database keeps of a token: its SHA-256 (a copy of the table signs nobody in). */
export const signInTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
