import type { APIRequestContext } from '@playwright/test';

/**
 * How many emails to `to` the sandbox mailbox at `server` lists now, read from the page's HTML in Node. For waiting
 * on the server's runner (a pass every RUNNER_INTERVAL_MS, 5 s by default) to send them: a poll that loaded the
 * mailbox in the browser every second or so cost a full page render and its scripts each time. The caller then opens
 * the mailbox once in the browser and checks it there, as before.
 */
export async function mailboxCount(request: APIRequestContext, server: string, to: string): Promise<number> {
  const response = await request.get(`${server}/sandbox/mailbox?to=${encodeURIComponent(to)}`);
  if (!response.ok()) return -1;
  return (await response.text()).split('data-testid="mailbox-email"').length - 1;
}

/** expect.poll's options for a wait on the runner: no faster than the page-based polls were (about once a second). */
export const runnerPoll = (timeout: number) => ({ timeout, intervals: [500, 1000] });
