import { expect, test, type Page } from '@playwright/test';
import type { SubscriptionOverview, SubscriptionPlan } from '@tradelist/contract/billing';
import type { LatestCollectionResponse } from '@tradelist/contract/catalog';
import { formatDayOf } from '../../apps/web/src/lib/format.ts';
import { createActivatedUser, signInThroughApi, uniqueEmail } from '../support/accounts.ts';
import { callHeaders, subscribeThroughApi } from '../support/billing.ts';
import { expectToast } from '../support/toasts.ts';
import { DEFAULT_STRIPE_SECRET_KEY } from '@tradelist/simulators/stripe';

// The buying path of product §2.9–§2.11 against the real server and the Stripe simulator's hosted
// checkout and billing portal (globalSetup points the server at it).

const stripeUrl = process.env.E2E_STRIPE_URL ?? '';
const password = 'subscriptions-e2e-2024';

/** A new account, activated and signed in: a free user with no subscription. */
async function signInNewUser(page: Page, label: string): Promise<string> {
  const account = { name: 'Pat Buyer', email: uniqueEmail(label), password };
  await createActivatedUser(page.request, account);
  await signInThroughApi(page, account);
  return account.email;
}

async function subscriptionOf(page: Page, email: string): Promise<SubscriptionOverview> {
  const response = await page.request.get('/api/subscription/', { headers: { 'x-user-email': email } });
  expect(response.status()).toBe(200);
  return (await response.json()) as SubscriptionOverview;
}

const storedFlag = (page: Page, key: 'status' | 'status2') => page.evaluate((name) => localStorage.getItem(name), key);
const dataLayerEvents = (page: Page) =>
  page.evaluate(() => ((window as { dataLayer?: Array<{ event?: string }> }).dataLayer ?? []).map((entry) => entry.event ?? null));

