import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

type LockEntry = { optionalDependencies?: Record<string, string> };

/**
 * `npm ci` installs exactly the lockfile. A lockfile written on one platform
 * without the other platforms' optional builds (@next/swc-darwin-arm64, the
 * Windows esbuild, ...) leaves a Mac or Windows clone without its native
 * compiler, and `npm install` then rewrites the file, so `npm run sandbox`
 * left a dirty tree (issue 16). Every optional dependency of every locked
 * package must be locked too, for every platform.
 */
describe('package-lock.json', () => {
  const lock = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>;
  };
  const locked = new Set(Object.keys(lock.packages).map((key) => key.replace(/^.*node_modules\//, '')));

  it("locks the optional (per-platform) dependencies of every package, not only this machine's", () => {
    const missing = Object.entries(lock.packages).flatMap(([key, entry]) =>
      Object.keys(entry.optionalDependencies ?? {})
        .filter((name) => !locked.has(name))
        .map((name) => `${name} (for ${key || 'the project'})`),
    );
    expect(missing).toEqual([]);
  });

  it('includes the native builds of the other platforms the team and CI use', () => {
    for (const name of ['@next/swc-darwin-arm64', '@next/swc-win32-x64-msvc', '@next/swc-linux-x64-gnu'])
      expect(locked.has(name), name).toBe(true);
  });
});
