import { expect, type Page } from '@playwright/test';
import type { SubscriptionPlan } from '@tradelist/contract/billing';

/** The headers of an unsafe call made as the signed-in user of `page`. */
export async function callHeaders(page: Page, email: string): Promise<Record<string, string>> {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  if (!token) throw new Error('no XSRF-TOKEN cookie');
  return { 'x-xsrf-token': token, 'x-user-email': email };
}

/**
 * Makes the signed-in user a subscriber with auto-renew on, for tests whose subject comes after
 * the purchase: the app's checkout call, the Stripe simulator's pay control (what its page's form
 * does), and the app's confirmation call.
 */
export async function subscribeThroughApi(page: Page, email: string): Promise<void> {
  const plans = (await (await page.request.get('/api/subscription-plans/')).json()) as SubscriptionPlan[];
  const annual = plans.find((plan) => !plan.is_free);
  expect(annual?.stripe_price_id_recurring, 'the annual plan is linked to Stripe').toBeTruthy();
  const headers = await callHeaders(page, email);
  const created = await page.request.post('/api/create-checkout-session/', {
    headers,
    data: { price_id: annual!.stripe_price_id_recurring, is_recurring: true },
  });
  expect(created.status()).toBe(200);
  const sessionId = new URL(((await created.json()) as { url: string }).url).pathname.split('/').pop()!;
  const paid = await page.request.post(`${process.env.E2E_STRIPE_URL}/__sim/checkout/sessions/${sessionId}/pay`, { data: { card: '4242424242424242' } });
  expect(paid.ok()).toBe(true);
  const confirmed = await page.request.post('/api/confirm-checkout-session/', { headers, data: { session_id: sessionId } });
  expect(confirmed.status()).toBe(200);
  expect(((await confirmed.json()) as { paid: boolean }).paid).toBe(true);
}
