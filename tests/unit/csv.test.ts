import { describe, expect, it } from 'vitest';
import { csvAmount, csvCell, csvDocument } from '@/lib/core/shared/csv';
import { parseCsv } from './support/parse-csv';

/* CSV as RFC 4180 writes it, with OWASP's formula-injection guard (lib/core/shared/csv.ts). */
describe('csvCell', () => {
  it('quotes a cell with a comma, quote or line break, doubling quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('Lovelace, Ada')).toBe('"Lovelace, Ada"');
    expect(csvCell('Ada "the Countess"')).toBe('"Ada ""the Countess"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\r')).toBe('"cr\r"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(12)).toBe('12');
  });

  it('a cell a spreadsheet would run as a formula is text: a leading apostrophe', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(csvCell(`${start}1+1`).replace(/^"/, '').startsWith(`'${start}`)).toBe(true);
    expect(csvCell('=HYPERLINK("http://evil.example","click")')).toBe(
      `"'=HYPERLINK(""http://evil.example"",""click"")"`,
    );
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    // Only at the start: a name with a dash inside stays as it is.
    expect(csvCell('Anne-Marie')).toBe('Anne-Marie');
  });

  it('amounts are decimals of two places', () => {
    expect(csvAmount(0)).toBe('0.00');
    expect(csvAmount(5)).toBe('0.05');
    expect(csvAmount(15050)).toBe('150.50');
    expect(csvAmount(123456789)).toBe('1234567.89');
  });

  it('a document reads back as it was written (BOM, CRLF)', () => {
    const rows = [
      ['Ada, "A"', '=1+1', 'line\nbreak'],
      ['Ελένη', '', 'عربي'],
    ];
    const text = csvDocument(['a', 'b', 'c'], rows);
    expect(text.startsWith('\uFEFFa,b,c\r\n')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(parseCsv(text)).toEqual([
      ['a', 'b', 'c'],
      ['Ada, "A"', "'=1+1", 'line\nbreak'],
      ['Ελένη', '', 'عربي'],
    ]);
  });
});
