import fs from 'node:fs';
import { SourceMap } from 'node:module';

/*
 * Where a server's CPU went, from a V8 CPU profile (`page-cpu.ts measure … --profile <out>`), with the production
 * build's frames mapped back to their sources through its source maps:
 *
 *   npx tsx scripts/bench/profile-summary.ts <file.cpuprofile> [--skip <seconds>] [--top <n>] [--within <regex>]
 *
 * Prints self time by source file (a package counts as one) and by function; --within adds the time spent inside
 * (inclusive) each function whose name or file matches. --skip leaves out the start (the server starting, the
 * warm-up requests): the first seconds of the profile.
 */

type Frame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type Profile = {
  nodes: { id: number; callFrame: Frame; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
};

const [file, ...args] = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
};
if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [--skip s] [--top n] [--within regex]');
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
const top = Number(option('--top') ?? 30);
const within = option('--within') ? new RegExp(option('--within')!) : null;
const skipMicros = Number(option('--skip') ?? 0) * 1e6;

const maps = new Map<string, SourceMap | null>();
function sourceMap(url: string): SourceMap | null {
  if (!maps.has(url)) {
    const mapFile = `${url.replace('file://', '')}.map`;
    maps.set(url, fs.existsSync(mapFile) ? new SourceMap(JSON.parse(fs.readFileSync(mapFile, 'utf8'))) : null);
  }
  return maps.get(url)!;
}

/** A frame as "function source:line", the source a package's name when it is one. */
function place(frame: Frame): { fn: string; source: string; line: number } {
  let source = frame.url;
  let line = frame.lineNumber;
  // findEntry answers {} where the map has nothing for the position.
  const entry = (frame.url ? sourceMap(frame.url)?.findEntry(frame.lineNumber, frame.columnNumber) : undefined) as
    { originalSource?: string; originalLine?: number } | undefined;
  if (entry?.originalSource) {
    source = entry.originalSource;
    line = entry.originalLine ?? line;
  }
  source = source
    .replace(/^.*\/node_modules\/((@[^/]+\/)?[^/]+).*$/, 'npm:$1')
    .replace(/^webpack:\/\/next\/\.\/dist\/compiled\/([^/]+).*$/, 'npm:next (compiled $1)')
    .replace(/^.*\/(app|lib|proxy)\b/, '$1')
    .replace(/%5B/g, '[')
    .replace(/%5D/g, ']')
    .replace(/%28/g, '(')
    .replace(/%29/g, ')');
  return { fn: frame.functionName || '(anonymous)', source: source || '(native)', line };
}

const places = new Map(profile.nodes.map((node) => [node.id, place(node.callFrame)]));
const parents = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);

const bySource = new Map<string, number>();
const byFunction = new Map<string, number>();
const inside = new Map<string, number>();
const add = (map: Map<string, number>, key: string, ms: number) => map.set(key, (map.get(key) ?? 0) + ms);
let total = 0;
let at = 0;
profile.samples.forEach((sample, i) => {
  at += profile.timeDeltas[i] ?? 0;
  if (at < skipMicros) return;
  const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
  total += ms;
  const here = places.get(sample)!;
  add(bySource, here.source, ms);
  add(byFunction, `${here.fn} ${here.source}:${here.line}`, ms);
  if (!within) return;
  const seen = new Set<string>();
  for (let id: number | undefined = sample; id !== undefined; id = parents.get(id)) {
    const frame = places.get(id)!;
    const key = `${frame.fn} ${frame.source}`;
    if (within.test(key) && !seen.has(key)) {
      seen.add(key);
      add(inside, key, ms);
    }
  }
});

function print(title: string, map: Map<string, number>) {
  console.log(`\n${title} (of ${total.toFixed(0)} ms)`);
  for (const [key, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${ms.toFixed(0).padStart(8)} ${((100 * ms) / total).toFixed(1).padStart(5)} %  ${key}`);
}
print('self time by source', bySource);
print('self time by function', byFunction);
if (within) print(`time inside functions matching ${within}`, inside);
