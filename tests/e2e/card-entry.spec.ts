import { expect, test, type Browser, type Page } from './support/test';
import { availableTokens, createBooking, linkTransactions } from './card-fixtures';
import { createLink, fillCard, sandboxUrl } from './checkout-fixtures';
import { expectNoAxeViolations } from './support/axe';

/*
 * Card entry (issue 7, items 2 and 3), in Chromium against the sandbox server:
 * as soon as a card number is complete the page shows what the server's rules
 * make of the card, before any authorisation; the server enforces the same
 * rules again when the page's check is skipped; and however the customer
 * clicks, tabs or replays, one link is charged once.
 */
const cards = {
  visaGb: '4111 1111 1111 1111',
  amex: '3700 0000 0000 002',
  visaFr: '4035 5010 0000 0008',
  visaUs: '4400 0000 0000 0008',
  commercial: '5200 8300 0000 0007',
};

/** The form posted by the browser alone, no JavaScript: the page's card check never runs, only the server's rules. */
async function postWithoutPageCheck(browser: Browser, id: string, number: string) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${sandboxUrl}/${id}`);
  await fillCard(page, number);
  await page.getByTestId('pay-button').click();
  await page.waitForLoadState('load');
  const summary = await page.getByTestId('error-summary').textContent();
  await context.close();
  return summary;
}

async function expectOneRejected(request: Parameters<typeof linkTransactions>[0], id: string) {
  const attempts = await linkTransactions(request, id);
  expect(attempts.map((t) => [t.status, t.failure_reason])).toEqual([['REJECTED', 'card_excluded']]);
}

test.describe('card exclusions: shown before paying, refused by the server when forced', () => {
  const cases = [
    {
      name: 'AMEX by type',
      options: { excluded_card_types: ['AMEX'] },
      card: cards.amex,
      text: 'American Express cards are not accepted. You can pay by Visa or Mastercard.',
    },
    {
      name: 'DOMESTIC (a GB card, a GB organisation)',
      options: { excluded_card_regions: ['DOMESTIC'] },
      card: cards.visaGb,
      text: "Cards issued in the seller's country (United Kingdom) are not accepted. You can pay with cards issued elsewhere in the UK, the EEA or Switzerland or cards issued outside the UK, the EEA and Switzerland.",
    },
    {
      name: 'INTRA (the FR test card)',
      options: { excluded_card_regions: ['INTRA'] },
      card: cards.visaFr,
      text: 'Cards issued elsewhere in the UK, the EEA or Switzerland are not accepted.',
    },
    {
      name: 'INTER (the US test card)',
      options: { excluded_card_regions: ['INTER'] },
      card: cards.visaUs,
      text: 'Cards issued outside the UK, the EEA and Switzerland are not accepted.',
    },
  ];
  for (const { name, options, card, text } of cases) {
    test(`${name}: the page names what is and is not accepted, and a post is refused and recorded REJECTED`, async ({
      page,
      request,
      browser,
    }) => {
      const id = await createLink(request, options);
      await page.goto(`/${id}`);
      await page.getByLabel('Card number').fill(card);
      await expect(page.getByTestId('card-excluded')).toContainText(text);
      await expectNoAxeViolations(page, `excluded card (${name})`);
      // The page does not post a card it knows is refused: nothing is recorded.
      await page.getByTestId('pay-button').click();
      await expect(page.getByTestId('card-excluded')).toBeVisible();
      expect(await linkTransactions(request, id)).toEqual([]);
      // Without the page's check the server refuses it, before any authorisation, and says why in the page's words.
      expect(await postWithoutPageCheck(browser, id, card)).toContain(text);
      await expectOneRejected(request, id);
    });
  }

  test('"use another card" clears the refused card, and an accepted one then pays', async ({ page, request }) => {
    const id = await createLink(request, { excluded_card_types: ['AMEX'] });
    await page.goto(`/${id}`);
    await page.getByLabel('Card number').fill(cards.amex);
    await page.getByRole('button', { name: 'Use another card' }).click();
    await expect(page.getByLabel('Card number')).toHaveValue('');
    await expect(page.getByTestId('card-excluded')).toHaveCount(0);
    await fillCard(page, cards.visaGb);
    await expect(page.getByTestId('card-summary')).toHaveText(
      'Visa credit card ending 1111 (issuing country: United Kingdom)',
    );
    await page.getByTestId('pay-button').click();
    await expect(page).toHaveURL(`${sandboxUrl}/${id}/success`);
  });

  test('in French the refusal is French, built from the rules, not the server sentence', async ({ page, request }) => {
    const id = await createLink(request, { excluded_card_types: ['AMEX'] });
    await page.goto(`/fr/${id}`);
    await page.getByLabel('Numéro de carte').fill(cards.amex);
    await expect(page.getByTestId('card-excluded')).toContainText(
      'Les cartes American Express ne sont pas acceptées. Vous pouvez payer par Visa ou Mastercard.',
    );
  });
});

test.describe('surcharges: shown with the new total before paying; switching away drops them', () => {
  test('a commercial card: 1.5%, confirmed, recorded on the transaction', async ({ page, request }) => {
    const id = await createLink(request, { surcharging_enabled: true });
    await page.goto(`/${id}`);
    await fillCard(page, cards.commercial);
    await expect(page.getByTestId('surcharge')).toContainText(
      'Business (commercial) cards carry a surcharge of £1.50 on this payment.',
    );
    await expect(page.getByTestId('surcharge-total')).toHaveText('New total: £101.50');
    await expectNoAxeViolations(page, 'surcharge shown');
    await page.getByRole('button', { name: 'Confirm and pay £101.50' }).click();
    await expect(page).toHaveURL(`${sandboxUrl}/${id}/success`);
    const [paid] = await linkTransactions(request, id);
    expect([paid.status, paid.amount, paid.surcharge]).toEqual(['COMPLETE', 10150, 150]);
  });

  test('an international card: 2.5%; switching to another card removes it', async ({ page, request }) => {
    const id = await createLink(request, { surcharging_enabled: true });
    await page.goto(`/${id}`);
    await fillCard(page, cards.visaUs);
    await expect(page.getByTestId('surcharge')).toContainText(
      'Cards issued outside the UK and the EEA carry a surcharge of £2.50 on this payment.',
    );
    await expect(page.getByTestId('pay-button')).toHaveText('Confirm and pay £102.50');
    await page.getByTestId('surcharge').getByRole('button', { name: 'Use another card' }).click();
    await expect(page.getByTestId('surcharge')).toHaveCount(0);
    await page.getByLabel('Card number').fill(cards.visaGb);
    await expect(page.getByTestId('card-summary')).toContainText('ending 1111');
    await expect(page.getByTestId('surcharge')).toHaveCount(0);
    await page.getByRole('button', { name: 'Pay £100.00' }).click();
    await expect(page).toHaveURL(`${sandboxUrl}/${id}/success`);
    const [paid] = await linkTransactions(request, id);
    expect([paid.amount, paid.surcharge, paid.card_last_four]).toEqual([10000, 0, '1111']);
  });

  test('a surcharged card, then open banking instead: no surcharge', async ({ page, request }) => {
    const id = await createLink(request, { surcharging_enabled: true, open_banking_enabled: true });
    await page.goto(`/${id}`);
    await fillCard(page, cards.commercial);
    await expect(page.getByTestId('surcharge')).toContainText('Paying by bank carries no surcharge.');
    await page.getByTestId('surcharge').getByRole('link', { name: 'Pay by bank instead' }).click();
    await expect(page).toHaveURL(/#bank-heading$/);
    await page.getByRole('button', { name: 'Continue to your bank' }).click();
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page).toHaveURL(`${sandboxUrl}/${id}/success`);
    const [paid] = await linkTransactions(request, id);
    expect([paid.type, paid.amount, paid.surcharge]).toEqual(['OPEN_BANKING', 10000, 0]);
  });
});

test.describe('DCC: rate, mark-up and both amounts shown; the choice is recorded', () => {
  for (const choice of ['card', 'link'] as const) {
    test(`the customer pays in the ${choice === 'card' ? "card's currency (EUR)" : "link's currency (GBP)"}`, async ({
      page,
      request,
    }) => {
      const id = await createLink(request, { dcc_enabled: true });
      await page.goto(`/${id}`);
      await fillCard(page, cards.visaFr);
      const dcc = page.getByTestId('dcc');
      await expect(dcc.getByLabel('Pay £100.00 in GBP')).toBeChecked();
      await expect(dcc.getByLabel('Pay €120.51 in EUR')).not.toBeChecked();
      await expect(page.getByTestId('dcc-rate')).toHaveText(
        'Our rate: 1 GBP = 1.2051 EUR, including a mark-up of 3% on the wholesale rate.',
      );
      await expectNoAxeViolations(page, 'DCC choice');
      if (choice === 'card') await dcc.getByLabel('Pay €120.51 in EUR').check();
      await page.getByTestId('pay-button').click();
      await expect(page).toHaveURL(`${sandboxUrl}/${id}/success`);
      const [paid] = await linkTransactions(request, id);
      expect(paid.dcc).toMatchObject({
        offered: true,
        accepted: choice === 'card',
        card_currency: 'EUX',
        rate: 1.2051,
        markup_bps: 300,
        converted_amount: 12051,
      });
    });
  }
});

test('pre-authorisation: the page says the total is held, not taken; the transaction is PENDING', async ({
  page,
  request,
}) => {
  const id = await createLink(request, { authorisation_only: true });
  await page.goto(`/${id}`);
  await fillCard(page, cards.visaGb);
  await expect(page.getByTestId('held-notice')).toHaveText(
    '£100.00 will be held on your card, not taken, until your booking is confirmed.',
  );
  await expectNoAxeViolations(page, 'hold notice');
  await page.getByTestId('pay-button').click();
  await expect(page).toHaveURL(`${sandboxUrl}/${id}/success`);
  const [held] = await linkTransactions(request, id);
  expect(held.status).toBe('PENDING');
});

test.describe('store card: unticked by default, hidden, forced; a saved card is in available-tokens', () => {
  async function pay(page: Page, id: string, tick: boolean) {
    await page.goto(`/${id}`);
    await fillCard(page, cards.visaGb);
    await expect(page.getByTestId('card-summary')).toBeVisible();
    if (tick) await page.getByLabel('Save this card for future payments on this booking').check();
    await page.getByTestId('pay-button').click();
    await expect(page).toHaveURL(`${sandboxUrl}/${id}/success`);
  }

  test('the choice, unticked: nothing saved; ticked: the card is saved on the booking', async ({ page, request }) => {
    const booking = await createBooking(request);
    const first = await createLink(request, { booking_id: booking });
    await page.goto(`/${first}`);
    await expect(page.getByLabel('Save this card for future payments on this booking')).not.toBeChecked();
    await expectNoAxeViolations(page, 'store-card choice');
    await pay(page, first, false);
    expect(await availableTokens(request, booking)).toEqual([]);
    const second = await createLink(request, { booking_id: booking });
    await pay(page, second, true);
    expect(await availableTokens(request, booking)).toEqual([
      expect.objectContaining({ card_brand: 'VISA', last_four: '1111' }),
    ]);
  });

  test('hide_store_card: no checkbox, nothing saved', async ({ page, request }) => {
    const booking = await createBooking(request);
    const id = await createLink(request, { booking_id: booking, hide_store_card: true });
    await page.goto(`/${id}`);
    await expect(page.getByTestId('card-form')).toBeVisible();
    await expect(page.getByTestId('store-card')).toHaveCount(0);
    await pay(page, id, false);
    expect(await availableTokens(request, booking)).toEqual([]);
  });

  test('store_card_forced: no checkbox, a sentence, and the card is saved', async ({ page, request }) => {
    const booking = await createBooking(request);
    const id = await createLink(request, { booking_id: booking, store_card_forced: true });
    await page.goto(`/${id}`);
    await expect(page.getByTestId('store-card')).toHaveCount(0);
    await expect(page.getByTestId('store-card-forced')).toHaveText(
      'This card will be saved for future payments on this booking.',
    );
    await pay(page, id, false);
    expect(await availableTokens(request, booking)).toEqual([expect.objectContaining({ last_four: '1111' })]);
  });
});

test.describe('exactly once', () => {
  test('a double click pays once', async ({ page, request }) => {
    const id = await createLink(request);
    await page.goto(`/${id}`);
    await fillCard(page, cards.visaGb);
    await expect(page.getByTestId('card-summary')).toBeVisible();
    await page.getByTestId('pay-button').dblclick();
    await expect(page).toHaveURL(`${sandboxUrl}/${id}/success`);
    expect((await linkTransactions(request, id)).map((t) => t.status)).toEqual(['COMPLETE']);
  });

  test('a second tab typing a card after the first paid is sent to the one outcome', async ({ browser, request }) => {
    const id = await createLink(request);
    const context = await browser.newContext();
    const [first, second] = [await context.newPage(), await context.newPage()];
    for (const tab of [first, second]) await tab.goto(`${sandboxUrl}/${id}`);
    await fillCard(first, cards.visaGb);
    await first.getByTestId('pay-button').click();
    await expect(first).toHaveURL(`${sandboxUrl}/${id}/success`);
    // The second tab's card check finds the link paid, and the page shows it.
    await second.getByLabel('Card number').fill(cards.visaGb);
    await expect(second.getByTestId('paid-title')).toBeVisible();
    expect((await linkTransactions(request, id)).map((t) => t.status)).toEqual(['COMPLETE']);
    await context.close();
  });

  test('a replayed pay action and the back button after paying show the payment, never a second charge', async ({
    page,
    request,
  }) => {
    const id = await createLink(request);
    await page.goto(`/${id}`);
    await fillCard(page, cards.visaGb);
    await expect(page.getByTestId('card-summary')).toBeVisible();
    const posted = page.waitForRequest(
      (r) => r.method() === 'POST' && r.url().endsWith(`/${id}`) && (r.postData() ?? '').includes('4111'),
    );
    await page.getByTestId('pay-button').click();
    const original = await posted;
    await expect(page).toHaveURL(`${sandboxUrl}/${id}/success`);
    // The same server action, byte for byte, with its own headers (Origin, Next-Action).
    const replay = await page.request.fetch(original.url(), {
      method: 'POST',
      headers: await original.allHeaders(),
      data: original.postDataBuffer()!,
      maxRedirects: 0,
    });
    expect(replay.status()).toBeLessThan(500);
    await page.goBack();
    await expect(page.getByTestId('card-form')).toHaveCount(0);
    await page.goto(`/${id}`);
    await expect(page.getByTestId('paid-title')).toBeVisible();
    expect((await linkTransactions(request, id)).map((t) => t.status)).toEqual(['COMPLETE']);
  });
});

test('the card check sends the BIN and last four only, never the number', async ({ page, request }) => {
  const id = await createLink(request);
  await page.goto(`/${id}`);
  const bodies: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST') bodies.push(r.postData() ?? '');
  });
  await page.getByLabel('Card number').fill(cards.visaFr);
  await expect(page.getByTestId('card-summary')).toHaveText('Visa debit card ending 0008 (issuing country: France)');
  expect(bodies.length).toBeGreaterThan(0);
  for (const body of bodies) {
    expect(body).not.toContain('4035501000000008');
    expect(body).not.toContain('4035 5010 0000 0008');
  }
  expect(bodies.join()).toContain('40355010');
});

// The check's answer fills a place kept for it (.card-facts, .card-status in globals.css): a click on Pay while it
// arrives lands on the button, on a phone too (a summary of two lines).
test.describe('the card check does not move the Pay button', () => {
  for (const width of [320, 1280]) {
    test(`at ${width} px wide`, async ({ page, request }) => {
      await page.setViewportSize({ width, height: 900 });
      const id = await createLink(request);
      await page.goto(`${sandboxUrl}/${id}`);
      const pay = page.getByTestId('pay-button');
      // Where the button is on the page, not in the window: typing scrolls the page when the form is below the fold.
      const onPage = () =>
        pay.evaluate((button) => {
          const box = button.getBoundingClientRect();
          return { x: box.left + window.scrollX, y: box.top + window.scrollY, width: box.width, height: box.height };
        });
      const before = await onPage();
      await fillCard(page, cards.visaGb);
      await expect(page.getByTestId('card-summary')).toHaveText(
        'Visa credit card ending 1111 (issuing country: United Kingdom)',
      );
      expect(await onPage()).toEqual(before);
    });
  }
});
