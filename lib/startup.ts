import { isSandbox, publicBaseUrl } from '@/lib/config';
import { getDatabase } from '@/lib/db/client';
import { credentialsFile, type SandboxCredentials } from '@/lib/sandbox/credentials';
import { ensureSandboxData } from '@/lib/sandbox/seed-sandbox';

/** Runs once when the server process starts: migrations, sandbox data, and the banner. */
export async function startService(): Promise<void> {
  const database = await getDatabase();
  if (!isSandbox()) {
    console.log(`travel-pay (production mode, ${database.kind}) serving on ${publicBaseUrl()}`);
    return;
  }
  const credentials = await ensureSandboxData(database.db);
  console.log(sandboxBanner(database.kind, credentials));
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
