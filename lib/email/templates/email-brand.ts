import { brandTheme, type BrandTheme } from '@/lib/branding/brand-theme';
import type { OrganisationSettings } from '@/lib/db/schema';

/** The organisation as its emails show it: its name, its logo (http(s) only) and its colour where it keeps contrast. */
export type EmailBrand = { name: string; logoUrl: string | null; theme: BrandTheme };

/** The pages' default band (app/[locale]/globals.css --accent), for an organisation without a usable colour. */
const DEFAULT_THEME: BrandTheme = { background: '#0b5cad', foreground: '#ffffff' };

/** Only http(s) images reach an email: never javascript: or data: from an organisation setting. */
export const safeLogo = (image: string | null | undefined): string | null =>
  image && /^https?:\/\//i.test(image) ? image : null;

/** The brand of an organisation's emails, with the same contrast guard as its pages (brandTheme). */
export function emailBrand(
  name: string,
  settings: Pick<OrganisationSettings, 'logo_url' | 'brand_colour'>,
  image: string | null = null,
): EmailBrand {
  return {
    name,
    logoUrl: safeLogo(settings.logo_url ?? image),
    theme: brandTheme(settings.brand_colour) ?? DEFAULT_THEME,
  };
}
