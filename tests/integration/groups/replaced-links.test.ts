import { describe, expect, it } from 'vitest';
import { removeMember } from '@/lib/core/groups/remove-member';
import { setSchedule } from '@/lib/core/groups/set-schedule';
import { findReplacementLink } from '@/lib/core/hosted-checkout/replacement-link';
import { loadHostedCheckout } from '@/lib/core/hosted-checkout/load-hosted-checkout';
import { SERVICE_ACTOR } from '@/lib/core/audit/record-audit';
import { getDb } from '@/lib/db/client';
import { createTenant } from '../support/fixtures';
import { createLinkVia } from '../support/payments';
import { withTestDatabase } from '../support/test-database';
import { getGroupVia, groupVia, inDays } from './group-support';

withTestDatabase();

type Link = { id: string; installment_sequence: number };
type Member = { id: string; customer_name: string; payment_links: Link[] };

describe('a member’s replaced link', () => {
  it('leads to their current link of the same instalment after a schedule change, and reports how many members changed', async () => {
    const { admin, parentId } = await createTenant();
    const group = await groupVia(admin.token, parentId);
    const [ann] = group.members as Member[];
    const [first, second] = ann!.payment_links;
    const db = await getDb();
    expect(await findReplacementLink(db, first!.id)).toBeNull(); // live: the page shows it, nothing to redirect

    // The second instalment moves: its links are replaced, the first instalment's stay.
    const saved = await setSchedule(db, group.id, {
      installments: [
        { amount: 10000, due_at: inDays(10) },
        { amount: 20000, due_at: inDays(50) },
      ],
    });
    expect(saved.replacedMembers).toBe(2);
    expect(await loadHostedCheckout(db, second!.id)).toBeNull();
    const now = (await getGroupVia(admin.token, group.id)).body.data.members as Member[];
    const annNow = now.find((m) => m.id === ann!.id)!;
    const newSecond = annNow.payment_links.find((l) => l.installment_sequence === 2)!;
    expect(newSecond.id).not.toBe(second!.id);
    expect(await findReplacementLink(db, second!.id)).toBe(newSecond.id);

    // One instalment instead of two: the old second leads to the member's remaining link.
    await setSchedule(db, group.id, { installments: [{ amount: 30000, due_at: inDays(20) }] });
    const after = ((await getGroupVia(admin.token, group.id)).body.data.members as Member[]).find(
      (m) => m.id === ann!.id,
    )!;
    expect(after.payment_links).toHaveLength(1);
    expect(await findReplacementLink(db, newSecond.id)).toBe(after.payment_links[0]!.id);
  });

  it('is a 404 (no replacement) for a removed member, a plain link and an unknown id', async () => {
    const { admin, parentId } = await createTenant();
    const group = await groupVia(admin.token, parentId);
    const [ann] = group.members as Member[];
    const db = await getDb();
    await removeMember(db, group.id, ann!.id, { by: SERVICE_ACTOR });
    expect(await findReplacementLink(db, ann!.payment_links[0]!.id)).toBeNull();
    const plain = await createLinkVia(admin.token, parentId);
    expect(await findReplacementLink(db, plain)).toBeNull();
    expect(await findReplacementLink(db, '00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(await findReplacementLink(db, 'not-a-uuid')).toBeNull();
  });
});
