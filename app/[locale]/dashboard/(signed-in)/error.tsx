'use client';

import { useParams } from 'next/navigation';
import { ErrorContent, errorLocale } from '../../error-content';
import { useErrorWords } from '../../error-words';

/**
 * An unexpected error in a back-office page: the site's error page inside the dashboard's shell, so the
 * navigation and sign-out stay at hand. Expected refusals never come here: the dashboard's actions answer
 * them with a 303 and a code (lib/http/dashboard-action.ts).
 */
export default function DashboardError({ error, retry }: { error: unknown; retry: () => void }) {
  const { locale } = useParams<{ locale?: string }>();
  const words = useErrorWords();
  return <ErrorContent locale={errorLocale(locale)} words={words} error={error} retry={retry} />;
}
