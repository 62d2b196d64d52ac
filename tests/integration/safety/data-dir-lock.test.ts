import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createOrganisation } from '@/lib/core/organisations/provision';
import { openDatabase, type Database } from '@/lib/db/open';

const root = path.resolve(__dirname, '../../..');
const folders: string[] = [];
const opened: Database[] = [];

afterEach(async () => {
  for (const database of opened.splice(0)) await database.close();
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

function dataFolder(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'travel-pay-lock-'));
  folders.push(folder);
  return folder;
}

/** `npm run operator -- list-organisations` (or `args`) on that folder, as an operator would run it next to the server. */
function operator(dataDir: string, args = ['list-organisations']) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/operator.ts', ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
    env: {
      PATH: process.env.PATH!,
      HOME: process.env.HOME ?? os.tmpdir(),
      DATA_DIR: dataDir,
      MODE: 'sandbox',
      NODE_ENV: 'test',
    } as NodeJS.ProcessEnv,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr.trim() };
}

/** A fresh embedded database is an initdb and every migration: seconds on a quiet machine, far more on a busy one. */
const SLOW = 240_000;

// Process starts take seconds and no test database is used: vitest.config.mts runs this file in the PGlite project only.
describe('one process per embedded data folder', () => {
  it(
    'a second process (the operator next to a running server) refuses with one line and changes nothing; once the first closes, it runs',
    async () => {
      const dataDir = dataFolder();
      const server = await openDatabase({ dataDir });
      opened.push(server);
      const refused = operator(dataDir);
      expect(refused.status).toBe(1);
      expect(refused.stderr.split('\n')).toHaveLength(1);
      expect(refused.stderr).toContain(
        `operator: the embedded database in ${dataDir} is in use by process ${process.pid}`,
      );
      expect(refused.stdout).toBe('');
      // The first process still owns its folder, and its database is intact.
      expect(fs.readFileSync(path.join(dataDir, 'pglite.lock'), 'utf8')).toBe(String(process.pid));
      await server.db.execute('select 1');
      await opened.pop()!.close();
      expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
      const after = operator(dataDir);
      expect(after.stderr).toBe('');
      expect(after.status).toBe(0);
      expect(JSON.parse(after.stdout)).toEqual(expect.any(Array));
    },
    SLOW,
  );

  it(
    "a dead process's lock is taken over",
    async () => {
      const dataDir = dataFolder();
      const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
        encoding: 'utf8',
      });
      fs.writeFileSync(path.join(dataDir, 'pglite.lock'), gone.stdout);
      const database = await openDatabase({ dataDir });
      opened.push(database);
      expect(fs.readFileSync(path.join(dataDir, 'pglite.lock'), 'utf8')).toBe(String(process.pid));
    },
    SLOW,
  );
});

describe("the operator's errors", () => {
  it(
    "a database error prints its kind and SQLSTATE on one line, never the query's values",
    async () => {
      const dataDir = dataFolder();
      const first = await openDatabase({ dataDir });
      opened.push(first);
      await createOrganisation(first.db, { id: 'org_taken', name: 'Taken' });
      await opened.pop()!.close();
      const result = operator(dataDir, ['create-organisation', '--id', 'org_taken', '--name', 'Private Name Ltd']);
      expect(result.status).toBe(1);
      expect(result.stderr.split('\n')).toHaveLength(1);
      expect(result.stderr).toMatch(/^operator: the database refused it \(\w+, SQLSTATE 23505\)/);
      expect(result.stderr).not.toMatch(/Private Name|org_taken/);
    },
    SLOW,
  );
});
