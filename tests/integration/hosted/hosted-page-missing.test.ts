import { afterEach, describe, expect, it } from 'vitest';
import { setClockOffset } from '@/lib/clock';
import { hostedPageMissing } from '@/lib/core/hosted-checkout/hosted-page-exists';
import { api } from '../support/api-client';
import { createTenant } from '../support/fixtures';
import { createLinkVia } from '../support/payments';
import { withTestDatabase } from '../support/test-database';

withTestDatabase();

afterEach(() => setClockOffset(0));

/*
 * proxy.ts asks whether a hosted page's object exists, to answer the full 404 document at the page's address
 * (issue 17 item 12). An object found is remembered for a minute (recently-seen.ts), so the pages of one payment
 * do not cost a database read in the proxy each time; "missing" is never remembered.
 */
describe('hostedPageMissing, the proxy question', () => {
  it('asks the database once a minute for an object it found; a deleted link is missing once the minute is over', async () => {
    const { admin, parentId } = await createTenant();
    const id = await createLinkVia(admin.token, parentId, { description: 'Porto' });
    expect(await hostedPageMissing(`/${id}`)).toBe(false);
    expect(await hostedPageMissing(`/fr/${id}/success`)).toBe(false);

    expect((await api.delete(`/agent/payment-links/${id}`, { token: admin.token })).status).toBe(200);
    // Within the minute the page is reached (its own notFound() answers 404): no read was made.
    expect(await hostedPageMissing(`/${id}`)).toBe(false);
    setClockOffset(61_000);
    expect(await hostedPageMissing(`/${id}`)).toBe(true);
    // Missing is asked again each time, never remembered.
    expect(await hostedPageMissing(`/de/${id}`)).toBe(true);
  });

  it('answers missing for an id that was never there, and nothing for paths that are no object page', async () => {
    expect(await hostedPageMissing('/0b8c7a52-3f1e-4d2a-9c55-1f2e3d4c5b6a')).toBe(true);
    expect(await hostedPageMissing('/receipts/0b8c7a52-3f1e-4d2a-9c55-1f2e3d4c5b6a')).toBe(true);
    expect(await hostedPageMissing('/status')).toBe(false);
  });
});
