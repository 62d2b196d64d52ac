import { isSandbox, publicBaseUrl } from '@/lib/config';
import { getDatabase } from '@/lib/db/client';
import { startRunner } from '@/lib/runner/start-runner';
import { credentialsFile, type SandboxCredentials } from '@/lib/sandbox/credentials';
import { ensureSandboxData } from '@/lib/sandbox/seed-sandbox';
import { syncClockFromDatabase } from '@/lib/sandbox/test-clock';

/** Runs once when the server process starts: migrations, sandbox data, the banner, then the background runner. */
export async function startService(): Promise<void> {
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

function sandboxBanner(kind: string, credentials: SandboxCredentials | null): string {
  const base = publicBaseUrl();
  const keys = credentials?.keys.map((key) => [
    `  ${key.label}`,
    `    public key:  ${key.public_key}`,
    `    private key: ${key.private_key ?? '(set when the sandbox was first loaded; see SANDBOX_PRIVATE_KEY)'}`,
  ].join('\n')) ?? ['  (keys were created by another instance; see its data folder)'];
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
    `  Try: curl -s -X POST ${base}/api/token -H 'Content-Type: application/json' -d '{"public_key":"…","private_key":"…"}'`,
    '',
  ].join('\n');
}
