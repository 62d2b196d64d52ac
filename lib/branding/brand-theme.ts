/*
 * An organisation's brand colour on its hosted pages, only where it keeps
 * WCAG 2.2 AA contrast. Pure functions: docs/i18n-and-accessibility.md.
 */

const hexColour = /^#([0-9a-f]{6})$/i;

/** The page background the brand colour sits on (app/[locale]/globals.css). */
export const PAGE_BACKGROUND = '#ffffff';
/** Text on the brand colour: 4.5:1 (WCAG 1.4.3, normal text). */
export const TEXT_CONTRAST = 4.5;
/** The band and buttons against the page: 3:1 (WCAG 1.4.11, non-text contrast). */
export const SHAPE_CONTRAST = 3;

/** WCAG relative luminance of a #rrggbb colour (sRGB, 0 for black to 1 for white). */
export function relativeLuminance(colour: string): number {
  const match = hexColour.exec(colour);
  if (!match) throw new Error(`not a #rrggbb colour: ${colour}`);
  const channel = (offset: number) => {
    const value = parseInt(match[1]!.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}

/** WCAG contrast ratio of two #rrggbb colours, from 1 (same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

export type BrandTheme = { background: string; foreground: '#ffffff' | '#000000' };

/**
 * The colours the checkout's header band and buttons use, or null for the
 * default colours: a value that is not #rrggbb, a colour on which neither
 * white nor black text reaches 4.5:1, or one too pale to stand out from the
 * white page (under 3:1). White text is preferred when both reach 4.5:1.
 * (Pure white or black always reaches 4.5:1 on one of them, at worst about
 * 4.58:1, so in practice it is the page rule that turns pale colours away.)
 */
export function brandTheme(colour: string | null | undefined): BrandTheme | null {
  if (!colour || !hexColour.test(colour)) return null;
  const background = colour.toLowerCase();
  if (contrastRatio(background, PAGE_BACKGROUND) < SHAPE_CONTRAST) return null;
  if (contrastRatio(background, '#ffffff') >= TEXT_CONTRAST) return { background, foreground: '#ffffff' };
  if (contrastRatio(background, '#000000') >= TEXT_CONTRAST) return { background, foreground: '#000000' };
  return null;
}

/** The stylesheet that sets the theme (app/brand/[file]/route.ts): its path names the colour, so it can be cached for ever. */
export const brandStylesheetPath = (theme: BrandTheme) => `/brand/${theme.background.slice(1)}.css`;

/** The stylesheet's text: custom properties only, read by the checkout's rules in globals.css. */
export const brandStylesheet = (theme: BrandTheme) =>
  `:root:root{--brand:${theme.background};--brand-ink:${theme.foreground}}\n`;
