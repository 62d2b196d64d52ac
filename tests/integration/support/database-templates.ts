import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '@/lib/db/open';
import { createPostgresDatabase } from './postgres-database';

/*
 * Vitest global setup of the integration projects: the schema is migrated ONCE
 * per run, and every test file's fresh database starts from that copy
 * (support/test-database.ts). Starting a PGlite from nothing (initdb) and
 * migrating it cost about 3 s per file, a third of the suite; loading a dump is
 * under a second. On PostgreSQL a file's database is `create database … template`,
 * a file copy on the server, instead of running the migrations again.
 * Each file still gets a database of its own: nothing is shared but the empty schema.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding the dump (PGlite dumpDataDir) of a migrated, empty PGlite. */
    pgliteTemplate: string;
    /** The name of a migrated, empty database on the TEST_DATABASE_URL server. */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.name === 'integration-postgres') return postgresTemplate(project);
  return pgliteTemplate(project);
}

async function pgliteTemplate(project: TestProject) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'travel-pay-pglite-template-'));
  const file = path.join(folder, 'migrated.tar');
  const database = await openDatabase({ memory: true });
  const client = (database.db as unknown as { $client: { dumpDataDir: (compression: 'none') => Promise<Blob> } })
    .$client;
  fs.writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  return async () => fs.rmSync(folder, { recursive: true, force: true });
}

async function postgresTemplate(project: TestProject) {
  const template = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
  const database = await openDatabase({ url: template.url });
  // A template must have no open connection while files copy it.
  await database.close();
  project.provide('postgresTemplate', new URL(template.url).pathname.slice(1));
  return () => template.drop();
}
