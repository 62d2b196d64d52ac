/*
 * CSV as RFC 4180 writes it (comma, CRLF, fields with a comma, quote or line break quoted, quotes
 * doubled), with the formula-injection guard OWASP describes ("CSV Injection"): a spreadsheet
 * runs a cell that starts with = + - @ (or a tab or carriage return, which some read past) as a
 * formula, so such a cell gets a leading apostrophe and is read as text. Names and emails come
 * from leaders and organisers; a name "=HYPERLINK(...)" must stay a name in the organiser's Excel.
 */

const formulaStart = /^[=+\-@\t\r]/;
const needsQuotes = /[",\r\n]/;

/** One cell: null is empty; numbers are written as given (the caller formats them). */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (formulaStart.test(text)) text = `'${text}`;
  return needsQuotes.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A whole document: a header row, then the rows, CRLF after each, behind a byte order mark so
 * that Excel reads UTF-8 (names with accents, Greek, Arabic) as UTF-8.
 */
export function csvDocument(header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** Minor units as a plain decimal of two places (GBP, USD and EUR, the service's currencies): 15050 is "150.50". */
export function csvAmount(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
