import { getTranslations } from 'next-intl/server';
import { errorCatalog, validationCodes } from '@/lib/http/error-catalog';
import { SiteNav } from '../../site-nav';
import { InlineCode } from './inline-code';

/** The page every error entry's `documentation_url` points at (#code anchors). */
export default async function ErrorCodesPage() {
  const t = await getTranslations('Docs');
  return (
    <>
      <SiteNav />
      <main>
        <h1>{t('errorsTitle')}</h1>
        <p>{t('errorsIntro')}</p>
        {/* Stacked rows on a narrow screen (globals.css, "Stacked tables"): the code first, then each cell with its column's name. */}
        <table className="stack-table">
          <thead>
            <tr>
              <th>{t('code')}</th>
              <th>{t('status')}</th>
              <th>{t('type')}</th>
              <th>{t('meaning')}</th>
            </tr>
          </thead>
          <tbody>
            {Object.entries(errorCatalog).map(([code, entry]) => (
              <tr key={code} id={code}>
                <td>
                  <code>{code}</code>
                </td>
                <td data-label={t('status')}>{entry.status}</td>
                <td data-label={t('type')}>{entry.type}</td>
                <td data-label={t('meaning')}>
                  <InlineCode text={entry.description} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <h2>{t('fieldCodesTitle')}</h2>
        <table className="stack-table">
          <tbody>
            {Object.entries(validationCodes).map(([code, description]) => (
              <tr key={code} id={code}>
                <td>
                  <code>{code}</code>
                </td>
                <td>
                  <InlineCode text={description} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </main>
    </>
  );
}
