'use client';

import { createContext, useContext, type ReactNode } from 'react';
import enGB from '@/messages/en-GB/ErrorPage.json';

/** What the error page says, in the page's language: `reference` keeps its `{reference}` placeholder. */
export type ErrorWords = { title: string; body: string; retry: string; reference: string };

/** The words when no page language could be given (global-error.tsx before its catalog arrives). */
export const englishErrorWords: ErrorWords = {
  title: enGB.title,
  body: enGB.body,
  retry: enGB.retry,
  reference: enGB.reference,
};

const ErrorWordsContext = createContext<ErrorWords | null>(null);

/**
 * The layout hands the error boundaries below it (error.tsx) their words for this page's language, as a prop
 * from the server: a client bundle of every language's words would be first-load JavaScript on every page.
 */
export function ErrorWordsProvider({ words, children }: { words: ErrorWords; children?: ReactNode }) {
  return <ErrorWordsContext value={words}>{children}</ErrorWordsContext>;
}

export const useErrorWords = (): ErrorWords => useContext(ErrorWordsContext) ?? englishErrorWords;
