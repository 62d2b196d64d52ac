/** Next.js calls this once per server process before it serves requests. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  // Next.js logs what a page or an action throws by itself: a database error's parameters must not reach that log either.
  const { guardConsole } = await import('./lib/http/console-guard');
  guardConsole();
  const { startService } = await import('./lib/startup');
  await startService();
}
