import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { httpVerbs } from '@/lib/http/method-not-allowed';
import { api, call } from '../support/api-client';
import { withTestDatabase } from '../support/test-database';

withTestDatabase();

type Handler = (request: Request, context: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;
const apiRoot = path.resolve(__dirname, '../../../app/api');
const sampleId = '00000000-0000-4000-8000-000000000000';

function routeFiles(dir: string, segments: string[] = []): { file: string; segments: string[] }[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return routeFiles(path.join(dir, entry.name), [...segments, entry.name]);
    return entry.name === 'route.ts' ? [{ file: path.join(dir, entry.name), segments }] : [];
  });
}

// The catch-all answers 404 for every method: it is where unknown paths go.
const routes = routeFiles(apiRoot).filter((route) => !route.segments.some((s) => s.startsWith('[...')));

describe('every route file answers every HTTP method', () => {
  it('finds the route files', () => expect(routes.length).toBeGreaterThan(30));

  it.each(routes.map((route) => [`/api/${route.segments.join('/')}`, route] as const))('%s', async (_name, route) => {
    const routeModule = (await import(route.file)) as Record<string, Handler | undefined>;
    const params = Object.fromEntries(
      route.segments.filter((s) => s.startsWith('[')).map((s) => [s.slice(1, -1), sampleId]),
    );
    const url = `http://localhost/api/${route.segments.map((s) => (s.startsWith('[') ? sampleId : s)).join('/')}`;
    const send = (method: string) =>
      routeModule[method]!(new Request(url, { method }), { params: Promise.resolve(params) });

    // A verb the file does not export would get Next.js's own empty 405.
    for (const verb of [...httpVerbs, 'OPTIONS']) expect(routeModule[verb], `${verb} exported`).toBeTypeOf('function');
    const options = await send('OPTIONS');
    expect(options.status).toBe(204);
    const allow = options.headers.get('allow')!.split(', ');
    expect(allow.at(-1)).toBe('OPTIONS');
    for (const verb of httpVerbs) {
      const response = await send(verb);
      if (allow.includes(verb)) {
        expect(response.status, `${verb} is served`).not.toBe(405);
        continue;
      }
      expect(response.status, `${verb} answers 405`).toBe(405);
      expect(response.headers.get('allow')).toBe(allow.join(', '));
      const body = await response.json();
      expect(body.errors[0]).toMatchObject({ code: 'request.method_not_allowed', type: 'invalid_request' });
      expect(body.meta).toMatchObject({ code: 405, reason: 'Method Not Allowed' });
    }
  });

  it('names the methods of GET /api/token and PATCH /api/agent/bookings', async () => {
    const token = await api.get('/token');
    expect(token.status).toBe(405);
    expect(token.headers.get('allow')).toBe('POST, OPTIONS');
    expect(token.body.meta.message).toBe('GET is not supported at /api/token; it accepts POST.');
    const bookings = await call('PATCH', '/agent/bookings', { body: {} });
    expect(bookings.status).toBe(405);
    expect(bookings.headers.get('allow')).toBe('POST, PUT, OPTIONS');
  });
});
