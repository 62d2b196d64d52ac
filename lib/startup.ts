import { isSandbox, publicBaseUrl } from '@/lib/config';
import { getDatabase } from '@/lib/db/client';
import { startRunner } from '@/lib/runner/start-runner';
import { credentialsFile, type SandboxCredentials } from '@/lib/sandbox/credentials';
import { ensureSandboxData } from '@/lib/sandbox/seed-sandbox';
import { syncClockFromDatabase } from '@/lib/sandbox/test-clock';
import { refuseUnsafeStart } from '@/lib/startup-check';

/** Runs once when the server process starts: migrations, sandbox data, the banner, then the background runner. */
export async function startService(): Promise<void> {
  // Before anything is opened or migrated: an unsafe environment never gets that far.
  refuseUnsafeStart('travel-pay');
  const database = await getDatabase();
  if (!isSandbox()) {
    console.log(`travel-pay (production mode, ${database.kind}) serving on ${publicBaseUrl()}`);
  } else {
    // A restarted sandbox keeps the test clock where it was moved to.
    await syncClockFromDatabase(database.db);
    const credentials = await ensureSandboxData(database.db);
    console.log(sandboxBanner(database.kind, credentials));
  }
  // Scheduled payments, expiring authorisations, abandoned payments, refunds and email.
  startRunner();
}

export function sandboxBanner(kind: string, credentials: SandboxCredentials | null): string {
  const base = publicBaseUrl();
  const keys = credentials?.keys.map((key) =>
    [
      `  ${key.label}`,
      `    public key:  ${key.public_key}`,
      `    private key: ${key.private_key ?? '(set when the sandbox was first loaded; see SANDBOX_PRIVATE_KEY)'}`,
    ].join('\n'),
  ) ?? ['  (keys were created by another instance; see its data folder)'];
  return [
    '',
    `travel-pay sandbox is running on ${kind}`,
    `  Sandbox home: ${base}/`,
    `  API base:     ${base}/api`,
    '',
    'Sandbox API keys:',
    ...keys,
    '',
    `  (also written to ${credentialsFile()})`,
    tryLine(base, credentials),
    '',
  ].join('\n');
}

/** A curl that works when pasted: the first key's real pair, or placeholders when this process does not know them. */
function tryLine(base: string, credentials: SandboxCredentials | null): string {
  const key = credentials?.keys.find((k) => k.private_key) ?? credentials?.keys[0];
  const body = JSON.stringify({
    public_key: key?.public_key ?? 'PUBLIC_KEY',
    private_key: key?.private_key ?? 'PRIVATE_KEY',
  });
  return `  Try: curl -s -X POST ${base}/api/token -H 'Content-Type: application/json' -d '${body}'`;
}
