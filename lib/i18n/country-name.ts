/*
 * A country's name in a language (GB: "United Kingdom", "Royaume-Uni"), with each
 * Intl.DisplayNames built once per locale: the sandbox wallet lists ten test cards
 * with their issuing country on every checkout render (docs/checkout.md, Benchmark).
 * Safe in client components too (no server import).
 */
const regionNames = new Map<string, Intl.DisplayNames | null>();

export function countryName(code: string, locale: string): string {
  let names = regionNames.get(locale);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([locale], { type: 'region' });
    } catch {
      names = null;
    }
    regionNames.set(locale, names);
  }
  try {
    return names?.of(code) ?? code;
  } catch {
    // Not a region code Intl knows: show the code as it is.
    return code;
  }
}
