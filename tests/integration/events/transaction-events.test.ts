import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { settleAuthorisation } from '@/lib/core/payments/settle-payment';
import { reverseExpiredAuthorisations } from '@/lib/runner/expire-authorisations-step';
import { announceExpiredLinks } from '@/lib/runner/link-expiry-step';
import { reconcileStalePayments } from '@/lib/runner/reconcile-step';
import { advanceClock, resetClock } from '@/lib/sandbox/test-clock';
import { api } from '../support/api-client';
import { createTenant, tokenFor, type Tenant } from '../support/fixtures';
import { cards, createLinkVia } from '../support/payments';
import { withRaceDatabases } from '../support/races';
import { attempt, deliveriesOf, eventsOf, eventsOfOrganisation, expectOneEvent, subscribe } from './event-support';

/*
 * Transaction events (docs/webhooks.md "Events", "Outbox"): written in the
 * transaction that moves the payment, data = GET /agent/transactions/{id} at
 * that moment, one delivery per enabled endpoint subscribed to the type.
 */
const dbs = withRaceDatabases();
afterEach(async () => {
  vi.restoreAllMocks();
  await resetClock(dbs.primary().db);
});

const getTransaction = async (token: string, id: string) =>
  (await api.get(`/agent/transactions/${id}`, { token })).body.data;
/** A token issued at the (moved) test clock's time: the one made before the move may have expired. */
const freshToken = (tenant: Tenant) => tokenFor(tenant.admin.publicKey, tenant.admin.privateKey);
const getLink = async (token: string, id: string) => (await api.get(`/agent/payment-links/${id}`, { token })).body.data;

describe('transaction.completed and payment_link.paid', () => {
  it('a captured payment emits both, to every subscribed enabled endpoint of its organisation only', async () => {
    const tenant = await createTenant('Events');
    const other = await createTenant('Other');
    const all = await subscribe(tenant.parentId);
    const second = await subscribe(tenant.parentId, { eventTypes: ['transaction.completed'] });
    await subscribe(tenant.parentId, { eventTypes: ['refund.completed'] });
    await subscribe(tenant.parentId, { status: 'disabled' });
    await subscribe(tenant.parentId, { deletedAt: new Date() });
    await subscribe(tenant.childId);
    await subscribe(other.parentId);
    const linkId = await createLinkVia(tenant.admin.token, tenant.parentId);
    const outcome = await attempt(linkId);
    expect(outcome).toMatchObject({ outcome: 'paid', status: 'COMPLETE' });
    const id = outcome.transactionId;
    await expectOneEvent({
      organisationId: tenant.parentId,
      type: 'transaction.completed',
      resourceId: id,
      expected: await getTransaction(tenant.admin.token, id),
      endpointIds: [all, second],
    });
    const paid = await expectOneEvent({
      organisationId: tenant.parentId,
      type: 'payment_link.paid',
      resourceId: linkId,
      expected: await getLink(tenant.admin.token, linkId),
      endpointIds: [all],
    });
    expect(paid.data).toMatchObject({ status: 'paid' });
    // Nothing else, and nothing for the other organisations' endpoints.
    expect((await eventsOfOrganisation(tenant.parentId)).map((e) => e.type).sort()).toEqual([
      'payment_link.paid',
      'transaction.completed',
    ]);
    expect(await eventsOfOrganisation(other.parentId)).toEqual([]);
  });

  it('an organisation without endpoints gets no rows at all', async () => {
    const tenant = await createTenant('Quiet');
    await subscribe((await createTenant('Loud')).parentId);
    const linkId = await createLinkVia(tenant.admin.token, tenant.parentId, { authorisation_only: true });
    const { transactionId } = await attempt(linkId);
    await api.get(`/agent/transactions/${transactionId}/complete`, { token: tenant.admin.token });
    await attempt(await createLinkVia(tenant.admin.token, tenant.parentId), cards.declined);
    expect(await eventsOfOrganisation(tenant.parentId)).toEqual([]);
    const { rows } = (await dbs
      .primary()
      .db.execute(
        sql`select count(*)::int as n from webhook_deliveries where organisation_id = ${tenant.parentId}`,
      )) as unknown as { rows: { n: number }[] };
    expect(rows[0]!.n).toBe(0);
  });
});

