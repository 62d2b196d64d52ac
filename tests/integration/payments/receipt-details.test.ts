import { describe, expect, it } from 'vitest';
import { hostedReceipt } from '@/lib/core/hosted-checkout/hosted-receipt';
import { api } from '../support/api-client';
import { createTenant } from '../support/fixtures';
import { cards, createLinkVia, pay } from '../support/payments';
import { withTestDatabase } from '../support/test-database';

withTestDatabase();

const legal = {
  legal_address: '1 Harbour Street\nBristol BS1 4AA',
  company_number: '01234567',
  vat_number: 'GB123456789',
  atol_number: '12345',
};

describe('the receipt’s details', () => {
  it('legal details are organisation settings: read, written, cleared by an empty value, too long refused', async () => {
    const { admin, parentId } = await createTenant();
    const settings = `/agent/organisations/${parentId}/settings`;
    expect((await api.get(settings, { token: admin.token })).body.data).toMatchObject({
      legal_address: null,
      company_number: null,
      vat_number: null,
      atol_number: null,
    });
    const written = await api.post(settings, { ...legal, vat_number: '  GB123456789 ' }, { token: admin.token });
    expect(written.status).toBe(200);
    expect(written.body.data).toMatchObject(legal);
    const cleared = await api.post(settings, { atol_number: '', company_number: null }, { token: admin.token });
    expect(cleared.body.data).toMatchObject({ ...legal, atol_number: null, company_number: null });
    expect((await api.post(settings, { vat_number: 'X'.repeat(41) }, { token: admin.token })).status).toBe(422);
  });

  it('shows the payer, the description, the legal details and the short reference', async () => {
    const { admin, parentId } = await createTenant();
    await api.post(`/agent/organisations/${parentId}/settings`, legal, { token: admin.token });
    const link = await createLinkVia(admin.token, parentId, { description: 'Lisbon, 3 nights' });
    const { transactionId } = (await pay(link, cards.visa)) as { transactionId: string };
    const receipt = await hostedReceipt(transactionId);
    const api_ = (await api.get(`/agent/transactions/${transactionId}`, { token: admin.token })).body.data;
    expect(receipt).toMatchObject({
      payer: 'Jane Traveller',
      description: 'Lisbon, 3 nights',
      shortReference: api_.short_reference,
      legal: {
        address: legal.legal_address,
        companyNumber: legal.company_number,
        vatNumber: legal.vat_number,
        atolNumber: legal.atol_number,
      },
    });
  });
});
