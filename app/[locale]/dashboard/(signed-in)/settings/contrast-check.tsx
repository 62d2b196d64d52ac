'use client';

import { useState } from 'react';
import { brandTheme, contrastRatio, PAGE_BACKGROUND } from '@/lib/branding/brand-theme';

export type ContrastWords = {
  label: string;
  hint: string;
  title: string;
  page: string;
  white: string;
  black: string;
  usedWhite: string;
  usedBlack: string;
  refused: string;
  invalid: string;
  none: string;
  sample: string;
};

/**
 * The brand colour field with a live contrast check: the same guard as the hosted pages (brandTheme in
 * lib/branding/brand-theme.ts), so what it says is what the checkout will do. The server renders it with the
 * saved colour, so without JavaScript it shows the saved colour's verdict; as the user types it follows along.
 * The API stores any #rrggbb and the pages turn a failing one away; the settings do the same.
 */
export function ContrastCheck({ locale, initial, words }: { locale: string; initial: string; words: ContrastWords }) {
  const [colour, setColour] = useState(initial);
  const ratio = (a: string, b: string) =>
    new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(contrastRatio(a, b));
  const value = colour.trim();
  const valid = /^#[0-9a-f]{6}$/i.test(value);
  const theme = brandTheme(value);
  return (
    <div className="field">
      <label htmlFor="brand-colour">{words.label}</label>
      <p className="muted" id="brand-colour-hint">
        {words.hint}
      </p>
      <input
        id="brand-colour"
        name="brand_colour"
        type="text"
        autoComplete="off"
        maxLength={7}
        value={colour}
        onChange={(event) => setColour(event.target.value)}
        aria-describedby="brand-colour-hint brand-colour-check"
        data-ltr
      />
      <output
        id="brand-colour-check"
        htmlFor="brand-colour"
        aria-live="polite"
        className="contrast-check"
        data-testid="contrast-check"
      >
        <span className="visually-hidden">{words.title}: </span>
        {!value ? (
          <span>{words.none}</span>
        ) : !valid ? (
          <span>{words.invalid}</span>
        ) : (
          <>
            {theme && (
              // SVG presentation attributes, not a style attribute: the page's CSP admits no inline style.
              <svg className="contrast-sample" width="112" height="36" aria-hidden="true" focusable="false">
                <rect width="112" height="36" rx="6" fill={theme.background} />
                <text x="56" y="23" textAnchor="middle" fill={theme.foreground} fontSize="15" fontWeight="600">
                  {words.sample}
                </text>
              </svg>
            )}
            <span data-testid="contrast-page">{words.page.replace('{ratio}', ratio(value, PAGE_BACKGROUND))}</span>
            <span>{words.white.replace('{ratio}', ratio(value, '#ffffff'))}</span>
            <span>{words.black.replace('{ratio}', ratio(value, '#000000'))}</span>
            <strong data-testid="contrast-verdict" data-verdict={theme ? theme.foreground : 'refused'}>
              {theme ? (theme.foreground === '#ffffff' ? words.usedWhite : words.usedBlack) : words.refused}
            </strong>
          </>
        )}
      </output>
    </div>
  );
}
