import { getTranslations } from 'next-intl/server';

type Props = { locale: string; action: string; keyword?: string; label: string; idPrefix: string };

/** A list's search box: a GET form, so it works without JavaScript and the address keeps the search. */
export async function RecordsSearch({ locale, action, keyword, label, idPrefix }: Props) {
  const t = await getTranslations({ locale, namespace: 'DashboardRecords.search' });
  return (
    <form method="get" action={action} className="row records-filters" role="search">
      <div className="field">
        <label htmlFor={`${idPrefix}-keyword`}>{label}</label>
        <input id={`${idPrefix}-keyword`} name="keyword" type="search" defaultValue={keyword ?? ''} maxLength={200} />
      </div>
      <button type="submit">{t('submit')}</button>
    </form>
  );
}
