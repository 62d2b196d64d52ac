import fs from 'node:fs';
import path from 'node:path';

/**
 * Calls the real route handlers of app/api in-process, resolving a path the way
 * Next.js does (static segment, then [param], then [...catchAll]), so contract
 * tests exercise exactly the code that serves HTTP without starting a server.
 */
type RouteFile = { segments: string[]; file: string };
type Handler = (request: Request, context: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

const apiRoot = path.resolve(__dirname, '../../../app/api');
const routes: RouteFile[] = collectRoutes(apiRoot, []);

function collectRoutes(dir: string, segments: string[]): RouteFile[] {
  const found: RouteFile[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) found.push(...collectRoutes(path.join(dir, entry.name), [...segments, entry.name]));
    else if (entry.name === 'route.ts') found.push({ segments, file: path.join(dir, entry.name) });
  }
  return found;
}

function matchRoute(pathname: string): { file: string; params: Record<string, string | string[]> } {
  const parts = pathname.split('/').filter(Boolean);
  const score = (segment: string) => (segment.startsWith('[...') ? 2 : segment.startsWith('[') ? 1 : 0);
  const candidates = routes
    .map((route) => ({ route, params: matchSegments(route.segments, parts) }))
    .filter((c): c is { route: RouteFile; params: Record<string, string | string[]> } => c.params !== null)
    .sort((a, b) => a.route.segments.map(score).join('').localeCompare(b.route.segments.map(score).join('')));
  if (!candidates[0]) throw new Error(`no route for ${pathname}`);
  return { file: candidates[0].route.file, params: candidates[0].params };
}

function matchSegments(segments: string[], parts: string[]): Record<string, string | string[]> | null {
  const params: Record<string, string | string[]> = {};
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    if (segment.startsWith('[...')) {
      if (i >= parts.length) return null;
      params[segment.slice(4, -1)] = parts.slice(i);
      return params;
    }
    const part = parts[i];
    if (part === undefined) return null;
    if (segment.startsWith('[')) params[segment.slice(1, -1)] = decodeURIComponent(part);
    else if (segment !== part) return null;
  }
  return parts.length === segments.length ? params : null;
}

export type ApiResponse<T = any> = { status: number; body: T; text: string; headers: Headers };
export type CallOptions = { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> };

export async function call<T = any>(
  method: string,
  pathname: string,
  options: CallOptions = {},
): Promise<ApiResponse<T>> {
  const { file, params } = matchRoute(pathname);
  const routeModule = (await import(file)) as Record<string, Handler | undefined>;
  const handler = routeModule[method];
  if (!handler) throw new Error(`${method} is not exported by ${file}`);
  const headers: Record<string, string> = { 'content-type': 'application/json', ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const request = new Request(`http://localhost/api${pathname}`, { method, headers, body });
  const response = await handler(request, { params: Promise.resolve(params) });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // CSV and other non-JSON answers stay as text.
  }
  return { status: response.status, body: parsed as T, text, headers: response.headers };
}

/** Shorthands in the interface's verbs. */
export const api = {
  get: <T = any>(p: string, o?: CallOptions) => call<T>('GET', p, o),
  post: <T = any>(p: string, body?: unknown, o?: CallOptions) => call<T>('POST', p, { ...o, body }),
  put: <T = any>(p: string, body?: unknown, o?: CallOptions) => call<T>('PUT', p, { ...o, body }),
  delete: <T = any>(p: string, o?: CallOptions) => call<T>('DELETE', p, o),
};
