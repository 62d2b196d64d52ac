import fs from 'node:fs';
import path from 'node:path';

/**
 * One process per embedded data folder. PGlite is a single-user PostgreSQL:
 * two processes on one folder (the server and `npm run operator`, say) each
 * keep their own copy in memory and write over each other's, which loses data
 * (issue 16). The first process writes its pid into `<dataDir>/pglite.lock`
 * (created exclusively); a second refuses with one line naming the holder. A
 * lock whose process is gone (a crash, a kill -9) is taken over.
 */
export class DataDirInUse extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `the embedded database in ${dataDir} is in use by process ${pid} (the running server?): stop it first, ` +
        `or set DATABASE_URL to share a PostgreSQL server (if no such process runs, delete ${lockPath(dataDir)})`,
    );
    this.name = 'DataDirInUse';
  }
}

const lockPath = (dataDir: string) => path.join(dataDir, 'pglite.lock');

/** Takes the folder's lock; answers the release (also done when the process exits). */
export function lockDataDir(dataDir: string): () => void {
  const file = lockPath(dataDir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      const release = () => {
        process.off('exit', release);
        // Only our own lock: a process that took over a lock we lost (never expected) keeps its own.
        if (holder(file) === process.pid) fs.rmSync(file, { force: true });
      };
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const pid = holder(file);
    if (pid !== null && pid !== process.pid && isAlive(pid)) throw new DataDirInUse(dataDir, pid);
    // A dead holder's lock, an unreadable one, or this very process's leftover (a handle not closed): taken over.
    fs.rmSync(file, { force: true });
  }
  throw new Error(`could not lock the embedded database in ${dataDir}`);
}

function holder(file: string): number | null {
  try {
    const pid = Number(fs.readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, as another user's process.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
