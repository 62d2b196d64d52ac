'use client';

import { createContext, useContext, type ReactNode } from 'react';

/** What the error page says, in the page's language: `reference` keeps its `{reference}` placeholder. */
export type ErrorWords = { title: string; body: string; retry: string; reference: string };

const ErrorWordsContext = createContext<ErrorWords | null>(null);

/**
 * The layout hands the error boundaries below it (error.tsx) their words for this page's language, as a prop
 * from the server: a client bundle of every language's words would be first-load JavaScript on every page.
 * No English fallback here either: this module is in every page's first load, and every boundary that reads it
 * is under the layout's provider. The root layout's own error page has no provider and loads its words itself
 * (global-error-page.tsx).
 */
export function ErrorWordsProvider({ words, children }: { words: ErrorWords; children?: ReactNode }) {
  return <ErrorWordsContext value={words}>{children}</ErrorWordsContext>;
}

/** The words the layout handed down. Without its provider this throws, and the root layout's error page shows. */
export function useErrorWords(): ErrorWords {
  const words = useContext(ErrorWordsContext);
  if (!words)
    throw new Error('useErrorWords: no ErrorWordsProvider above this error boundary (app/[locale]/layout.tsx)');
  return words;
}
