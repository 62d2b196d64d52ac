import { getFormatter, getTranslations } from 'next-intl/server';

/** The card-testing refusal in the customer's language, with the time the pause ends (UK time, as the pages show times). */
export async function cardTestingMessage(locale: string, until: Date): Promise<string> {
  const t = await getTranslations({ locale, namespace: 'CardTesting' });
  const format = await getFormatter({ locale });
  return t('paused', { time: format.dateTime(until, { timeStyle: 'short', timeZone: 'Europe/London' }) });
}
