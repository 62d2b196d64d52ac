import { brandStylesheet, brandTheme } from '@/lib/branding/brand-theme';

type Context = { params: Promise<{ file: string }> };

/**
 * `/brand/{rrggbb}.css`: an organisation's brand colour as CSS custom
 * properties. A stylesheet from our own origin rather than an inline style:
 * the CSP allows no style= attributes, and a nonce'd <style> would carry the
 * nonce of the request that rendered it, which a page reached by client-side
 * navigation (a server action's redirect) does not share. The path is the
 * whole input, so the answer is cached for ever; a colour that would break
 * contrast (lib/branding/brand-theme.ts) is a 404, as pages never link it.
 */
export async function GET(_request: Request, { params }: Context): Promise<Response> {
  const match = /^([0-9a-f]{6})\.css$/.exec((await params).file);
  const theme = match ? brandTheme(`#${match[1]}`) : null;
  if (!theme)
    return new Response('Not found\n', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' },
    });
  return new Response(brandStylesheet(theme), {
    headers: {
      'Content-Type': 'text/css; charset=utf-8',
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
