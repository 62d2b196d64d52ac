import { Body, Container, Head, Html, Img, Preview, Section, Text } from '@react-email/components';
import type { ReactNode } from 'react';
import type { EmailBrand } from './email-brand';
import type { EmailText } from './email-text';

/*
 * Every email's frame, in the shape common clients render well: one column at most 600 px wide, inline styles
 * only (React Email writes them as style attributes), the organisation's band in its colour (the pages' contrast
 * guard: email-brand.ts) with its logo, the content, and a footer naming who sent it. Language and direction are
 * the reader's (an Arabic email reads right to left).
 */
export const emailStyles = {
  body: {
    backgroundColor: '#f6f8fa',
    margin: 0,
    padding: '24px 0',
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
    color: '#1b1f24',
  },
  container: {
    backgroundColor: '#ffffff',
    maxWidth: '600px',
    margin: '0 auto',
    borderRadius: '8px',
    overflow: 'hidden',
  },
  content: { padding: '8px 24px 24px' },
  text: { fontSize: '16px', lineHeight: '24px', margin: '16px 0' },
  muted: { fontSize: '14px', lineHeight: '20px', color: '#59636e', margin: '8px 0' },
  heading: { fontSize: '22px', lineHeight: '28px', margin: '24px 0 8px', fontWeight: 700 },
  footer: { fontSize: '13px', lineHeight: '18px', color: '#59636e', padding: '0 24px 24px' },
} as const;

export function EmailLayout({
  brand,
  text,
  title,
  preview,
  children,
}: {
  brand: EmailBrand;
  text: EmailText;
  /** The email's subject, also its document title (a screen reader's first words when the email opens). */
  title: string;
  /** The line a mail client shows after the subject in the inbox. */
  preview: string;
  children: ReactNode;
}) {
  const band = { backgroundColor: brand.theme.background, color: brand.theme.foreground, padding: '16px 24px' };
  return (
    <Html lang={text.locale} dir={text.dir}>
      <Head>
        <title>{title}</title>
      </Head>
      <Preview>{preview}</Preview>
      <Body style={emailStyles.body}>
        <Container style={emailStyles.container}>
          <Section style={band}>
            {brand.logoUrl && (
              <Img
                src={brand.logoUrl}
                alt={text.t('logoAlt', { organisation: brand.name })}
                height="40"
                style={{ marginBottom: '8px' }}
              />
            )}
            <Text style={{ margin: 0, fontSize: '18px', fontWeight: 700, color: brand.theme.foreground }}>
              {brand.name}
            </Text>
          </Section>
          <Section style={emailStyles.content}>{children}</Section>
          <Section style={emailStyles.footer}>
            <Text style={{ ...emailStyles.muted, fontSize: '13px' }}>
              {text.t('footer', { organisation: brand.name })}
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
