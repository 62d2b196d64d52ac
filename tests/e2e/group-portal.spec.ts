import { expect, test, type Page, type Request } from './support/test';
import { sandboxUrl } from './checkout-fixtures';
import {
  createGroup,
  DOMAIN_A,
  getGroup,
  getOnHost,
  DOMAIN_B,
  originA,
  originB,
  setPortalDomains,
  uniqueEmail,
  type CreatedGroup,
} from './group-portal-fixtures';
import { expectNoAxeViolations } from './support/axe';

/*
 * The leader portal on a custom portal domain (product.md sections 7 and 9):
 * the leader enters through portal_url, manages members and the schedule,
 * sends and copies links; locks and forged actions change nothing (checked
 * through the API); another organisation's domain, or a spoofed Host, is a 404.
 */

test.beforeEach(async ({ request }) => setPortalDomains(request));
// Several page loads, posts and axe runs each: more than the default 30 s on a loaded machine.
test.describe.configure({ timeout: 90_000 });

/** Opens portal_url as the leader would and checks the token left the address bar. */
async function enter(page: Page, group: CreatedGroup) {
  expect(group.portal_url).toMatch(new RegExp(`^${originA.replace(/\./g, '\\.')}/groups/${group.id}\\?token=`));
  await page.goto(group.portal_url);
  await expect(page.getByTestId('portal')).toBeVisible();
  expect(page.url()).toBe(`${originA}/groups/${group.id}`);
}

const member = (page: Page, name: string) =>
  page.getByTestId('portal-member').filter({ has: page.getByTestId('member-name').getByText(name, { exact: true }) });

/** The next server-action POST the page sends (to replay it later). */
const nextAction = (page: Page) =>
  page.waitForRequest((r) => r.method() === 'POST' && Boolean(r.headers()['next-action']));

/** Replays a captured action POST, with its body's group id swapped and/or without the session cookie. */
async function replay(
  page: Page,
  original: Request,
  options: { swap?: [string, string][]; withoutCookie?: boolean } = {},
) {
  const headers = await original.allHeaders();
  if (options.withoutCookie) delete headers.cookie;
  let body = original.postDataBuffer()!.toString('latin1');
  // Ids are 36 characters either way, so the multipart body stays well formed.
  for (const [from, to] of options.swap ?? []) body = body.split(from).join(to);
  // Node cannot resolve *.localhost: the server's own address, with the captured Host (the portal domain).
  const url = new URL(original.url());
  const response = await page.request.fetch(`${sandboxUrl}${url.pathname}${url.search}`, {
    method: 'POST',
    headers,
    data: Buffer.from(body, 'latin1'),
    maxRedirects: 0,
  });
  // The action answers with a redirect to the page and its result code.
  return response.headers()['x-action-redirect'] ?? response.headers().location ?? '';
}

