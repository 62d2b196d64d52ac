import { Button, Heading, Text } from '@react-email/components';
import type { ReactNode } from 'react';
import type { EmailBrand } from './email-brand';
import { emailStyles } from './email-layout';

/** The building blocks the templates share, so every email looks like one family. */
export const EmailHeading = ({ children }: { children: ReactNode }) => (
  <Heading as="h1" style={emailStyles.heading}>
    {children}
  </Heading>
);

export const EmailParagraph = ({ children }: { children: ReactNode }) => (
  <Text style={emailStyles.text}>{children}</Text>
);

export const EmailNote = ({ children }: { children: ReactNode }) => <Text style={emailStyles.muted}>{children}</Text>;

/** The email's one call to action, in the organisation's colour (text on it at 4.5:1: email-brand.ts). */
export function EmailAction({ brand, href, children }: { brand: EmailBrand; href: string; children: ReactNode }) {
  const style = {
    backgroundColor: brand.theme.background,
    color: brand.theme.foreground,
    padding: '12px 20px',
    borderRadius: '6px',
    fontSize: '16px',
    fontWeight: 700,
    textDecoration: 'none',
    display: 'inline-block',
  };
  return (
    <Button href={href} style={style}>
      {children}
    </Button>
  );
}

/** Label and value rows (amount, due date, reference): a two-column table that stays readable at 320 px. */
export function EmailFacts({ rows }: { rows: readonly (readonly [string, string])[] }) {
  return (
    <table
      className="email-facts"
      role="presentation"
      cellPadding={0}
      cellSpacing={0}
      style={{ width: '100%', margin: '16px 0', borderCollapse: 'collapse' }}
    >
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <td style={{ ...emailStyles.muted, padding: '4px 12px 4px 0', verticalAlign: 'top' }}>{label}</td>
            <td
              style={{ fontSize: '16px', lineHeight: '24px', padding: '4px 0', fontWeight: 600, verticalAlign: 'top' }}
            >
              {value}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
