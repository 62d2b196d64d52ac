/**
 * Formats a catalog message with simple `{name}` arguments, as IntlMessageFormat
 * would, without its parser (12 KiB of browser JavaScript and a parse per
 * message per request). For the client components' namespaces
 * (client-messages.ts), whose messages use nothing else: a unit test formats
 * every one of them in every locale both ways and compares, so a plural or a
 * select added to those namespaces fails there first.
 *
 * ICU quoting is honoured: `''` is one apostrophe, and an apostrophe before a
 * brace quotes text up to the next apostrophe. A missing value leaves its
 * placeholder, so a mistake shows on the page instead of throwing.
 */
export type MessageValues = Record<string, string | number>;

const token = /''|'([{}][^']*)(?:'|$)|\{\s*([A-Za-z0-9_]+)\s*\}/g;

export function fillMessage(template: string, values: MessageValues = {}): string {
  return template.replace(token, (whole, quoted: string | undefined, name: string | undefined) => {
    if (whole === "''") return "'";
    if (quoted !== undefined) return quoted;
    const value = values[name!];
    return value === undefined ? whole : String(value);
  });
}
