import { describe, expect, it } from 'vitest';
import {
  brandStylesheet,
  brandStylesheetPath,
  brandTheme,
  contrastRatio,
  relativeLuminance,
} from '@/lib/branding/brand-theme';

describe('WCAG contrast', () => {
  it('measures relative luminance and contrast as WCAG defines them', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBe(1);
    expect(contrastRatio('#000000', '#ffffff')).toBe(21);
    expect(contrastRatio('#ffffff', '#000000')).toBe(21);
    // Known values: #777777 on white is 4.48:1 (just fails AA), the default accent #0b5cad 6.67:1.
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#0b5cad', '#ffffff')).toBeCloseTo(6.67, 2);
  });

  it('refuses what is not #rrggbb', () => {
    expect(() => relativeLuminance('red')).toThrow();
  });
});

describe('brandTheme', () => {
  it('puts white text on a dark brand colour', () => {
    expect(brandTheme('#7A1F5C')).toEqual({ background: '#7a1f5c', foreground: '#ffffff' });
  });

  it('puts black text on a mid-tone where white would fail 4.5:1', () => {
    const theme = brandTheme('#777777');
    expect(theme).toEqual({ background: '#777777', foreground: '#000000' });
    expect(contrastRatio(theme!.background, theme!.foreground)).toBeGreaterThanOrEqual(4.5);
  });

  it('falls back to the default colours for a colour too pale to stand out from the white page (under 3:1)', () => {
    for (const pale of ['#ffff00', '#ffcc00', '#f0f0f0', '#ffffff', '#8fd3ff'])
      expect(brandTheme(pale), pale).toBeNull();
  });

  it('falls back for anything that is not a #rrggbb colour, so nothing else reaches a stylesheet', () => {
    for (const bad of [null, undefined, '', 'red', '#fff', '#12345g', '#0b5cad;}body{display:none', ' #0b5cad'])
      expect(brandTheme(bad), String(bad)).toBeNull();
  });

  it('every colour it accepts keeps 4.5:1 for its text and 3:1 against the page', () => {
    for (let i = 0; i < 4096; i += 1) {
      const hex = `#${[i >> 8, (i >> 4) & 15, i & 15].map((n) => (n * 17).toString(16).padStart(2, '0')).join('')}`;
      const theme = brandTheme(hex);
      if (!theme) continue;
      expect(contrastRatio(theme.background, theme.foreground), hex).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(theme.background, '#ffffff'), hex).toBeGreaterThanOrEqual(3);
    }
  });

  it('names its stylesheet by the colour and writes only the two custom properties', () => {
    const theme = brandTheme('#7a1f5c')!;
    expect(brandStylesheetPath(theme)).toBe('/brand/7a1f5c.css');
    expect(brandStylesheet(theme)).toBe(':root:root{--brand:#7a1f5c;--brand-ink:#ffffff}\n');
  });
});
