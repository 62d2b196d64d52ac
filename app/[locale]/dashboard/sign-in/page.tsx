import { getTranslations } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { dashboardPath } from '@/lib/core/staff/dashboard-paths';
import { requestSignInAction } from '../actions';
import { currentStaff } from '../staff-session';
import { PasskeySignIn } from './passkey-sign-in';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const errors = new Set(['email', 'invalid', 'used', 'expired']);

/** The email form, then "check your email" (the same answer for every address: no account enumeration). */
export default async function SignInPage({ params, searchParams }: Props) {
  const { locale } = await params;
  const query = await searchParams;
  if (await currentStaff()) redirect(dashboardPath(locale));
  const t = await getTranslations({ locale, namespace: 'Dashboard.signIn' });
  const passkey = await getTranslations({ locale, namespace: 'DashboardAccount.signIn' });
  if (query.sent === '1')
    return (
      <main className="narrow">
        <h1>{t('sentTitle')}</h1>
        <p role="status" data-testid="sign-in-sent">
          {t('sent')}
        </p>
        <p>
          <a href={dashboardPath(locale, '/sign-in')}>{t('again')}</a>
        </p>
      </main>
    );
  const error = typeof query.error === 'string' && errors.has(query.error) ? query.error : null;
  const result =
    query.result === 'signed-out'
      ? t('signedOut')
      : query.result === 'signed-out-everywhere'
        ? t('signedOutEverywhere')
        : null;
  return (
    <main className="narrow">
      <h1>{t('title')}</h1>
      {result && (
        <p className="notice" role="status" data-testid="sign-in-result">
          {result}
        </p>
      )}
      {query.result === 'passkey-registered' && (
        <p className="notice" role="status" data-testid="sign-in-passkey-registered">
          {passkey('registered')}
        </p>
      )}
      {query.error === 'passkey' && (
        <p className="error-summary" role="alert" data-testid="sign-in-passkey-error">
          {passkey('refused')}
        </p>
      )}
      {error && (
        <p className="error-summary" role="alert" data-testid="sign-in-error">
          {t(`error_${error}` as 'error_email')}
        </p>
      )}
      <p>{t('intro')}</p>
      <form action={requestSignInAction} className="stack">
        <input type="hidden" name="locale" value={locale} />
        <div className="field">
          <label htmlFor="sign-in-email">{t('email')}</label>
          <input
            id="sign-in-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            aria-invalid={error === 'email' ? true : undefined}
          />
        </div>
        <div>
          <button type="submit">{t('submit')}</button>
        </div>
      </form>
      <PasskeySignIn locale={locale} words={{ submit: passkey('submit'), failed: passkey('failed') }} />
    </main>
  );
}
