import fs from 'node:fs';
import path from 'node:path';
import { PORTAL_TARGET_P50_MS, portalPage } from './portal-page';

/*
 * One focused measurement of the leader portal's server render (issue 8), for
 * a sandbox server someone started on their own port (no bench harness, no
 * load from elsewhere): makes a 200 × 12 group of the sandbox organisation
 * through the API, enters through portal_url, then asks for the page N times,
 * one request after another, and prints p50/p90/max and the page's size.
 *
 *   DATA_DIR=<the server's data folder> [SERVER_PID=<its pid>] npx tsx scripts/bench/portal-page-probe.ts http://localhost:3280 [requests=30]
 *
 * With SERVER_PID (Linux), it also prints the server process's CPU time per
 * request (user + system, from /proc), which a shared machine's load changes
 * far less than the wall-clock latency.
 */
const cpuMs = (pid: string | undefined): number | null => {
  if (!pid) return null;
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, in ticks of 10 ms
};
const baseUrl = process.argv[2] ?? 'http://localhost:3280';
const requests = Number(process.argv[3] ?? 30);
const dataDir = process.env.DATA_DIR ?? '';
if (!dataDir) throw new Error("DATA_DIR: the sandbox server's data folder (its sandbox-credentials.json)");

async function main() {
  const [key] = JSON.parse(fs.readFileSync(path.join(dataDir, 'sandbox-credentials.json'), 'utf8')).keys;
  const tokenAnswer = await fetch(`${baseUrl}/api/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ public_key: key.public_key, private_key: key.private_key }),
  });
  const token = ((await tokenAnswer.json()) as { data: { token: string } }).data.token;
  const { path: pagePath, cookie } = await portalPage(baseUrl, token, 'org_sandbox_travel');

  const times: number[] = [];
  let bytes = 0;
  let cpuBefore: number | null = null;
  for (let i = 0; i < requests + 2; i += 1) {
    const started = performance.now();
    const answer = await fetch(`${baseUrl}${pagePath}`, { headers: { cookie } });
    const body = await answer.text();
    const ms = performance.now() - started;
    if (answer.status !== 200 || !body.includes('Bench Member 200<'))
      throw new Error(`the page answered ${answer.status} without the last member`);
    bytes = Buffer.byteLength(body);
    if (i >= 2) times.push(ms); // two warm-ups
    if (i === 1) cpuBefore = cpuMs(process.env.SERVER_PID);
  }
  const cpuAfter = cpuMs(process.env.SERVER_PID);
  const cpuPerRequest = cpuBefore === null || cpuAfter === null ? null : Math.round((cpuAfter - cpuBefore) / requests);
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(0);
  console.log(
    JSON.stringify({
      path: pagePath,
      requests,
      p50_ms: Number(at(0.5)),
      p90_ms: Number(at(0.9)),
      max_ms: Number(at(1)),
      html_kb: Math.round(bytes / 1024),
      server_cpu_ms_per_request: cpuPerRequest,
      target_p50_ms: PORTAL_TARGET_P50_MS,
    }),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
