import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Issue 17: the checkout's first-load JavaScript must not grow. Next.js makes every client module that a page's
 * server code reaches by static imports part of that page's entry chunks, used or not (a dynamic import() is a
 * chunk of its own, fetched when it runs). So these walk the static imports from each entry and check what they
 * reach; docs/checkout.md ("JavaScript") has the measured figures.
 */
const root = process.cwd();

function resolve(from: string, specifier: string): string | null {
  const base = specifier.startsWith('@/')
    ? path.join(root, specifier.slice(2))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(from), specifier)
      : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')])
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  throw new Error(`${path.relative(root, from)}: cannot resolve ${specifier}`);
}

/** Static value imports and re-exports (not `import type`, not dynamic import()). */
function importsOf(file: string): string[] {
  if (!/\.tsx?$/.test(file)) return [];
  const source = fs.readFileSync(file, 'utf8');
  return [...source.matchAll(/^(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)].map(
    (match) => match[1]!,
  );
}

/** Every project file and package reachable from the entries by static imports. */
function reach(entries: string[]): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = entries.map((entry) => path.join(root, entry));
  while (queue.length) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    for (const specifier of importsOf(file)) {
      const target = resolve(file, specifier);
      if (target) queue.push(target);
      else packages.add(specifier);
    }
  }
  return { files, packages };
}

const isClient = (file: string) => /\.tsx?$/.test(file) && /^'use client';/m.test(fs.readFileSync(file, 'utf8'));
const relative = (files: Iterable<string>) => [...files].map((file) => path.relative(root, file)).sort();

/** What every page loads: the layout with its error boundaries and not-found boundary. */
const everyPage = [
  'app/[locale]/layout.tsx',
  'app/[locale]/error.tsx',
  'app/[locale]/not-found.tsx',
  'app/global-error.tsx',
];

describe("what the checkout's and every page's server code pulls into their first-load JavaScript", () => {
  it.each([
    ['every page (the layout and its boundaries)', everyPage],
    ['/status', ['app/[locale]/status/page.tsx']],
    ['the checkout', ['app/[locale]/[payment_link_id]/page.tsx']],
    ['the embed', ['app/[locale]/embed/[ecommerce_id]/page.tsx']],
    ['the group portal', ['app/[locale]/groups/[group_id]/page.tsx']],
  ])(
    '%s: no Next <Link> (a client component of 3.3 KiB gzip) reached, not even through a path helper',
    (_, entries) => {
      const { files, packages } = reach(entries);
      expect([...packages].filter((name) => name === 'next/link')).toEqual([]);
      expect(relative(files)).not.toContain('lib/i18n/link.tsx');
    },
  );

  it('the result pages still link with it (the link is theirs, not every page’s)', () => {
    expect(reach(['app/[locale]/[payment_link_id]/success/page.tsx']).packages).toContain('next/link');
  });

  it("no message catalog in the client code every page loads (the root error page's words load when it shows)", () => {
    const clientFiles = [...reach(everyPage).files].filter(isClient);
    expect(relative(clientFiles)).toEqual([
      'app/[locale]/error-content.tsx',
      'app/[locale]/error-words.tsx',
      'app/[locale]/error.tsx',
      'app/[locale]/language-switch.tsx',
      'app/global-error.tsx',
    ]);
    const json = relative(reach(relative(clientFiles)).files).filter((file) => file.endsWith('.json'));
    expect(json).toEqual([]);
  });
});