describe('transaction.pending, .completed on capture, .reversed, .declined', () => {
  it('a held payment is pending, its capture completed', async () => {
    const tenant = await createTenant('Held');
    const endpoint = await subscribe(tenant.parentId);
    const linkId = await createLinkVia(tenant.admin.token, tenant.parentId, { authorisation_only: true });
    const { transactionId: id } = await attempt(linkId);
    const pending = await expectOneEvent({
      organisationId: tenant.parentId,
      type: 'transaction.pending',
      resourceId: id,
      expected: await getTransaction(tenant.admin.token, id),
      endpointIds: [endpoint],
    });
    expect(pending.data).toMatchObject({ status: 'PENDING' });
    await expectOneEvent({
      organisationId: tenant.parentId,
      type: 'payment_link.paid',
      resourceId: linkId,
      expected: await getLink(tenant.admin.token, linkId),
      endpointIds: [endpoint],
    });
    expect((await api.get(`/agent/transactions/${id}/complete`, { token: tenant.admin.token })).status).toBe(200);
    const completed = await expectOneEvent({
      organisationId: tenant.parentId,
      type: 'transaction.completed',
      resourceId: id,
      expected: await getTransaction(tenant.admin.token, id),
      endpointIds: [endpoint],
    });
    expect(completed.data).toMatchObject({ status: 'COMPLETE' });
    // A capture pays the link no second time; a second capture (409) emits nothing.
    expect((await api.get(`/agent/transactions/${id}/complete`, { token: tenant.admin.token })).status).toBe(409);
    expect(await eventsOf(linkId, 'payment_link.paid')).toHaveLength(1);
    expect(await eventsOf(id, 'transaction.completed')).toHaveLength(1);
  });

  it('a reverse emits reversed, and its link can expire again (announced by the runner)', async () => {
    const tenant = await createTenant('Reverse');
    const endpoint = await subscribe(tenant.parentId);
    const linkId = await createLinkVia(tenant.admin.token, tenant.parentId, {
      authorisation_only: true,
      expires_at: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    });
    const { transactionId: id } = await attempt(linkId);
    expect((await api.get(`/agent/transactions/${id}/reverse`, { token: tenant.admin.token })).status).toBe(200);
    await expectOneEvent({
      organisationId: tenant.parentId,
      type: 'transaction.reversed',
      resourceId: id,
      expected: await getTransaction(tenant.admin.token, id),
      endpointIds: [endpoint],
    });
    await advanceClock(dbs.primary().db, { seconds: 3 * 86_400 });
    await announceExpiredLinks(dbs.primary().db);
    await expectOneEvent({
      organisationId: tenant.parentId,
      type: 'payment_link.expired',
      resourceId: linkId,
      expected: await getLink(await freshToken(tenant), linkId),
      endpointIds: [endpoint],
    });
  });

  it('the runner reverses an authorisation older than 7 days: reversed, with its reason', async () => {
    const tenant = await createTenant('Expire');
    const endpoint = await subscribe(tenant.parentId, { eventTypes: ['transaction.reversed'] });
    const { transactionId: id } = await attempt(
      await createLinkVia(tenant.admin.token, tenant.parentId, {
        authorisation_only: true,
        expires_at: new Date(Date.now() + 60 * 86_400_000).toISOString(),
      }),
    );
    await advanceClock(dbs.primary().db, { seconds: 8 * 86_400 });
    await Promise.all([
      reverseExpiredAuthorisations(dbs.primary().db),
      reverseExpiredAuthorisations(dbs.secondary().db),
    ]);
    const event = await expectOneEvent({
      organisationId: tenant.parentId,
      type: 'transaction.reversed',
      resourceId: id,
      expected: await getTransaction(await freshToken(tenant), id),
      endpointIds: [endpoint],
    });
    expect(event.data).toMatchObject({ status: 'REVERSED', failure_reason: 'authorisation_expired' });
  });

  it('a decline emits declined and pays no link', async () => {
    const tenant = await createTenant('Decline');
    const endpoint = await subscribe(tenant.parentId);
    const linkId = await createLinkVia(tenant.admin.token, tenant.parentId);
    const outcome = await attempt(linkId, cards.declined);
    expect(outcome.outcome).toBe('declined');
    const event = await expectOneEvent({
      organisationId: tenant.parentId,
      type: 'transaction.declined',
      resourceId: outcome.transactionId,
      expected: await getTransaction(tenant.admin.token, outcome.transactionId),
      endpointIds: [endpoint],
    });
    expect(event.data).toMatchObject({ status: 'DECLINED' });
    expect(await eventsOf(linkId)).toEqual([]);
  });
});

