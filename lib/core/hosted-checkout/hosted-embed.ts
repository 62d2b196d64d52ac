import { getDb } from '@/lib/db/client';
import { publicKeyMayPay } from './embed-origins';

/* The embed pages' entry to the core (beside hosted-payments.ts): pages and actions never import lib/db. */

/** INITIATE_PAY's public key may pay this session: a live key that reaches the session's organisation. */
export const hostedPublicKeyMayPay = async (sessionId: string, publicKey: string) =>
  publicKeyMayPay(await getDb(), sessionId, publicKey);
