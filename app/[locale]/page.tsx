import { getTranslations } from 'next-intl/server';
import NextLink from 'next/link';
import { connection } from 'next/server';
import { isSandbox, publicBaseUrl } from '@/lib/config';
import { Link } from '@/lib/i18n/link';
import { readSandboxCredentials } from '@/lib/sandbox/credentials';
import { sandboxEcommerceSessionId } from '@/lib/sandbox/sandbox-ecommerce-session';
import { sandboxPaymentLinkId } from '@/lib/sandbox/sandbox-payment-link';
import { clockStatus, SandboxClock } from './sandbox-clock';
import { SandboxKeys } from './sandbox-keys';
import { SandboxStaffSignIn } from './sandbox-staff-sign-in';
import { SandboxWebhooks } from './sandbox-webhooks';

/** The service's home: in sandbox mode, the keys and how to start; in production, nothing sensitive. */
export default async function HomePage({
  params,
  searchParams,
}: {
  params: Promise<{ locale: string }>;
  searchParams: Promise<{ clock?: string }>;
}) {
  await connection();
  const t = await getTranslations('Home');
  if (!isSandbox()) {
    return (
      <main>
        <h1>{t('productionTitle')}</h1>
        <p>{t('productionBody')}</p>
      </main>
    );
  }
  const credentials = readSandboxCredentials();
  const base = publicBaseUrl();
  const firstKey = credentials?.keys[0];
  const sampleLink = await sandboxPaymentLinkId();
  const sampleSession = await sandboxEcommerceSessionId();
  const tEmbed = await getTranslations('Embed');
  return (
    <main>
      <h1>
        {t('sandboxTitle')} <span className="badge">SANDBOX</span>
      </h1>
      <p>{t('sandboxIntro')}</p>
      {credentials ? <SandboxKeys credentials={credentials} /> : <p>{t('noCredentials')}</p>}
      <SandboxStaffSignIn locale={(await params).locale} />
      <h2>{t('curlHeading')}</h2>
      <p>{t('curlToken')}</p>
      <pre data-testid="curl-token">{`curl -s -X POST ${base}/api/token \\\n  -H 'Content-Type: application/json' \\\n  -d '{"public_key":"${firstKey?.public_key ?? 'PUBLIC_KEY'}","private_key":"${firstKey?.private_key ?? 'PRIVATE_KEY'}"}'`}</pre>
      <p>{t('curlBookings')}</p>
      <pre>{`curl -s -X POST ${base}/api/agent/bookings \\\n  -H 'Content-Type: application/json' \\\n  -H "Authorization: Bearer $TOKEN" \\\n  -d '{"organisation":"${firstKey?.organisation ?? 'ORGANISATION_ID'}"}'`}</pre>
      <h2>{t('linksHeading')}</h2>
      <ul>
        {sampleLink && (
          <li>
            <Link href={`/${sampleLink}`} data-testid="sample-link">
              {t('linkCheckout')}
            </Link>
          </li>
        )}
        {/* The embedded checkout on a static example merchant page (public/embed-example.html, docs/embed-protocol.md). */}
        {sampleSession && (
          <li>
            <a
              href={`/embed-example.html?${new URLSearchParams({ session: sampleSession, key: firstKey?.public_key ?? '' })}`}
              data-testid="sample-embed"
            >
              {tEmbed('sandboxExample')}
            </a>
          </li>
        )}
        <li>
          <NextLink href="/api/enums" prefetch={false}>
            {t('linkEnums')}
          </NextLink>
        </li>
        <li>
          <Link href="/docs/errors">{t('linkErrors')}</Link>
        </li>
        <li>
          <Link href="/sandbox/mailbox">{t('linkMailbox')}</Link>
        </li>
      </ul>
      <SandboxWebhooks organisationIds={credentials?.organisations.map((org) => org.id) ?? []} />
      <SandboxClock locale={(await params).locale} status={clockStatus((await searchParams).clock)} />
    </main>
  );
}