describe('once, and only with the change', () => {
  it('two answers recorded at once (a slow answer and the runner) write one event', async () => {
    const tenant = await createTenant('Twice');
    const endpoint = await subscribe(tenant.parentId);
    const linkId = await createLinkVia(tenant.admin.token, tenant.parentId);
    const challenged = await attempt(linkId, cards.visa3ds);
    expect(challenged.outcome).toBe('challenge');
    const answer = {
      status: 'authorised' as const,
      providerReference: `psp-${challenged.transactionId}`,
      captured: true,
      card: {
        brand: 'VISA' as const,
        bin: '42123456',
        lastFour: '0006',
        funding: 'credit' as const,
        cardClass: 'consumer' as const,
        issuingCountry: 'GB',
      },
    };
    const outcomes = await Promise.all([
      settleAuthorisation(dbs.primary().db, challenged.transactionId, answer),
      settleAuthorisation(dbs.secondary().db, challenged.transactionId, answer),
    ]);
    expect(outcomes.map((o) => o.outcome)).toEqual(['paid', 'paid']);
    await expectOneEvent({
      organisationId: tenant.parentId,
      type: 'transaction.completed',
      resourceId: challenged.transactionId,
      expected: await getTransaction(tenant.admin.token, challenged.transactionId),
      endpointIds: [endpoint],
    });
    expect(await eventsOf(linkId, 'payment_link.paid')).toHaveLength(1);
  });

  it('a change that fails after its event is written rolls the event back with it', async () => {
    const tenant = await createTenant('Rollback');
    const endpoint = await subscribe(tenant.parentId);
    const db = dbs.primary().db;
    // The outbox statement fails for this endpoint's deliveries: the decline it belongs to must not land either.
    await db.execute(
      sql.raw(`
      create or replace function fail_delivery() returns trigger language plpgsql as $$
      begin
        if new.endpoint_id = '${endpoint}' then raise exception 'delivery refused for the test'; end if;
        return new;
      end $$`),
    );
    await db.execute(
      sql.raw(
        'create trigger fail_delivery after insert on webhook_deliveries for each row execute function fail_delivery()',
      ),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let outcome;
    try {
      outcome = await attempt(await createLinkVia(tenant.admin.token, tenant.parentId), cards.declined);
    } finally {
      await db.execute(sql.raw('drop trigger fail_delivery on webhook_deliveries'));
      await db.execute(sql.raw('drop function fail_delivery()'));
    }
    // The answer could not be recorded: left for the runner to ask again, with no event.
    expect(outcome.outcome).toBe('unsettled');
    expect((await getTransaction(tenant.admin.token, outcome.transactionId)).status).toBe('PAYMENTINPROGRESS');
    expect(await eventsOfOrganisation(tenant.parentId)).toEqual([]);
    expect(await deliveriesOf([])).toEqual([]);
    // The runner records the processor's answer later: then exactly one event.
    await advanceClock(db, { seconds: 3600 });
    await reconcileStalePayments(db);
    await expectOneEvent({
      organisationId: tenant.parentId,
      type: 'transaction.declined',
      resourceId: outcome.transactionId,
      expected: await getTransaction(await freshToken(tenant), outcome.transactionId),
      endpointIds: [endpoint],
    });
  });
});
