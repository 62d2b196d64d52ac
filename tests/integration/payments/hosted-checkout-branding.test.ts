import { describe, expect, it } from 'vitest';
import { loadHostedCheckout } from '@/lib/core/hosted-checkout/load-hosted-checkout';
import { getDb } from '@/lib/db/client';
import { api } from '../support/api-client';
import { createTenant } from '../support/fixtures';
import { createLinkVia } from '../support/payments';
import { withTestDatabase } from '../support/test-database';

withTestDatabase();

describe('the hosted checkout shows the organisation’s branding', () => {
  it('carries settings.brand_colour and settings.logo_url from the organisation settings', async () => {
    const { admin, parentId } = await createTenant();
    const id = await createLinkVia(admin.token, parentId);
    const before = await loadHostedCheckout(await getDb(), id);
    expect(before).toMatchObject({ brandColour: null, organisationLogo: null });

    const settings = await api.post(
      `/agent/organisations/${parentId}/settings`,
      { brand_colour: '#7a1f5c', logo_url: 'https://cdn.example.com/logo.png' },
      { token: admin.token },
    );
    expect(settings.status, settings.text).toBe(200);
    expect(await loadHostedCheckout(await getDb(), id)).toMatchObject({
      brandColour: '#7a1f5c',
      organisationLogo: 'https://cdn.example.com/logo.png',
    });
  });
});
