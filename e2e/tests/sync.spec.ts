import { expect, test, type Locator, type Page } from '@playwright/test';
import { priceFor } from '@tradelist/pricing/markups';
import { createActivatedUser, signInThroughApi, uniqueEmail } from '../support/accounts.ts';
import { allowOnConsentPage, approveWholePreview, demoList, jobberUrl, qboUrl, signInWithMarkups, simulatorItems } from '../support/sync.ts';
import { expectToast } from '../support/toasts.ts';

// product §2.7, §2.12, §4.5, §8.7, §8.10, §8.12: connecting QuickBooks Online and Jobber through
// their (simulated) consent pages, syncing the free demo list, and disconnecting.

function demoCard(page: Page, name: string): Locator {
  return page.getByRole('region', { name: 'Free Collections' }).getByRole('article', { name });
}

/** Answers the open 'Sync-up' modal with the provider and waits for the outcome (product §8.7). */
async function confirmSyncUp(page: Page, providerName: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Sync-up' });
  await expect(dialog).toContainText('Have you added your desired markup configurations before syncing?');
  await dialog.getByRole('radio', { name: providerName }).check();
  if (providerName === 'QuickBooks Online') {
    await expect(dialog).toContainText('QuickBooks Online applies its own sales tax, so the price sent is your marked-up price before tax');
  }
  await expect(dialog).toContainText('Yes shows what the sync will change, to approve before anything is written.');
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(dialog).toBeHidden();
  await approveWholePreview(page);
}

/** Presses the card's Sync, then confirms the 'Sync-up' modal. */
async function syncThroughModal(page: Page, card: Locator, providerName: string): Promise<void> {
  await card.getByRole('button', { name: 'Sync', exact: true }).click();
  await confirmSyncUp(page, providerName);
}

/**
 * Back from connecting: the callback leads to the catalog view the sync was asked from, and the
 * 'Sync-up' question is open on that card with the service just connected chosen (product §4.5).
 */
async function expectSyncToContinue(page: Page, catalogPath: string, collectionName: string, providerName: string): Promise<void> {
  await expect(page.getByRole('link', { name: 'Go now' })).toBeVisible();
  await expect(page.getByText('Taking you back to your price list in a few seconds…')).toBeVisible();
  await page.waitForURL((url) => `${url.pathname}${url.search}` === catalogPath);
  const dialog = page.getByRole('dialog', { name: 'Sync-up' });
  await expect(dialog).toContainText(collectionName);
  await expect(dialog.getByRole('radio', { name: providerName })).toBeChecked();
}

/** The settings page's card for one provider. */
function connectionCard(page: Page, providerName: string): Locator {
  return page.getByRole('region', { name: providerName, exact: true });
}