test.describe('leader portal on a custom portal domain', () => {
  test('the token becomes a __Host- session cookie and leaves the address bar; without it the page only says how to get in', async ({
    page,
    request,
    context,
  }) => {
    const group = await createGroup(request);
    await page.goto(`${originA}/groups/${group.id}`);
    await expect(page.getByTestId('portal-signed-out')).toBeVisible();
    await expect(page.getByTestId('portal-member')).toHaveCount(0);
    await expectNoAxeViolations(page, 'portal: signed out');

    // A wrong token opens nothing, and leaves the address bar too.
    await page.goto(`${originA}/groups/${group.id}?token=not-the-token`);
    expect(page.url()).toBe(`${originA}/groups/${group.id}`);
    await expect(page.getByTestId('portal-signed-out')).toBeVisible();

    const entry = await getOnHost(
      request,
      DOMAIN_A,
      new URL(group.portal_url).pathname + new URL(group.portal_url).search,
    );
    expect(entry.status()).toBe(303);
    expect(entry.headers().location).toBe(`/groups/${group.id}`);

    await enter(page, group);
    const [cookie] = (await context.cookies(originA)).filter((c) => c.name.startsWith('__Host-'));
    expect(cookie).toMatchObject({
      name: '__Host-group-portal',
      domain: DOMAIN_A,
      path: '/',
      httpOnly: true,
      secure: true,
      sameSite: 'Lax',
    });
    // Host-only: the main host and the other portal domain never get it.
    expect((await context.cookies(sandboxUrl)).some((c) => c.name === '__Host-group-portal')).toBe(false);
    expect((await context.cookies(originB)).some((c) => c.name === '__Host-group-portal')).toBe(false);

    await expect(page.getByTestId('portal-member')).toHaveCount(2);
    await expect(member(page, 'Ada Member').getByTestId('member-status')).toHaveText('Outstanding');
    await expect(member(page, 'Ada Member').getByTestId('member-remaining')).toHaveText('£300.00');
    await expect(page.getByTestId('total-amount')).toHaveText('£600.00');
    await expect(page.getByTestId('schedule-row')).toHaveCount(2);
    await expectNoAxeViolations(page, 'portal: open');
  });

  test('the leader adds and removes a member and changes the schedule; the API shows each change', async ({
    page,
    request,
  }) => {
    const group = await createGroup(request);
    await enter(page, group);
    const email = uniqueEmail('cy');
    const form = page.getByTestId('add-member-form');
    await form.getByLabel('Name').fill('Cy Member');
    await form.getByLabel('Email (optional)').fill(email);
    await form.getByLabel('Amount in GBP').fill('200');
    await page.getByTestId('add-member').click();
    await expect(page.getByTestId('portal-result')).toHaveAttribute('data-result', 'member_added');
    await expect(member(page, 'Cy Member').getByTestId('member-amount')).toHaveText('£200.00');
    expect((await getGroup(request, group.id)).members.map((m) => m.customer_name)).toEqual([
      'Ada Member',
      'Bo Member',
      'Cy Member',
    ]);

    // Remove asks first (issue 17 item 11: portal-glance.spec.ts), then removes.
    await member(page, 'Bo Member').getByTestId('remove-member').click();
    await page.getByTestId('confirm-remove-button').click();
    await expect(page.getByTestId('portal-result')).toHaveAttribute('data-result', 'member_removed');
    await expect(member(page, 'Bo Member')).toHaveCount(0);
    expect((await getGroup(request, group.id)).members.map((m) => m.customer_name)).toEqual([
      'Ada Member',
      'Cy Member',
    ]);

    // Three instalments instead of two (members owe different amounts: the schedule is a set of weights).
    await page.getByTestId('schedule-amount-1').fill('100');
    await page.getByTestId('schedule-amount-2').fill('100');
    await page.getByTestId('schedule-due-3').fill(new Date(Date.now() + 460 * 86_400_000).toISOString().slice(0, 10));
    await page.getByTestId('schedule-amount-3').fill('100');
    await page.getByTestId('save-schedule').click();
    await expect(page.getByTestId('portal-result')).toHaveAttribute('data-result', 'schedule_saved');
    await expect(page.getByTestId('schedule-row')).toHaveCount(3);
    expect((await getGroup(request, group.id)).installments.map((i) => i.amount)).toEqual([10000, 10000, 10000]);

    // A schedule the core refuses (dates out of order) changes nothing, and says why.
    await page.getByTestId('schedule-due-1').fill(new Date(Date.now() + 500 * 86_400_000).toISOString().slice(0, 10));
    await page.getByTestId('save-schedule').click();
    await expect(page.getByTestId('portal-result')).toHaveAttribute('data-result', 'due_dates_not_ascending');
    await expect(page.getByTestId('portal-result')).toHaveAttribute('role', 'alert');
    expect((await getGroup(request, group.id)).installments).toHaveLength(3);
  });

  test('locks: the page offers no change, and forged or replayed actions change nothing', async ({ page, request }) => {
    const open = await createGroup(request);
    const locked = await createGroup(request, { members_locked: true, installments_locked: true });
    const other = await createGroup(request);
    await enter(page, locked);
    await expect(page.getByTestId('members-locked')).toBeVisible();
    await expect(page.getByTestId('schedule-locked')).toBeVisible();
    await expect(page.getByTestId('add-member-form')).toHaveCount(0);
    await expect(page.getByTestId('remove-member')).toHaveCount(0);
    await expect(page.getByTestId('schedule-form')).toHaveCount(0);

    // Capture a real add-member and remove-member post on the open group...
    await enter(page, open);
    await page.getByTestId('add-member-form').getByLabel('Name').fill('Dee Member');
    await page.getByTestId('add-member-form').getByLabel('Amount in GBP').fill('50');
    const addPost = nextAction(page);
    await page.getByTestId('add-member').click();
    const add = await addPost;
    await expect(page.getByTestId('portal-result')).toHaveAttribute('data-result', 'member_added');
    await member(page, 'Ada Member').getByTestId('remove-member').click();
    const removePost = nextAction(page);
    await page.getByTestId('confirm-remove-button').click();
    const remove = await removePost;
    await expect(page.getByTestId('portal-result')).toHaveAttribute('data-result', 'member_removed');

    const before = {
      locked: await getGroup(request, locked.id),
      other: await getGroup(request, other.id),
      open: await getGroup(request, open.id),
    };
    const [openAda, openBo] = open.members;
    const lockedAda = locked.members[0]!;
    // ...and replay them against the locked group (whose session this browser holds): refused by the locks.
    expect(await replay(page, add, { swap: [[open.id, locked.id]] })).toContain('result=members_locked');
    expect(
      await replay(page, remove, {
        swap: [
          [open.id, locked.id],
          [openAda!.id, lockedAda.id],
        ],
      }),
    ).toContain('result=members_locked');
    // Against a group whose portal this browser never entered: refused for want of its session.
    expect(await replay(page, add, { swap: [[open.id, other.id]] })).toContain('result=signed_out');
    expect(
      await replay(page, remove, {
        swap: [
          [open.id, other.id],
          [openAda!.id, other.members[0]!.id],
        ],
      }),
    ).toContain('result=signed_out');
    // On the open group itself, without the cookie: refused.
    expect(await replay(page, add, { withoutCookie: true })).toContain('result=signed_out');
    expect(await replay(page, remove, { withoutCookie: true, swap: [[openAda!.id, openBo!.id]] })).toContain(
      'result=signed_out',
    );

    expect(await getGroup(request, locked.id)).toEqual(before.locked);
    expect(await getGroup(request, other.id)).toEqual(before.other);
    expect(await getGroup(request, open.id)).toEqual(before.open);
    // The page words the refusal the action answered with.
    await page.goto(`${originA}/groups/${locked.id}?result=members_locked`);
    await expect(page.getByTestId('portal-result')).toHaveText(
      'Nothing was changed: the organiser has locked the member list.',
    );
  });

  test('the leader sends links to all and to one (seen in the sandbox mailbox) and copies a link', async ({
    page,
    request,
    context,
  }) => {
    const group = await createGroup(request);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: originA });
    await enter(page, group);
    const [ada, bo] = group.members;

    await member(page, 'Bo Member').getByTestId('send-link').click();
    await expect(page.getByTestId('portal-result')).toHaveText('The link was sent to Bo Member.');
    await page.getByTestId('send-all').click();
    await expect(page.getByTestId('portal-result')).toHaveText('Links were sent to 2 members.');

    const link = await member(page, 'Ada Member').getByTestId('member-link').textContent();
    expect(link).toMatch(new RegExp(`^${originA.replace(/\./g, '\\.')}/[0-9a-f-]{36}$`));
    await member(page, 'Ada Member').getByTestId('copy-link').click();
    await expect(page.getByTestId('copy-status')).toHaveText('Link copied.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    // The emails, on the main host's sandbox mailbox: Bo got two, Ada one, each with the member's link on the portal domain.
    await page.goto(`${sandboxUrl}/sandbox/mailbox?to=${encodeURIComponent(bo!.email!)}`);
    await expect(page.getByTestId('mailbox-email')).toHaveCount(2);
    await page.goto(`${sandboxUrl}/sandbox/mailbox?to=${encodeURIComponent(ada!.email!)}`);
    await expect(page.getByTestId('mailbox-email')).toHaveCount(1);
    await expect(page.getByTestId('mailbox-text')).toContainText(link!);
  });

  test("a portal is a 404 on another organisation's domain and under a spoofed Host; the portal domain serves nothing else", async ({
    page,
    request,
  }) => {
    const group = await createGroup(request);
    const response = await page.goto(`${originB}/groups/${group.id}`);
    expect(response?.status()).toBe(404);
    const portalPath = new URL(group.portal_url).pathname + new URL(group.portal_url).search;
    expect((await getOnHost(request, DOMAIN_B, portalPath)).status()).toBe(404);
    // The Host header decides, whatever X-Forwarded-Host says.
    expect(
      (
        await getOnHost(request, DOMAIN_B, `/groups/${group.id}`, {
          'X-Forwarded-Host': `${DOMAIN_A}:${new URL(sandboxUrl).port}`,
        })
      ).status(),
    ).toBe(404);
    expect((await getOnHost(request, DOMAIN_A, `/groups/${group.id}`)).status()).toBe(200);
    // The API, the sandbox and the home page stay on the main host.
    for (const path of ['/api/enums', '/sandbox/mailbox', '/'])
      expect((await getOnHost(request, DOMAIN_A, path)).status(), path).toBe(404);
    expect((await request.get(`${sandboxUrl}/api/enums`)).status()).toBe(200);
    // Apple Pay's domain association file goes through to its route on a verified portal domain (Apple fetches it
    // from each domain that shows the button), as on the main host: the sandbox configures no file, so the route's
    // plain-text 404 on both, never the portal domain's 404 document. production-wallets.spec.ts reads the file
    // itself on the main host; a production portal domain needs real DNS.
    const association = '/.well-known/apple-developer-merchantid-domain-association';
    const [onMain, onPortal] = [
      await request.get(`${sandboxUrl}${association}`),
      await getOnHost(request, DOMAIN_A, association),
    ];
    expect(onMain.headers()['content-type']).toBe('text/plain; charset=utf-8');
    expect([onPortal.status(), onPortal.headers()['content-type'], await onPortal.text()]).toEqual([
      onMain.status(),
      onMain.headers()['content-type'],
      await onMain.text(),
    ]);
    await page.goto(`${originB}/groups/${group.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, 'portal domain: 404');
  });

  test('mobile first, keyboard only, and Arabic right to left', async ({ page, request }) => {
    const group = await createGroup(request);
    await page.setViewportSize({ width: 320, height: 800 });
    await enter(page, group);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    // Keyboard only: tab to the add-member form, type, submit with Enter.
    for (let i = 0; i < 60 && (await page.evaluate(() => document.activeElement?.id)) !== 'member-name'; i++)
      await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('member-name');
    await page.keyboard.type('Kay Board');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.type('75.50');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('portal-result')).toHaveAttribute('data-result', 'member_added');
    await expect(member(page, 'Kay Board').getByTestId('member-amount')).toHaveText('£75.50');

    await page.goto(`${originA}/ar/groups/${group.id}`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('portal-member')).toHaveCount(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await expectNoAxeViolations(page, 'portal: Arabic at 320 px');
  });
});
