import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

type Deps = Record<string, string>;
type LockEntry = {
  version?: string;
  dependencies?: Deps;
  devDependencies?: Deps;
  optionalDependencies?: Deps;
  engines?: Deps;
};

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
  const manifest = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../package.json'), 'utf8')) as LockEntry;
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

  // A lockfile whose project entry disagrees with package.json is rewritten by `npm install` (the tree is left
  // dirty) and refused by `npm ci`: the @simplewebauthn pins once stayed "^14.0.0" in the lockfile.
  it("names package.json's dependencies exactly, and locks each at the version package.json pins", () => {
    const project = lock.packages['']!;
    for (const field of ['dependencies', 'devDependencies', 'optionalDependencies', 'engines'] as const)
      expect(project[field] ?? {}, field).toEqual(manifest[field] ?? {});
    const direct = { ...manifest.dependencies, ...manifest.devDependencies };
    const unpinned = Object.entries(direct).filter(([, spec]) => !/^\d+\.\d+\.\d+$/.test(spec));
    expect(unpinned, 'the project pins exact versions').toEqual([]);
    const drifted = Object.entries(direct).filter(
      ([name, spec]) => lock.packages[`node_modules/${name}`]?.version !== spec,
    );
    expect(drifted).toEqual([]);
  });
});
