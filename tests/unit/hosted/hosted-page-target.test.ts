import { describe, expect, it } from 'vitest';
import { hostedPageTarget } from '@/lib/core/hosted-checkout/hosted-page-exists';

const id = '0b8c7a52-3f1e-4d2a-9c55-1f2e3d4c5b6a';

describe('the hosted pages the proxy asks the database about', () => {
  it('names the link, receipt, approval or group of a page path, in any locale', () => {
    expect(hostedPageTarget(`/${id}`)).toEqual({ kind: 'link', id });
    expect(hostedPageTarget(`/fr/${id}/success`)).toEqual({ kind: 'link', id });
    expect(hostedPageTarget(`/ar/receipts/${id}`)).toEqual({ kind: 'receipt', id });
    expect(hostedPageTarget(`/approvals/${id}`)).toEqual({ kind: 'approval', id });
    expect(hostedPageTarget(`/groups/${id}/`)).toEqual({ kind: 'group', id });
  });
  it('leaves every other page alone (no lookup): the site’s pages, the embed, the sandbox steps', () => {
    for (const path of [
      '/',
      '/status',
      '/docs/errors',
      `/embed/${id}`,
      `/sandbox/3ds/${id}`,
      '/receipts/x',
      `/${id}/x`,
    ])
      expect(hostedPageTarget(path), path).toBeNull();
  });
});
