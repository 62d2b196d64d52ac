import { cpuMeter, latencyFigures, round, type CpuUsage } from './measure';

/*
 * "Create a group of 200 members × 12 instalments through the API": sequential
 * PUT /api/agent/payment-link-groups on the running server (one request at a
 * time: the figure is one organiser's wait, not throughput), after a warm-up.
 * Each answer must hold 200 members with 12 links each, and the group read back
 * (GET) must hold 2 400 links summing to the members' shares. Target: p50 under 1 s.
 */
export const GROUP_MEMBERS = 200;
export const GROUP_INSTALMENTS = 12;
export const GROUP_CREATE_ROUNDS = 8;
export const GROUP_CREATE_WARMUP = 2;
export const GROUP_CREATE_TARGET_MS = 1000;

export type GroupsResult = {
  scenario: string;
  members: number;
  instalments: number;
  links_per_group: number;
  rounds: number;
  create_p50_ms: number;
  create_max_ms: number;
  create_mean_ms: number;
  /** Reading the created group back (GET), for the record; the portal's render figure is the portal bench's. */
  get_p50_ms: number;
  target_ms: number;
  cpu: CpuUsage;
  failed: boolean;
  problems: string[];
};

type Group = { id: string; members: { amount: number; payment_links: { amount: number }[] }[] };

function groupBody(organisation: string, round: number) {
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  return {
    organisation,
    name: `Bench group ${round}`,
    lead_name: 'Bench Leader',
    lead_email: 'leader@bench.travel-pay.test',
    booking_reference: `GROUP-${Date.now().toString(36)}-${round}`,
    // Shares differ a little, so every member's schedule is scaled (the costlier path).
    members: Array.from({ length: GROUP_MEMBERS }, (_, i) => ({
      customer_name: `Bench Traveller ${i + 1}`,
      amount: 120_000 + (i % 7) * 13,
      email: `traveller${i + 1}@bench.travel-pay.test`,
    })),
    installments: Array.from({ length: GROUP_INSTALMENTS }, (_, i) => ({ amount: 10_000, due_at: day(10 + 30 * i) })),
  };
}

export async function benchGroupCreate(baseUrl: string, token: string, organisation: string): Promise<GroupsResult> {
  const problems: string[] = [];
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const create = async (round: number) => {
    const body = groupBody(organisation, round);
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/agent/payment-link-groups`, {
      method: 'PUT',
      headers,
      body: JSON.stringify(body),
    });
    const text = await response.text();
    const ms = performance.now() - started;
    if (response.status !== 200)
      throw new Error(`PUT /api/agent/payment-link-groups answered ${response.status}: ${text.slice(0, 300)}`);
    const group = (JSON.parse(text) as { data: Group }).data;
    const links = group.members.reduce((n, m) => n + m.payment_links.length, 0);
    if (group.members.length !== GROUP_MEMBERS || links !== GROUP_MEMBERS * GROUP_INSTALMENTS)
      problems.push(`round ${round}: ${group.members.length} members, ${links} links`);
    return { ms, group, shares: body.members.reduce((sum, m) => sum + m.amount, 0) };
  };
  for (let round = 0; round < GROUP_CREATE_WARMUP; round++) await create(-1 - round);
  const meter = cpuMeter();
  const createMs: number[] = [];
  const getMs: number[] = [];
  for (let round = 0; round < GROUP_CREATE_ROUNDS; round++) {
    const { ms, group, shares } = await create(round);
    createMs.push(ms);
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/agent/payment-link-groups/${group.id}`, { headers });
    const read = (await response.json()) as { data: Group };
    getMs.push(performance.now() - started);
    const sum = read.data.members.reduce((total, m) => total + m.payment_links.reduce((s, l) => s + l.amount, 0), 0);
    if (sum !== shares) problems.push(`round ${round}: links sum to ${sum}, shares to ${shares}`);
  }
  const cpu = meter.stop();
  const created = latencyFigures(createMs);
  if (created.p50_ms >= GROUP_CREATE_TARGET_MS)
    problems.push(`create p50 ${created.p50_ms} ms is not under the ${GROUP_CREATE_TARGET_MS} ms target`);
  return {
    scenario: `create group ${GROUP_MEMBERS} × ${GROUP_INSTALMENTS} (HTTP, sequential)`,
    members: GROUP_MEMBERS,
    instalments: GROUP_INSTALMENTS,
    links_per_group: GROUP_MEMBERS * GROUP_INSTALMENTS,
    rounds: GROUP_CREATE_ROUNDS,
    create_p50_ms: created.p50_ms,
    create_max_ms: created.max_ms,
    create_mean_ms: created.mean_ms,
    get_p50_ms: latencyFigures(getMs).p50_ms,
    target_ms: GROUP_CREATE_TARGET_MS,
    cpu,
    failed: problems.length > 0,
    problems,
  };
}

export function formatGroups(g: GroupsResult): string[] {
  const lines = [
    `   groups: ${g.scenario}: ${g.rounds} groups of ${g.links_per_group} links, create p50 ${round(g.create_p50_ms, 1)} ms, max ${round(g.create_max_ms, 1)} ms` +
      ` (target under ${g.target_ms} ms); GET of the group p50 ${round(g.get_p50_ms, 1)} ms; machine ${g.cpu.busy_percent ?? 'n/a'} % CPU busy,` +
      ` load average ${g.cpu.load_average_end.join(' ')}: ${g.failed ? 'FAILED' : 'ok'}`,
  ];
  for (const problem of g.problems) lines.push(`     - ${problem}`);
  return lines;
}