test('QuickBooks Online: sign in from the catalog, sync the demo list before tax, sync again without changes, disconnect', async ({ page }) => {
  const { email, markups } = await signInWithMarkups(page, 'qbo-sync');
  const demo = await demoList(page, email);
  await page.goto('/dashboard/catalog');

  // Not connected: the card offers 'Sign in to Sync', which explains that the user signs in first.
  const card = demoCard(page, demo.name);
  await card.getByRole('button', { name: 'Sign in to Sync' }).click();
  const chooser = page.getByRole('dialog', { name: 'Sign in to Sync' });
  await expect(chooser).toContainText('You must first sign in to that software');
  await chooser.getByRole('button', { name: 'Sign in to QuickBooks Online' }).click();

  await allowOnConsentPage(page, qboUrl(), 'Sandbox Company US 2');
  await page.waitForURL(/\/dashboard\/quickbooks\/callback\?/);
  const callback = new URL(page.url()).searchParams;
  expect(callback.get('realmId')).toBe('9341453071836291');
  expect(callback.get('code')).toBeTruthy();
  expect(callback.get('state')).toBeTruthy();
  await expectToast(page, 'Authentication completed, now you can sync');
  await expect(page.getByRole('status').filter({ hasText: 'Authentication completed, now you can sync' })).toBeVisible();
  // product §4.5, §9: after 3 seconds the callback goes back to the card, and the sync goes on.
  await expectSyncToContinue(page, '/dashboard/catalog', demo.name, 'QuickBooks Online');
  // The question is asked once: a reload of the catalog does not open it again.
  await page.reload();
  await expect(card.getByRole('button', { name: 'Sync', exact: true })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Sync-up' })).toBeHidden();
  await card.getByRole('button', { name: 'Sync', exact: true }).click();
  // The question offers the other service too, to connect.
  await expect(page.getByRole('dialog', { name: 'Sync-up' }).getByRole('button', { name: 'Connect Jobber' })).toBeVisible();

  // The browser keeps display data only (product §3.2): the company and an expiry, never a token.
  const stored = await page.evaluate(() => ({ ...localStorage }));
  expect(stored['quickbooksCompanyId']).toBe('9341453071836291');
  expect(Date.parse(stored['quickbooksExpiresAt'] ?? '')).toBeGreaterThan(Date.now());
  expect(JSON.stringify(stored)).not.toMatch(/eyJ|AB11/);

  await confirmSyncUp(page, 'QuickBooks Online');
  const total = demo.products.length;
  await expect(card).toContainText(`Last synced to QuickBooks Online on`);
  await expect(card).toContainText(`${total} created, 0 updated, 0 unchanged, 0 failed`);

  // Every item reached the chosen company, priced with the markups and before tax, with the cost.
  const items = (await simulatorItems<{ sku?: string; name: string; unitPrice?: number; purchaseCost?: number }>(qboUrl()))['9341453071836291'] ?? [];
  expect(items).toHaveLength(total);
  const bySku = new Map(items.map((item) => [item.sku, item]));
  for (const product of demo.products) {
    const item = bySku.get(product.sku);
    expect(item, product.sku).toBeDefined();
    expect(Math.round((item?.unitPrice ?? 0) * 100), product.sku).toBe(priceFor(product.cost_cents, markups).priceCents);
    expect(Math.round((item?.purchaseCost ?? 0) * 100), product.sku).toBe(product.cost_cents);
  }

  // The simulator's own page lists them under the company.
  const simulatorPage = await page.context().newPage();
  await simulatorPage.goto(`${qboUrl()}/`);
  await expect(simulatorPage.getByRole('heading', { name: `Sandbox Company US 2 (realmId 9341453071836291) (${total})` })).toBeVisible();
  await expect(simulatorPage.getByRole('cell', { name: demo.products[0]!.sku, exact: true })).toBeVisible();
  await simulatorPage.close();

  // A second sync of the unchanged list changes nothing (product §10.17).
  await syncThroughModal(page, card, 'QuickBooks Online');
  await expect(card).toContainText(`0 created, 0 updated, ${total} unchanged, 0 failed`);
  expect((await simulatorItems<unknown>(qboUrl()))['9341453071836291']).toHaveLength(total);

  // Disconnect in Settings; the catalog then offers 'Sign in to Sync' again.
  await page.goto('/dashboard/settings');
  await page.getByRole('tab', { name: 'Connections' }).click();
  const settingsCard = connectionCard(page, 'QuickBooks Online');
  await expect(settingsCard).toContainText('Connected');
  await expect(settingsCard).toContainText('Sandbox Company US 2');
  await settingsCard.getByRole('button', { name: 'Disconnect' }).click();
  await expectToast(page, 'Disconnected from QuickBooks successfully.');
  await expect(settingsCard).toContainText('Not connected');
  expect(await page.evaluate(() => localStorage.getItem('quickbooksCompanyId'))).toBeNull();
  await page.goto('/dashboard/catalog');
  await expect(demoCard(page, demo.name).getByRole('button', { name: 'Sign in to Sync' })).toBeVisible();
});

test('Jobber: sign in from the catalog, sync the demo list, connect QuickBooks from the Sync-up question, choose between both, disconnect', async ({ page }) => {
  // Two consent round trips and three syncs.
  test.setTimeout(120_000);
  const { email, markups } = await signInWithMarkups(page, 'jobber-sync');
  const demo = await demoList(page, email);
  // From the Free view (a category's own view comes back the same way).
  await page.goto('/dashboard/catalog?category=FREE');

  const card = page.getByRole('article', { name: demo.name });
  await card.getByRole('button', { name: 'Sign in to Sync' }).click();
  await page.getByRole('dialog', { name: 'Sign in to Sync' }).getByRole('button', { name: 'Sign in to Jobber' }).click();
  await allowOnConsentPage(page, jobberUrl(), 'Northside Plumbing & Heating');
  await page.waitForURL(/\/dashboard\/jobber\/callback\?/);
  await expectToast(page, 'Authentication completed, now you can sync');
  await expectSyncToContinue(page, '/dashboard/catalog?category=FREE', demo.name, 'Jobber');

  await confirmSyncUp(page, 'Jobber');
  const total = demo.products.length;
  await expect(card).toContainText('Last synced to Jobber on');
  await expect(card).toContainText(`${total} created, 0 updated, 0 unchanged, 0 failed`);

  // Jobber has no SKU: each item's unit price is the marked-up price, its internal cost the cost.
  const accounts = await simulatorItems<{ name: string; unitPrice: number; purchaseCost: number | null }>(jobberUrl());
  const [accountId, items] = Object.entries(accounts).find(([, list]) => list.length > 0) ?? ['', []];
  expect(accountId).not.toBe('');
  expect(items).toHaveLength(total);
  const pairs = (list: Array<[number, number]>) => list.map(([price, cost]) => `${price}/${cost}`).sort();
  expect(pairs(items.map((item) => [Math.round(item.unitPrice * 100), Math.round((item.purchaseCost ?? 0) * 100)]))).toEqual(
    pairs(demo.products.map((product) => [priceFor(product.cost_cents, markups).priceCents, product.cost_cents])),
  );
  const simulatorPage = await page.context().newPage();
  await simulatorPage.goto(`${jobberUrl()}/`);
  await expect(simulatorPage.getByRole('heading', { name: `Northside Plumbing & Heating (account ${accountId}) (${total})` })).toBeVisible();
  await simulatorPage.close();

  // The Settings tab names the account, from Jobber's account query.
  await page.goto('/dashboard/settings');
  await page.getByRole('tab', { name: 'Connections' }).click();
  await expect(connectionCard(page, 'Jobber')).toContainText('Connected');
  await expect(connectionCard(page, 'Jobber')).toContainText('Account: Northside Plumbing & Heating');

  // With Jobber connected, the 'Sync-up' question offers QuickBooks Online to connect; back from
  // its consent page the question is open again, QuickBooks chosen, and Jobber still offered.
  await page.goto('/dashboard/catalog?category=FREE');
  await card.getByRole('button', { name: 'Sync', exact: true }).click();
  let dialog = page.getByRole('dialog', { name: 'Sync-up' });
  await expect(dialog.getByRole('radio', { name: 'Jobber' })).toBeChecked();
  await expect(dialog).toContainText('Not connected. Sign in there once; you then come back here to sync.');
  await dialog.getByRole('button', { name: 'Connect QuickBooks Online' }).click();
  await allowOnConsentPage(page, qboUrl(), 'Sandbox Company US 1');
  await expectToast(page, 'Authentication completed, now you can sync');
  await expectSyncToContinue(page, '/dashboard/catalog?category=FREE', demo.name, 'QuickBooks Online');
  dialog = page.getByRole('dialog', { name: 'Sync-up' });
  await expect(dialog).toContainText('Connected to Sandbox Company US 1.');
  await dialog.getByRole('radio', { name: 'Jobber' }).check();
  await expect(dialog).toContainText('Jobber receives your marked-up price');
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await approveWholePreview(page);
  await expect(card).toContainText(`0 created, 0 updated, ${total} unchanged, 0 failed`);

  await page.goto('/dashboard/settings');
  await page.getByRole('tab', { name: 'Connections' }).click();
  const jobber = connectionCard(page, 'Jobber');
  await jobber.getByRole('button', { name: 'Disconnect' }).click();
  await expectToast(page, 'Disconnected from Jobber successfully.');
  await expect(jobber).toContainText('Not connected');
  await connectionCard(page, 'QuickBooks Online').getByRole('button', { name: 'Disconnect' }).click();
  await expectToast(page, 'Disconnected from QuickBooks successfully.');
  await page.goto('/dashboard/catalog');
  await expect(demoCard(page, demo.name).getByRole('button', { name: 'Sign in to Sync' })).toBeVisible();
});

test('the callback screens without a code, and with a code the server refuses', async ({ page, request }) => {
  const account = { name: 'Casey Callback', email: uniqueEmail('sync-callback'), password: 'junction box cover' };
  await createActivatedUser(request, account);
  await signInThroughApi(page, account);

  // Jobber's own texts (product §8.12), shown on the page and as a toast.
  await page.goto('/dashboard/jobber/callback?error=access_denied&state=abc');
  await expect(page.getByRole('heading', { name: 'Jobber connection' })).toBeVisible();
  await expectToast(page, 'Authorization failed - no code received');
  // Jobber comes back with no parameters at all when the user declines: the page says so, no error.
  await page.goto('/dashboard/jobber/callback');
  await expect(page.getByRole('status').filter({ hasText: 'You cancelled the connection to Jobber, so nothing was connected.' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the catalogs' })).toBeVisible();
  await page.goto('/dashboard/jobber/callback?code=not-issued&state=not-issued');
  await expectToast(page, 'Authentication failed - please try again');
  await expect(page.getByRole('link', { name: 'Back to the catalogs' })).toBeVisible();

  // QuickBooks only logs these in the product; the page says them plainly, with a way back.
  await page.goto('/dashboard/quickbooks/callback?state=abc&realmId=9341453071836290');
  await expect(page.getByRole('alert').filter({ hasText: 'QuickBooks Online did not send an authorization code' })).toBeVisible();
  await page.goto('/dashboard/quickbooks/callback?code=not-issued&state=not-issued&realmId=9341453071836290');
  await expect(page.getByRole('alert').filter({ hasText: 'QuickBooks Online could not be connected' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the catalogs' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // Nothing was stored for a failed authorization.
  expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => /quickbooks|jobber/.test(key)))).toEqual([]);
});
