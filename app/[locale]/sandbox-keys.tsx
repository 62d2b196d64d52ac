import { getTranslations } from 'next-intl/server';
import type { SandboxCredentials } from '@/lib/sandbox/credentials';

export async function SandboxKeys({ credentials }: { credentials: SandboxCredentials }) {
  const t = await getTranslations('Home');
  return (
    <>
      <h2>{t('keysHeading')}</h2>
      {credentials.keys.map((key) => (
        <section className="card" key={key.public_key} data-testid="sandbox-key">
          <strong>{key.label}</strong>
          <dl>
            <dt>{t('publicKey')}</dt>
            <dd>
              <code>{key.public_key}</code>
            </dd>
            <dt>{t('privateKey')}</dt>
            <dd>
              <code>{key.private_key ?? t('privateKeyUnavailable')}</code>
            </dd>
            <dt>{t('organisation')}</dt>
            <dd>
              <code>{key.organisation}</code>
            </dd>
            <dt>{t('user')}</dt>
            <dd>{key.user_email}</dd>
            <dt>{t('roles')}</dt>
            <dd>{key.roles}</dd>
          </dl>
        </section>
      ))}
      <h2>{t('organisationsHeading')}</h2>
      <ul>
        {credentials.organisations.map((org) => (
          <li key={org.id}>
            <code>{org.id}</code> {org.name}
            {org.parent ? <span className="muted"> ({t('parentOf', { parent: org.parent })})</span> : null}
          </li>
        ))}
      </ul>
    </>
  );
}
