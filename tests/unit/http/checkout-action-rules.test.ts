import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { actionOriginsFor, isAllowedActionOrigin } from '@/lib/http/action-origin';
import { actionPage } from '@/lib/http/action-page';
import { actionRefusedPath, refusalOf } from '@/lib/http/action-refusal';
import { refusedActionResponse } from '@/lib/http/action-refusal-response';
import { portalTarget } from '@/lib/http/portal-paths';
import { cannotBeAPage } from '@/lib/i18n/page-paths';

/* The pure rules under the checkout's action wrapper (app/[locale]/checkout-action.ts) and proxy.ts (issue 16 items 4, 16, 20). */
const id = '3f2b8c1e-9d4a-4f6b-8e2c-1a7d5b9c0e4f';

describe("actionOriginsFor: the origins a host's forms may post from", () => {
  it('sandbox: a loopback PUBLIC_BASE_URL also accepts its other loopback names, same scheme and port only', () => {
    const allowed = actionOriginsFor('http://localhost:3000/', 'sandbox');
    expect(allowed).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']);
    expect(isAllowedActionOrigin('http://127.0.0.1:3000', allowed)).toBe(true);
    expect(isAllowedActionOrigin('http://[::1]:3000', allowed)).toBe(true);
    expect(isAllowedActionOrigin('http://127.0.0.1:3001', allowed)).toBe(false);
    expect(isAllowedActionOrigin('https://127.0.0.1:3000', allowed)).toBe(false);
    expect(isAllowedActionOrigin('http://app.localhost:3000', allowed)).toBe(false);
    expect(isAllowedActionOrigin('http://127.0.0.2:3000', allowed)).toBe(false);
    expect(actionOriginsFor('http://127.0.0.1:8080', 'sandbox')).toContain('http://localhost:8080');
  });

  it('production, or a host that is not loopback: its own origin only', () => {
    expect(actionOriginsFor('http://localhost:3000', 'production')).toEqual(['http://localhost:3000']);
    expect(actionOriginsFor('https://pay.example.com', 'sandbox')).toEqual(['https://pay.example.com']);
    expect(actionOriginsFor('https://portal.acme.example:8443', 'sandbox')).toEqual([
      'https://portal.acme.example:8443',
    ]);
    expect(actionOriginsFor('not a url', 'sandbox')).toEqual([]);
  });
});

describe('actionPage: the page an action was posted to', () => {
  it('the link page, the embed and the approval page, in any locale; the id lower-cased', () => {
    expect(actionPage(`/${id}`)).toEqual({ kind: 'payment_link', id, locale: 'en-GB' });
    expect(actionPage(`/fr/${id.toUpperCase()}/`)).toEqual({ kind: 'payment_link', id, locale: 'fr' });
    expect(actionPage(`/ar/embed/${id}`)).toEqual({ kind: 'ecommerce', id, locale: 'ar' });
    // The embed's failure page shows the form again.
    expect(actionPage(`/embed/${id}/failure`)).toEqual({ kind: 'ecommerce', id, locale: 'en-GB' });
    expect(actionPage(`/approvals/${id}`)).toEqual({ kind: 'approval', id, locale: 'en-GB' });
  });

  it('anything else is no checkout page', () => {
    for (const path of [
      null,
      '',
      '/',
      `/${id}/success`,
      `/groups/${id}`,
      `/${id}.`,
      `/xx/${id}`,
      `/embed/${id}/return`,
      `/approvals/not-a-uuid`,
      `/${id}/../${id}`,
    ]) {
      expect(actionPage(path), String(path)).toBeNull();
    }
  });
});

describe('the refusal page', () => {
  it("is named by a code in the page's language; an unknown code reads as invalid", () => {
    expect(actionRefusedPath('en-GB', 'origin')).toBe('/form-refused?reason=origin');
    expect(actionRefusedPath('cy', 'host')).toBe('/cy/form-refused?reason=host');
    expect(actionRefusedPath('xx', 'page')).toBe('/form-refused?reason=page');
    expect(refusalOf('unexpected')).toBe('unexpected');
    expect(refusalOf('<b>hi</b>')).toBe('invalid');
    expect(refusalOf(['origin'])).toBe('invalid');
  });

  it('is served on every host (a portal domain too) and is not taken for a link id', () => {
    expect(portalTarget('/form-refused')).toEqual({ kind: 'asset' });
    expect(portalTarget('/de/form-refused')).toEqual({ kind: 'asset' });
    expect(cannotBeAPage('/form-refused')).toBe(false);
    expect(cannotBeAPage('/fr/form-refused')).toBe(false);
  });

  it("proxy.ts's refusal: React's action fetch gets x-action-redirect (a full navigation), a plain form a 303", () => {
    const fetched = refusedActionResponse(
      new Headers({ 'next-action': 'abc' }),
      `/fr/${id}`,
      `http://localhost:3000/fr/${id}`,
    );
    expect(fetched.status).toBe(403);
    expect(fetched.headers.get('x-action-redirect')).toBe('/fr/form-refused?reason=origin');
    expect(fetched.headers.get('location')).toBeNull();
    const posted = refusedActionResponse(
      new Headers({ 'content-type': 'multipart/form-data; boundary=x' }),
      `/${id}`,
      `http://127.0.0.1:3000/${id}`,
    );
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe('http://127.0.0.1:3000/form-refused?reason=origin');
  });
});

describe('error boundaries', () => {
  it("every layout has an error.tsx beside it, and the root layout's errors have app/global-error.tsx", () => {
    const app = path.join(process.cwd(), 'app');
    const layouts = (fs.readdirSync(app, { recursive: true }) as string[]).filter(
      (file) => path.basename(file) === 'layout.tsx',
    );
    expect(layouts.length).toBeGreaterThan(0);
    for (const layout of layouts)
      expect(fs.existsSync(path.join(app, path.dirname(layout), 'error.tsx')), layout).toBe(true);
    expect(fs.existsSync(path.join(app, 'global-error.tsx'))).toBe(true);
  });
});
