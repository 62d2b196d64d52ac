import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listGroupsSchema, listOrganisationGroups } from '@/lib/core/groups/list-organisation-groups';
import { getDb } from '@/lib/db/client';
import { loggedStatements, type LoggedStatement } from '../support/count-statements';
import { createTenant } from '../support/fixtures';
import { actorFor } from '../support/races';
import { withTestDatabase } from '../support/test-database';

withTestDatabase();

const inline = ({ query, params }: LoggedStatement) =>
  query.replace(/\$(\d+)/g, (_, i: string) => {
    const value = params[Number(i) - 1];
    return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
  });

describe('the back office groups list', () => {
  it('reads a page of an organisation’s groups from payment_link_groups_org_created_idx, in its order (no sort)', async () => {
    const db = await getDb();
    const tenant = await createTenant('Plan');
    const actor = await actorFor(db, tenant.admin.apiKeyId);
    const input = listGroupsSchema.parse({ organisation: tenant.parentId, take: 25 });
    const statements = await loggedStatements(db, () => listOrganisationGroups(db, actor, input));
    const page = statements.find((s) => /order by/i.test(s.query) && /payment_link_groups/.test(s.query));
    expect(page).toBeDefined();
    // A few rows make any plan cheap: the planner is told to avoid reading the whole table, as it would with
    // thousands of groups (scripts/bench: a seq scan and a sort of all of them without this index).
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = (await tx.execute(sql.raw(`explain ${inline(page!)}`))) as unknown as {
        rows: { 'QUERY PLAN': string }[];
      };
      return result.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('payment_link_groups_org_created_idx');
    expect(plan).not.toMatch(/\bSort\b/);
  });
});