test('a free user subscribes with auto-renew on, pays on the checkout page, and downloads the paid list', async ({ page }) => {
  const email = await signInNewUser(page, 'buyer');
  await page.goto('/dashboard/subscriptions');

  // The plans, priced as on the landing page; auto-renew is on by default (product §9).
  const annual = page.getByRole('article', { name: 'Annual plan' });
  await expect(annual).toContainText('$35/month');
  await expect(annual).toContainText('Normally $50/month');
  await expect(annual).toContainText('$420 billed annually, renews until you cancel');
  await expect(annual).toContainText('Up to 120 price-list downloads a year; each edition counts once, in any format or layout');
  const demo = page.getByRole('article', { name: 'Wire & Conduit Demo' });
  await expect(demo).toContainText('$0');
  await expect(demo.getByRole('link', { name: 'Open the free demo' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Auto-renew' })).toBeChecked();
  await expect(page.getByText('On: your plan renews every year on the same date. You can cancel anytime.')).toBeVisible();
  // product §2.9: the opening is pushed once.
  await expect.poll(() => dataLayerEvents(page)).toEqual(['subscription_start']);

  // The confirmation is held until the processing message has been seen, then let through.
  let releaseConfirm!: () => void;
  const confirmHeld = new Promise<void>((resolve) => (releaseConfirm = resolve));
  await page.route('**/api/confirm-checkout-session/', async (route) => {
    await confirmHeld;
    await route.continue();
  });

  await annual.getByRole('button', { name: 'Subscribe' }).click();
  await page.waitForURL(`${stripeUrl}/checkout/**`);
  await expect(page.getByRole('heading', { name: 'Subscribe' })).toBeVisible();
  await expect(page.getByText('$420.00').first()).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Subscribe' }).click();

  await page.waitForURL(/\/dashboard\/subscriptions\/success\?session_id=cs_/);
  await expect(page.getByText('Processing your payment information...')).toBeVisible();
  releaseConfirm();

  await expect(page).toHaveURL(/\/dashboard\/subscription-success$/);
  await expect(page.getByRole('heading', { name: 'Subscription Successful!' })).toBeVisible();
  await expect(page).toHaveTitle('Subscription Successful! | Tradelist');
  await expectToast(page, 'Your subscription was processed successfully!');
  await expect.poll(() => dataLayerEvents(page)).toContain('subscribe');
  expect(await storedFlag(page, 'status')).toBe('true');
  expect(await storedFlag(page, 'status2')).toBe('true');
  await expect(page.getByRole('link', { name: 'Get Started by Setting Your Price Markups' })).toHaveAttribute('href', '/dashboard/userfactor');
  expect((await subscriptionOf(page, email)).subscription).toMatchObject({ plan_name: 'Annual plan', status: 'active', renews: true });

  await page.getByRole('link', { name: 'Browse Catalogs' }).click();
  await expect(page).toHaveURL(/\/dashboard\/catalog$/);
  const latest = (await (await page.request.get('/api/latest-collection/ALL/', { headers: { 'x-user-email': email } })).json()) as LatestCollectionResponse;
  const electrical = latest.latest_collection.find((collection) => collection.category_name === 'Electrical');
  expect(electrical).toBeDefined();
  const card = page.getByRole('article', { name: electrical!.name });
  await card.getByRole('button', { name: 'Download CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download price list' });
  await expect(dialog).toContainText('Have you added your desired markup configurations before downloading?');
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Yes' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.csv$/);
  await expectToast(page, 'Successfully downloaded pricelist');
});

test('a declined card stays on the checkout page; going back leaves the user free', async ({ page }) => {
  const email = await signInNewUser(page, 'declined');
  await page.goto('/dashboard/subscriptions');
  await page.getByRole('article', { name: 'Annual plan' }).getByRole('button', { name: 'Subscribe' }).click();
  await page.waitForURL(`${stripeUrl}/checkout/**`);
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.');

  await page.getByRole('link', { name: '← Back (cancel)' }).click();
  await expect(page).toHaveURL(/\/dashboard\/subscriptions$/);
  await expect(page.getByRole('article', { name: 'Annual plan' }).getByRole('button', { name: 'Subscribe' })).toBeEnabled();
  await expect(page.getByText('Your plan', { exact: true })).toHaveCount(0);
  expect(await storedFlag(page, 'status')).toBe('false');
  expect(await subscriptionOf(page, email)).toEqual({ status: false, subscription: null });
});

test('auto-renew off buys the one-time price: it ends on its date and has nothing to cancel', async ({ page }) => {
  const email = await signInNewUser(page, 'once');
  await page.goto('/dashboard/subscriptions');
  const autoRenew = page.getByRole('switch', { name: 'Auto-renew' });
  await autoRenew.uncheck();
  await expect(page.getByText('Off: one payment for 12 months of price lists. Nothing renews.')).toBeVisible();
  const annual = page.getByRole('article', { name: 'Annual plan' });
  await expect(annual).toContainText('$420 paid once for 12 months, no renewal');
  await annual.getByRole('button', { name: 'Subscribe' }).click();
  await page.waitForURL(`${stripeUrl}/checkout/**`);
  await expect(page.getByRole('heading', { name: 'Pay' })).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('heading', { name: 'Subscription Successful!' })).toBeVisible();

  const { subscription } = await subscriptionOf(page, email);
  expect(subscription).toMatchObject({ source: 'one_time_payment', renews: false, can_cancel: false });
  await page.goto('/dashboard/subscriptions');
  const end = formatDayOf(subscription!.period_end);
  await expect(page.getByText(`Ends on ${end}`, { exact: true })).toBeVisible();
  await expect(page.getByText('Paid once, without auto-renew: it does not renew, so there is nothing to cancel.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);
});

test('a subscriber cancels in the app: the subscription then ends on its date', async ({ page }) => {
  const email = await signInNewUser(page, 'cancels');
  await subscribeThroughApi(page, email);
  const before = (await subscriptionOf(page, email)).subscription!;
  const end = formatDayOf(before.period_end);

  await page.goto('/dashboard/subscriptions');
  await expect(page.getByRole('heading', { name: 'Annual plan' })).toBeVisible();
  await expect(page.getByText('Status: Active')).toBeVisible();
  await expect(page.getByText(`Renews on ${end}`)).toBeVisible();
  await expect(page.getByText('Downloads this period: 0 of 120')).toBeVisible();

  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel subscription' });
  await expect(dialog).toContainText(`You keep downloading and syncing paid editions until ${end}.`);
  await dialog.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expectToast(page, 'Subscription canceled successfully.');
  await expect(dialog).toBeHidden();
  // The card says when it ends once, in its period line.
  const card = page.getByRole('article', { name: 'Annual plan' });
  await expect(card.getByText('Status: Canceled', { exact: true })).toBeVisible();
  await expect(card.getByText(`Ends on ${end}`, { exact: true })).toBeVisible();
  await expect(card.getByText('It does not renew. To renew it, turn renewal back on in the billing portal.', { exact: true })).toBeVisible();
  expect((await card.innerText()).split(end).length - 1).toBe(1);
  await expect(page.getByRole('button', { name: 'Cancel subscription' })).toHaveCount(0);

  // product §4: no longer active, still usable until the period ends.
  expect(await storedFlag(page, 'status2')).toBe('false');
  expect(await storedFlag(page, 'status')).toBe('true');
  await page.reload();
  await expect(card.getByText('Status: Canceled', { exact: true })).toBeVisible();
  await expect(card.getByText(`Ends on ${end}`, { exact: true })).toBeVisible();
  expect(await storedFlag(page, 'status2')).toBe('false');
});

test("'Manage billing' opens the billing portal, whose return link comes back to the subscriptions screen", async ({ page }) => {
  const email = await signInNewUser(page, 'portal');
  await subscribeThroughApi(page, email);
  await page.goto('/dashboard/subscriptions');
  await page.getByRole('button', { name: 'Manage billing' }).click();
  await page.waitForURL(`${stripeUrl}/billing_portal/**`);
  await expect(page.getByRole('heading', { name: 'Billing' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  await page.getByRole('link', { name: '← Return' }).click();
  await expect(page).toHaveURL(/\/dashboard\/subscriptions$/);
  await expect(page.getByRole('button', { name: 'Manage billing' })).toBeVisible();
});

test('the payment return without a paid checkout says so and stores nothing', async ({ page }) => {
  await signInNewUser(page, 'no-payment');
  for (const path of ['/dashboard/subscriptions/success', '/dashboard/subscriptions/success?session_id=cs_not_a_session']) {
    await page.goto(path);
    await expect(page.getByText('We could not confirm your payment yet.')).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/dashboard/subscriptions/success');
    expect(await storedFlag(page, 'status')).toBe('false');
    expect(await storedFlag(page, 'status2')).toBe('false');
  }
  await page.getByRole('link', { name: 'Back to subscriptions' }).click();
  await expect(page).toHaveURL(/\/dashboard\/subscriptions$/);
  await expect(page.getByRole('switch', { name: 'Auto-renew' })).toBeChecked();
});

test("'Subscribe and save', the pricing cards' 'Get started' and the header's cart all reach the subscriptions screen", async ({ page }) => {
  await signInNewUser(page, 'entry');
  const plans = page.getByRole('article', { name: 'Annual plan' }).getByRole('button', { name: 'Subscribe' });

  await page.goto('/dashboard/catalog');
  await page.getByRole('link', { name: 'Subscribe and save' }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/subscriptions$/);
  await expect(plans).toBeVisible();

  await page.goto('/dashboard/settings');
  await page.getByRole('banner').getByRole('link', { name: 'Subscriptions' }).click();
  await expect(page).toHaveURL(/\/dashboard\/subscriptions$/);
  await expect(plans).toBeVisible();

  await page.goto('/#pricing');
  // The server renders the page for a visitor; once hydrated it reads the stored email (product §2).
  const getStarted = page.getByRole('link', { name: 'Get started with the Annual plan' });
  await expect(getStarted).toHaveAttribute('href', '/dashboard/subscriptions');
  await getStarted.click();
  await expect(page).toHaveURL(/\/dashboard\/subscriptions$/);
  await expect(plans).toBeVisible();
});

// Renewals happen in Stripe's time: the simulator's test clock puts the customer the app created
// a year ahead (the app's own clock stays at today, which is inside the new period's refund window).

/** A Stripe API call to the simulator with the app's key (what a test clock needs). */
async function stripeApi(page: Page, method: 'GET' | 'POST', path: string, form?: Record<string, string>): Promise<Record<string, unknown>> {
  const response = await page.request.fetch(`${stripeUrl}/v1/${path}`, {
    method,
    headers: { authorization: `Bearer ${DEFAULT_STRIPE_SECRET_KEY}`, ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    ...(form ? { data: new URLSearchParams(form).toString() } : {}),
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

/** Subscribes (auto-renew on) with the customer on a test clock frozen now. */
async function subscribeOnTestClock(page: Page, email: string): Promise<{ clockId: string; customerId: string }> {
  const plans = (await (await page.request.get('/api/subscription-plans/')).json()) as SubscriptionPlan[];
  const annual = plans.find((plan) => !plan.is_free)!;
  const headers = await callHeaders(page, email);
  const created = await page.request.post('/api/create-checkout-session/', { headers, data: { price_id: annual.stripe_price_id_recurring, is_recurring: true } });
  expect(created.status()).toBe(200);
  const sessionId = new URL(((await created.json()) as { url: string }).url).pathname.split('/').pop()!;
  const session = await stripeApi(page, 'GET', `checkout/sessions/${sessionId}`);
  const clock = await stripeApi(page, 'POST', 'test_helpers/test_clocks', { frozen_time: String(Math.floor(Date.now() / 1000)) });
  const attached = await page.request.post(`${stripeUrl}/__sim/customers/${session['customer'] as string}/test_clock`, { data: { test_clock: clock['id'] } });
  expect(attached.ok()).toBe(true);
  expect((await page.request.post(`${stripeUrl}/__sim/checkout/sessions/${sessionId}/pay`, { data: { card: '4242424242424242' } })).ok()).toBe(true);
  await expect.poll(async () => (await subscriptionOf(page, email)).status).toBe(true);
  return { clockId: clock['id'] as string, customerId: session['customer'] as string };
}

/** Moves the test clock past the renewal (a year and a day on). */
async function renew(page: Page, clockId: string): Promise<void> {
  const clock = await stripeApi(page, 'GET', `test_helpers/test_clocks/${clockId}`);
  await stripeApi(page, 'POST', `test_helpers/test_clocks/${clockId}/advance`, { frozen_time: String((clock['frozen_time'] as number) + 366 * 24 * 3600) });
}

test('a failed renewal shows the banner on every dashboard page, with the way to the billing portal', async ({ page }) => {
  const email = await signInNewUser(page, 'past-due');
  const { clockId, customerId } = await subscribeOnTestClock(page, email);
  const declines = await page.request.post(`${stripeUrl}/__sim/customers/${customerId}/card`, { data: { card: '4000000000000341' } });
  expect(declines.ok()).toBe(true);
  await renew(page, clockId);
  await expect.poll(async () => (await subscriptionOf(page, email)).subscription?.status, { timeout: 20_000 }).toBe('past_due');

  await page.goto('/dashboard/catalog');
  const banner = page.getByRole('status').filter({ hasText: 'Your renewal payment failed. Update your card in the billing portal to keep your subscription.' });
  await expect(banner).toBeVisible();
  await page.getByRole('link', { name: 'Subscriptions' }).first().click();
  await expect(page.getByText('Status: Payment failed')).toBeVisible();
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Open the billing portal' }).click();
  await page.waitForURL(`${stripeUrl}/**`);
});

test('within 10 days of an auto-renewal, with nothing downloaded since, the user is refunded and the subscription ends', async ({ page }) => {
  const email = await signInNewUser(page, 'refund');
  const { clockId } = await subscribeOnTestClock(page, email);
  await renew(page, clockId);
  await expect.poll(async () => (await subscriptionOf(page, email)).subscription?.refund_eligible, { timeout: 20_000 }).toBe(true);

  await page.goto('/dashboard/subscriptions');
  await page.getByRole('button', { name: 'Request a refund' }).click();
  await page.getByRole('button', { name: 'Yes, refund and end it' }).click();
  await expectToast(page, 'Your renewal was refunded and your subscription has ended. A confirmation is on its way to your email.');
  await expect(page.getByRole('article', { name: 'Annual plan' })).toBeVisible();
  expect((await subscriptionOf(page, email)).status).toBe(false);
});
