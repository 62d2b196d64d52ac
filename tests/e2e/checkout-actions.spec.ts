import { expect, test } from './support/test';
import { createLink, fillCard, sandboxUrl } from './checkout-fixtures';
import { ORG_B, originA, setPortalDomains } from './group-portal-fixtures';
import { linkTransactions } from './journey-fixtures';

/*
 * The checkout's action wrapper in the browser (issue 16): on an organisation's
 * portal domain a form acts on its page's own link only (item 4), and a page
 * opened at another name of the sandbox's own address still pays, while any
 * other origin ends on a clear page that names the expected one (item 16).
 * Payments are read back through the API.
 */
const loopbackUrl = sandboxUrl.replace('//localhost:', '//127.0.0.1:');
// A payment and a few page loads each: more than the default 30 s on a loaded machine.
test.describe.configure({ timeout: 90_000 });

test.describe('checkout actions', () => {
  test("item 4: on organisation A's portal domain, the card form posting B's linkId is refused and nothing is paid", async ({
    page,
    request,
  }) => {
    await setPortalDomains(request);
    const linkA = await createLink(request);
    const linkB = await createLink(request, { organisation: ORG_B });
    // The attacker's edit: the pay post's body names B's link (the action's address stays A's page).
    let tampered = 0;
    await page.route(`${originA}/${linkA}`, async (route) => {
      const body = route.request().postDataBuffer()?.toString('latin1') ?? '';
      if (route.request().method() !== 'POST' || !body.includes('12/34')) return route.continue();
      tampered += 1;
      await route.continue({ postData: Buffer.from(body.split(linkA).join(linkB), 'latin1') });
    });
    await page.goto(`${originA}/${linkA}`);
    await fillCard(page, '4111 1111 1111 1111');
    await page.getByTestId('pay-button').click();
    await expect(page.getByTestId('error-summary')).toContainText(
      'This form does not belong to the page it was sent from, so nothing was done.',
    );
    expect(tampered).toBe(1);
    expect(page.url()).toBe(`${originA}/${linkA}`);
    expect(await linkTransactions(request, linkB)).toEqual([]);
    expect(await linkTransactions(request, linkA)).toEqual([]);

    // B's page itself is not served on A's domain (proxy.ts), so neither is its form.
    const response = await page.goto(`${originA}/${linkB}`);
    expect(response?.status()).toBe(404);
  });

  test('item 16: opened at 127.0.0.1 while PUBLIC_BASE_URL says localhost, the page pays (sandbox)', async ({
    page,
    request,
  }) => {
    const id = await createLink(request, { amount: 4321 });
    await page.goto(`${loopbackUrl}/${id}`);
    await fillCard(page, '4111 1111 1111 1111');
    await page.getByTestId('pay-button').click();
    await expect(page).toHaveURL(`${loopbackUrl}/${id}/success`);
    await expect(page.getByTestId('receipt-amount')).toHaveText('£43.21');
    expect((await linkTransactions(request, id)).map((t) => t.status)).toEqual(['COMPLETE']);
  });

  test('item 16: from any other origin a form ends on a clear page that names the expected origin, and nothing is paid', async ({
    page,
    request,
  }) => {
    const id = await createLink(request);
    const elsewhere = sandboxUrl.replace('//localhost:', '//checkout-elsewhere.localhost:');
    await page.goto(`${elsewhere}/fr/${id}`);
    // The page's first action (the card form asks the state table on load) is already refused: the refusal page, in French.
    await expect(page.getByTestId('form-refused')).toHaveAttribute('data-reason', 'origin');
    expect(page.url()).toBe(`${elsewhere}/fr/form-refused?reason=origin`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ce formulaire n’a pas pu être envoyé');
    await expect(page.getByTestId('form-refused-message')).toContainText(
      `Le service accepte les formulaires de ${sandboxUrl}`,
    );
    expect(await linkTransactions(request, id)).toEqual([]);

    // A form posted before any script runs gets the same page (a 303 from proxy.ts).
    const posted = await request.post(`${sandboxUrl}/${id}`, {
      headers: { Origin: elsewhere, Host: new URL(elsewhere).host },
      multipart: { linkId: id },
      maxRedirects: 0,
    });
    expect(posted.status()).toBe(303);
    expect(posted.headers().location).toBe('/form-refused?reason=origin');
  });
});
