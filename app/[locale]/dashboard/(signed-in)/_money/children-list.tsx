import type { ReactNode } from 'react';
import { ActionNotice } from '../action-notice';
import { ChildrenFilter } from './children-filter';
import { single } from './money-words';
import { pageNumber } from '@/lib/core/staff/page-number';
import { Pager } from '../list-pager';

type Search = Record<string, string | string[] | undefined>;

/** How many rows a money list page shows at a time. */
export const LIST_TAKE = 25;

/**
 * A money list page's address, read once: its page number and whether the organisations below are shown, as the
 * core list's options (`skip`, `take`, `show-child-organisations`, the API's) and as the query its pager keeps.
 */
export function childrenListAddress(search: Search) {
  const page = pageNumber(single(search.page));
  const children = single(search.children) === '1';
  return {
    page,
    children,
    options: { skip: (page - 1) * LIST_TAKE, take: LIST_TAKE, 'show-child-organisations': children },
  };
}

type FrameWord = 'title' | 'intro' | 'children' | 'apply' | 'empty';

/** The frame's words from a list page's namespace, which names them alike (DashboardMoney.creditNotes, …). */
export const frameWords = (t: (key: FrameWord) => string): Record<FrameWord, string> => ({
  title: t('title'),
  intro: t('intro'),
  children: t('children'),
  apply: t('apply'),
  empty: t('empty'),
});

type Props = {
  locale: string;
  /** The page's own address (the filter's and the pager's). */
  base: string;
  address: ReturnType<typeof childrenListAddress>;
  list: { total: number; items: readonly unknown[]; hasMore: boolean };
  /** The page's heading, introduction, the filter's label and button, and what an empty list says. */
  words: Record<FrameWord, string>;
  /** `<testId>-empty`, and the action notice's `<testId>-result` / `-error`. */
  testId: string;
  /** A page with actions: the outcome its form's 303 carries (`?result=`, `?error=`), in the page's namespace. */
  notice?: { namespace: string; search: Search };
  /** The rows, shown when there are any. */
  children: ReactNode;
  /** What follows the list and its pager (a form). */
  after?: ReactNode;
};

/**
 * The frame every money list page shares (credit notes, refunds awaiting authorisation, chargebacks): heading,
 * the action's outcome, introduction, the "organisations below" filter, the rows or the empty sentence, and the
 * pager. All of it works without JavaScript (GET forms and links).
 */
export function ChildrenListPage({ locale, base, address, list, words, testId, notice, children, after }: Props) {
  return (
    <main>
      <h1>{words.title}</h1>
      {notice && (
        <ActionNotice
          locale={locale}
          namespace={notice.namespace}
          query={{ result: single(notice.search.result), error: single(notice.search.error) }}
          testId={testId}
        />
      )}
      <p>{words.intro}</p>
      <ChildrenFilter action={base} checked={address.children} label={words.children} apply={words.apply} />
      {list.items.length === 0 ? <p data-testid={`${testId}-empty`}>{words.empty}</p> : children}
      <Pager
        locale={locale}
        base={base}
        query={new URLSearchParams(address.children ? { children: '1' } : {})}
        page={address.page}
        take={LIST_TAKE}
        total={list.total}
        shown={list.items.length}
        hasMore={list.hasMore}
      />
      {after}
    </main>
  );
}
