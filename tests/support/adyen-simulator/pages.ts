import type http from 'node:http';

/**
 * GET /threeds/:id and /bank/:id: the simulator's 3-D Secure and bank pages, for a browser or a manual
 * run. `?decision=pass|fail` redirects to the product's returnUrl with only `redirectResult` appended
 * (as sim.shopper() returns it); `abandon` leaves the shopper there.
 */
export function shopperPage(
  url: URL,
  res: http.ServerResponse,
  known: (id: string) => boolean,
  decide: (redirectUrl: string, decision: 'pass' | 'fail' | 'abandon') => string | null,
) {
  const decision = url.searchParams.get('decision');
  if (decision === 'pass' || decision === 'fail' || decision === 'abandon') {
    const back = decide(url.origin + url.pathname, decision);
    if (back) return void res.writeHead(302, { Location: back }).end();
    return void res.writeHead(200, { 'Content-Type': 'text/html' }).end('<p>Left the page.</p>');
  }
  if (!known(url.pathname.split('/').pop() ?? '')) return void res.writeHead(404).end('Not Found');
  const links = ['pass', 'fail', 'abandon'].map((d) => `<a href="?decision=${d}">${d}</a>`).join(' ');
  res
    .writeHead(200, { 'Content-Type': 'text/html' })
    .end(`<!doctype html><title>Adyen simulator</title><p>Simulated ${url.pathname.split('/')[1]} page: ${links}</p>`);
}
