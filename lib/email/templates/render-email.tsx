import { render, toPlainText } from '@react-email/components';
import type { ReactElement } from 'react';

/** Headings as written (not upper-cased); the facts table as aligned columns, a label and its value on one line. */
const plainTextSelectors = [
  { selector: 'h1', options: { uppercase: false } },
  { selector: 'table.email-facts', format: 'dataTable' },
];

export type RenderedEmail = { subject: string; html: string; text: string };

/**
 * An email's two parts from one template: the HTML as React Email renders it, and the plain-text part read
 * from that HTML (links kept as their addresses), so the two never say different things.
 */
export async function renderEmail(subject: string, email: ReactElement): Promise<RenderedEmail> {
  const html = await render(email);
  const text = toPlainText(html, { selectors: plainTextSelectors });
  return { subject, html, text };
}
