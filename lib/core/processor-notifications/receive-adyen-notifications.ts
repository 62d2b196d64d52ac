import { timingSafeEqual } from 'node:crypto';
import { adyenNotificationConfig } from '@/lib/config';
import type { Db } from '@/lib/db/types';
import { AppError } from '@/lib/http/app-error';
import { applyNotifications } from './apply-notification';
import type { RawItem } from './notification-item';
import { storeNotifications } from './store-notifications';
import { describeErrorSafely } from '@/lib/http/safe-error-log';

const same = (a: string, b: string) => {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
};

/** With ADYEN_NOTIFICATION_USERNAME and _PASSWORD set, the request must carry them as Basic auth. */
export function checkBasicAuth(authorization: string | null): void {
  const expected = adyenNotificationConfig().basicAuth;
  if (!expected) return;
  const match = authorization?.match(/^Basic\s+([A-Za-z0-9+/=]+)$/i);
  const decoded = match ? Buffer.from(match[1]!, 'base64').toString('utf8') : '';
  const split = decoded.indexOf(':');
  const ok =
    split > 0 && same(decoded.slice(0, split), expected.username) && same(decoded.slice(split + 1), expected.password);
  if (!ok)
    throw new AppError(
      'notification.invalid_credentials',
      'Processor notifications need the configured Basic auth credentials.',
    );
}

/**
 * An Adyen standard notification batch: every item verified (HMAC with
 * ADYEN_HMAC_KEY) and stored, or nothing; then each item applied inline. An
 * apply that fails is left 'failed' for the runner (processor-notifications-step),
 * so the answer is `[accepted]` once the batch is stored, whatever applying does.
 */
export async function receiveAdyenNotifications(db: Db, items: readonly RawItem[]): Promise<void> {
  const ids = await storeNotifications(db, 'adyen', items, adyenNotificationConfig().hmacKey);
  try {
    await applyNotifications(db, ids);
  } catch (error) {
    // Stored is accepted: the runner applies what did not apply here.
    console.error(
      JSON.stringify({
        level: 'error',
        message: 'inline apply of processor notifications failed; left for the runner',
        error: describeErrorSafely(error),
      }),
    );
  }
}
