import { getTranslations } from 'next-intl/server';
import { isSandbox } from '@/lib/config';
import type { ActionRefusal } from '@/lib/http/action-refusal';

/**
 * A refused checkout action in the customer's language: the form state's error
 * and the refusal page say the same. In sandbox mode a refused Origin names the
 * origin the service expected, so a developer sees what to open or configure;
 * in production the page names no address.
 */
export async function actionRefusalMessage(
  locale: string,
  reason: ActionRefusal,
  expectedOrigin?: string,
): Promise<string> {
  const t = await getTranslations({ locale, namespace: 'ActionRefused' });
  if (reason === 'origin' && expectedOrigin && isSandbox()) return t('originSandbox', { expected: expectedOrigin });
  return t(reason);
}
