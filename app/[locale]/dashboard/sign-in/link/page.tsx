import { getTranslations } from 'next-intl/server';
import { redeemSignInLinkAction } from '../../actions';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ token?: string | string[] }> };

/**
 * The emailed link's page. Its GET changes nothing: mail scanners and link previews open links,
 * and must not use up the one sign-in. The button POSTs the token (redeemSignInLinkAction).
 */
export default async function SignInLinkPage({ params, searchParams }: Props) {
  const { locale } = await params;
  const { token } = await searchParams;
  const t = await getTranslations({ locale, namespace: 'Dashboard.link' });
  return (
    <main className="narrow">
      <h1>{t('title')}</h1>
      {typeof token === 'string' && token ? (
        <form action={redeemSignInLinkAction} className="stack">
          <p>{t('intro')}</p>
          <input type="hidden" name="locale" value={locale} />
          <input type="hidden" name="token" value={token} />
          <div>
            <button type="submit" data-testid="use-sign-in-link">
              {t('submit')}
            </button>
          </div>
        </form>
      ) : (
        <p role="alert">{t('missing')}</p>
      )}
    </main>
  );
}
