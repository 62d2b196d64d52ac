import { getLocale, getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { clientMessages } from '@/lib/i18n/client-messages';
import { CardTextProvider } from './card-text';

/** Gives the card form below it its words: the client namespaces of the request's locale, raw (card-text.tsx). */
export async function CardMessages({ children }: { children: ReactNode }) {
  const [locale, messages] = await Promise.all([getLocale(), getMessages()]);
  return <CardTextProvider text={{ locale, messages: clientMessages(messages) }}>{children}</CardTextProvider>;
}
