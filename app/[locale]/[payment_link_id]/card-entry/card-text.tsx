'use client';

import { createContext, useContext, type ReactNode } from 'react';
import type { ClientMessages, ClientNamespace } from '@/lib/i18n/client-messages';
import { fillMessage, type MessageValues } from '@/lib/i18n/fill-message';

/*
 * The card form's words. The server passes the two namespaces' raw messages
 * (card-messages.tsx) and the form fills their `{arguments}` itself
 * (lib/i18n/fill-message.ts), so the browser never loads next-intl's client
 * (use-intl and IntlMessageFormat, 12 KiB gzip) and no page has to carry
 * NextIntlClientProvider. The hooks keep next-intl's names and signatures, so
 * the card components read as before.
 */
export type CardText = { locale: string; messages: ClientMessages };

const CardTextContext = createContext<CardText | null>(null);

export function CardTextProvider({ text, children }: { text: CardText; children: ReactNode }) {
  return <CardTextContext value={text}>{children}</CardTextContext>;
}

function useCardText(): CardText {
  const text = useContext(CardTextContext);
  if (!text) throw new Error('card components render inside CardMessages (card-entry/card-messages.tsx)');
  return text;
}

/** t(key, values): one namespace's message, its `{arguments}` filled; an unknown key shows as `Namespace.key`. */
export function useTranslations(namespace: ClientNamespace) {
  const messages = useCardText().messages[namespace];
  return (key: string, values?: MessageValues): string => {
    const template = messages[key];
    return template === undefined ? `${namespace}.${key}` : fillMessage(template, values);
  };
}

export function useLocale(): string {
  return useCardText().locale;
}
