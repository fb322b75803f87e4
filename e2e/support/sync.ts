import { expect, type Page } from '@playwright/test';
import type { PreviewProduct, PreviewProductsResponse, UserFactor } from '@tradelist/contract/catalog';
import { markupsFromPercents } from '@tradelist/pricing/markups';
import { createActivatedUser, signInThroughApi, uniqueEmail } from './accounts.ts';
import { expectToast } from './toasts.ts';

// What the sync tests share: the simulators' addresses, a new account with known markups, the
// free demo list, the simulators' items and their consent pages.

export const qboUrl = () => process.env.E2E_QBO_URL ?? '';
export const jobberUrl = () => process.env.E2E_JOBBER_URL ?? '';

/** Percent markups per band and a sales tax that QuickBooks must not receive (it applies its own). */
export const markupPercents = { markup1_10: 15, markup11_20: 25, markup21_50: 35, markup51_150: 45, markup151_500: 55, markup501: 65, tax: 9.5 };

export async function xsrfHeaders(page: Page, email: string): Promise<Record<string, string>> {
  await page.request.get('/api/config/');
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  if (!token) throw new Error('no XSRF-TOKEN cookie');
  return { 'x-xsrf-token': token, 'x-user-email': email };
}

/** A new account (so no connection is left over from another test), signed in, with known markups. */
export async function signInWithMarkups(page: Page, label: string): Promise<{ email: string; markups: ReturnType<typeof markupsFromPercents> }> {
  const account = { name: 'Sam Sync', email: uniqueEmail(label), password: 'pull the wire through' };
  await createActivatedUser(page.request, account);
  await signInThroughApi(page, account);
  const saved = await page.request.post('/api/user_factor/', { headers: await xsrfHeaders(page, account.email), data: markupPercents });
  expect(saved.status()).toBe(200);
  const factor = (await saved.json()) as UserFactor;
  return { email: account.email, markups: markupsFromPercents(factor) };
}

/** The free demo list (a signed-in user without a subscription previews it), every product. */
export async function demoList(page: Page, email: string): Promise<{ name: string; products: PreviewProduct[] }> {
  const products: PreviewProduct[] = [];
  let name = '';
  for (let offset = 0, total = 1; offset < total; offset += 100) {
    const response = await page.request.get(`/api/preview-products/?offset=${offset}&limit=100`, { headers: { 'x-user-email': email } });
    expect(response.status()).toBe(200);
    const body = (await response.json()) as PreviewProductsResponse;
    expect(body.collection?.is_free).toBe(true);
    name = body.collection?.name ?? '';
    total = body.total;
    products.push(...body.products);
  }
  // The free demo list: the 'Wire & Conduit Demo' category's current edition.
  expect(name).toMatch(/^Wire & Conduit Demo/);
  return { name, products };
}

/** Every item a simulator holds, by company (QuickBooks realmId) or account (Jobber). */
export async function simulatorItems<T>(baseUrl: string): Promise<Record<string, T[]>> {
  const response = await fetch(`${baseUrl}/__sim/items`);
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, T[]>;
}

/** Picks one company or account on a simulator's consent page and allows access. */
export async function allowOnConsentPage(page: Page, simulatorUrl: string, accountName: string): Promise<void> {
  await page.waitForURL((url) => url.href.startsWith(simulatorUrl));
  await expect(page.getByRole('heading', { name: 'Tradelist wants to connect' })).toBeVisible();
  await page.getByRole('radio', { name: accountName }).check();
  await page.getByRole('button', { name: 'Connect' }).click();
}


/** The preview the Sync-up question opened: waits until it is read, then approves it whole and waits for the sync to end. */
export async function approveWholePreview(page: Page): Promise<void> {
  await page.waitForURL(/\/dashboard\/sync-previews\/\d+$/);
  const approve = page.getByRole('button', { name: /^Approve: / });
  await expect(approve).toBeVisible({ timeout: 30_000 });
  await approve.click();
  await expectToast(page, 'Sync process started');
  await expect(page.getByRole('status').filter({ hasText: 'Successfully synced the pricelist' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('link', { name: 'Back to the catalogs' }).click();
}
