import { getTranslations } from 'next-intl/server';

/** The Developers forms' error words by the codes their actions answer (the rest: the generic words). */
export async function developerErrorWords(
  locale: string,
): Promise<{ errorTitle: string; errors: Record<string, string> }> {
  const t = await getTranslations({ locale, namespace: 'DashboardDevelopers' });
  return {
    errorTitle: t('errorTitle'),
    errors: {
      generic: t('error_generic'),
      'validation.failed': t('error_validation'),
      'api_key.role_not_held': t('error_roleNotHeld'),
      'webhook.url_not_allowed': t('error_urlNotAllowed'),
      'webhook.endpoint_disabled': t('error_endpointDisabled'),
    },
  };
}
