import fs from 'node:fs';
import path from 'node:path';
import { dataDir } from '@/lib/config';

/** What the sandbox home page and the start banner show: who the sandbox keys are, and the keys. */
export type SandboxKey = {
  label: string;
  user_email: string;
  organisation: string;
  roles: string;
  public_key: string;
  private_key: string | null;
};
export type SandboxCredentials = {
  organisations: { id: string; name: string; parent: string | null }[];
  keys: SandboxKey[];
};

export const credentialsFile = () => path.join(dataDir(), 'sandbox-credentials.json');

export function writeSandboxCredentials(credentials: SandboxCredentials): void {
  fs.mkdirSync(dataDir(), { recursive: true });
  fs.writeFileSync(credentialsFile(), JSON.stringify(credentials, null, 2) + '\n', { mode: 0o600 });
}

/** Null when this instance did not seed the sandbox (another instance on the same PostgreSQL did). */
export function readSandboxCredentials(): SandboxCredentials | null {
  try {
    return JSON.parse(fs.readFileSync(credentialsFile(), 'utf8')) as SandboxCredentials;
  } catch {
    return null;
  }
}
