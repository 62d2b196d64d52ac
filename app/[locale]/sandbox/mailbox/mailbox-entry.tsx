import { getTranslations } from 'next-intl/server';
import type { MailboxEmail } from '@/lib/email/list-mailbox';

/**
 * One email of the sandbox mailbox. The HTML body is untrusted (it may carry
 * what a customer typed): it is shown only inside an iframe with an empty
 * `sandbox` attribute, so it runs no script, submits no form, opens nothing and
 * cannot reach this page, its cookies or its origin. The frame loads it as its own
 * document (app/api/sandbox/emails/[email_id]/html), whose policy allows the email's
 * inline styles; as `srcdoc` it would inherit this page's policy, which refuses them.
 */
export async function MailboxEntry({ email, createdAt }: { email: MailboxEmail; createdAt: string }) {
  const t = await getTranslations('Mailbox');
  const statusKey = `status_${email.status}`;
  const subject = email.subject || t('noSubject');
  return (
    <article className="card mail" data-testid="mailbox-email" data-email-id={email.id} data-status={email.status}>
      <h2>{subject}</h2>
      <dl>
        <dt>{t('to')}</dt>
        <dd data-testid="mailbox-to">{email.to}</dd>
        <dt>{t('kind')}</dt>
        <dd>
          <code>{email.kind}</code>
        </dd>
        <dt>{t('status')}</dt>
        <dd>{t.has(statusKey) ? t(statusKey) : email.status}</dd>
        <dt>{t('createdAt')}</dt>
        <dd>
          <time dateTime={email.createdAt.toISOString()}>{createdAt}</time>
        </dd>
        {email.attempts > 1 || email.lastError ? (
          <>
            <dt>{t('attempts')}</dt>
            <dd>{email.attempts}</dd>
            {email.lastError ? (
              <>
                <dt>{t('lastError')}</dt>
                <dd>{email.lastError}</dd>
              </>
            ) : null}
          </>
        ) : null}
      </dl>
      <h3>{t('textBody')}</h3>
      <pre data-testid="mailbox-text">{email.text}</pre>
      {email.html ? (
        <details>
          <summary>{t('htmlBody')}</summary>
          <iframe
            sandbox=""
            src={`/api/sandbox/emails/${email.id}/html`}
            title={t('htmlFrameTitle', { subject })}
            referrerPolicy="no-referrer"
            loading="lazy"
            className="mail-html"
          />
        </details>
      ) : null}
    </article>
  );
}
