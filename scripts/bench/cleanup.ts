import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/*
 * Whatever the benchmark starts it registers here, so that it is undone on a
 * normal end, on an error, and on Ctrl-C / SIGTERM: child servers are killed
 * (their whole process group) and temp folders removed.
 */
const serverGroups = new Set<number>();
const tempDirs = new Set<string>();
const asyncCleanups = new Set<() => Promise<void>>();

export function trackServerGroup(pgid: number): void {
  serverGroups.add(pgid);
}

export function untrackServerGroup(pgid: number): void {
  serverGroups.delete(pgid);
}

export function trackTempDir(dir: string): void {
  tempDirs.add(dir);
}

export function removeTempDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
  tempDirs.delete(dir);
}

/** Work that needs a round trip (dropping a PostgreSQL database); returns the function that unregisters it. */
export function onInterrupt(cleanup: () => Promise<void>): () => void {
  asyncCleanups.add(cleanup);
  return () => asyncCleanups.delete(cleanup);
}

export function killGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // Already gone.
  }
}

/** The last resort on process exit: synchronous, so it also runs after an uncaught error. */
function cleanupNow(): void {
  for (const pgid of serverGroups) killGroup(pgid, 'SIGKILL');
  serverGroups.clear();
  for (const dir of tempDirs) {
    try {
      fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      spawnSync('rm', ['-rf', dir]);
    }
  }
  tempDirs.clear();
}

let installed = false;
let interrupted = false;

export function installCleanupHandlers(): void {
  if (installed) return;
  installed = true;
  process.on('exit', cleanupNow);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      // A signal can arrive more than once (the terminal's and a launcher's relay): clean up once, never die half-way.
      if (interrupted) return;
      interrupted = true;
      console.error(`\nbench: ${signal}, stopping servers and cleaning up`);
      for (const pgid of serverGroups) killGroup(pgid, 'SIGKILL');
      serverGroups.clear();
      // Asynchronous, so that this process keeps answering while it removes large PGlite folders.
      const pending = [
        ...[...asyncCleanups].map((cleanup) => cleanup()),
        ...[...tempDirs].map((dir) =>
          fs.promises.rm(dir, { recursive: true, force: true }).then(() => tempDirs.delete(dir)),
        ),
      ].map((work) => work.catch(() => undefined));
      const timer = setTimeout(() => process.exit(130), 10_000);
      void Promise.all(pending).finally(() => {
        clearTimeout(timer);
        process.exit(130);
      });
    });
  }
}
