import { render } from '@react-email/components';
import type { EmailBrand } from './email-brand';
import { EmailLayout } from './email-layout';
import { EmailHeading, EmailParagraph } from './email-parts';
import { emailText } from './email-text';

/**
 * The HTML part of an alert to the organisation's staff: their words as written (English, one paragraph per
 * blank-line-separated block) in the organisation's band. The plain-text part stays the alert's own text.
 */
export function organisationAlertHtml(brand: EmailBrand, subject: string, text: string): Promise<string> {
  const paragraphs = text.split(/\n{2,}/).filter((block) => block.trim() !== '');
  return render(
    <EmailLayout brand={brand} text={emailText('en-GB')} title={subject} preview={paragraphs[0] ?? subject}>
      <EmailHeading>{subject}</EmailHeading>
      {paragraphs.map((block, i) => (
        <EmailParagraph key={i}>
          {block.split('\n').flatMap((line, j) => (j === 0 ? [line] : [<br key={j} />, line]))}
        </EmailParagraph>
      ))}
    </EmailLayout>,
  );
}
