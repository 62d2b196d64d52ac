import { randomBytes } from 'node:crypto';

/** A fresh database on the PostgreSQL server (a copy of `template` when given), and how to drop it. */
export async function createPostgresDatabase(serverUrl: string, template?: string) {
  const { Client } = await import('pg');
  const name = `tp_test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      // pool.end() resolves before its sockets have closed; a forced drop would then kill them noisily.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const client = new Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
