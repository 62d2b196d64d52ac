/** A setting playwright.config.ts hands the specs (server URLs, data folders); missing means the spec runs outside it. */
export function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run these tests with playwright.config.ts`);
  return value;
}
