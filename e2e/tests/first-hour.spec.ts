import { readFile } from 'node:fs/promises';
import { expect, test, type Locator } from '@playwright/test';
import { markupFields, type MarkupField } from '@tradelist/pricing/bands';
import { markupsFromPercents, priceFor } from '@tradelist/pricing/markups';
import { parse } from 'csv-parse/sync';
import { markupFieldLabels, userFactorLabels } from '../../apps/web/src/features/markups/utils/field-labels.ts';
import { uniqueEmail } from '../support/accounts.ts';
import { demoList } from '../support/sync.ts';
import { expectToast } from '../support/toasts.ts';

// A contractor's first hour, walked as a new contractor walks it: from the landing page
// to a list downloaded with their own markups, then on to the same list in QuickBooks Online. Every
// click goes through `Walk`, which counts it; the target is a marked-up list in at most 15 clicks.

/** product §2 target: the first marked-up download in at most this many clicks. */
const FIRST_DOWNLOAD_CLICKS_MAX = 15;

const qboUrl = () => process.env.E2E_QBO_URL ?? '';

/** Markups a contractor types: one per band, and a sales tax. */
const bandPercents: Record<MarkupField, number> = {
  markup1_10: 35,
  markup11_20: 30,
  markup21_50: 25,
  markup51_150: 20,
  markup151_500: 15,
  markup501: 10,
};
const taxPercent = 7.25;

/**
 * The walk's pointer actions, each counted. A native select counts two clicks (open the list, pick
 * an option); typing into a field counts none.
 */
class Walk {
  clicks = 0;
  readonly steps: string[] = [];

  async click(target: Locator, step: string): Promise<void> {
    await target.click();
    this.count(1, step);
  }

  async choose(select: Locator, option: string, step: string): Promise<void> {
    await select.selectOption(option);
    this.count(2, step);
  }

  private count(clicks: number, step: string): void {
    this.clicks += clicks;
    this.steps.push(`${this.clicks}. ${step}`);
  }
}

// The walk syncs into the QuickBooks simulator's first company; its items are cleared afterwards
// (connections stay), so the sync tests find the simulator as a fresh run leaves it.
test.afterEach(async () => {
  expect((await fetch(`${qboUrl()}/__sim/reset`, { method: 'POST' })).status).toBe(204);
});

test('a new contractor goes from the landing page to a marked-up list in at most 15 clicks, and on to QuickBooks Online', async ({ page }) => {
  test.setTimeout(180_000);
  const walk = new Walk();
  const email = uniqueEmail('first-hour');
  const password = 'first hour, 3/4 EMT';

  // The landing page's sign-up call to action.
  await page.goto('/');
  await walk.click(page.getByRole('main').getByRole('link', { name: 'Sign up' }).first(), 'Sign up (landing page)');
  await expect(page).toHaveURL(/\/register$/);
  await page.getByLabel('Name').fill('Riley Contractor');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Repeat password').fill(password);
  await walk.click(page.getByRole('button', { name: 'Sign up', exact: true }), 'Sign up (form)');
  await expectToast(page, 'Thanks for signing up, please check your email to verify your account!');

  // The activation mail, opened in the mailbox (the SMTP simulator's inbox) and its link followed.
  await page.goto(`${process.env.E2E_INBOX_URL}/?to=${encodeURIComponent(email)}`);
  const message = page.getByRole('link', { name: 'Activate your Tradelist account' });
  await expect(async () => {
    await page.reload();
    await expect(message).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await walk.click(message, 'the activation mail');
  await walk.click(page.locator('pre').getByRole('link', { name: /\/activate\// }), 'the activation link');
  await expect(page.getByRole('status')).toContainText('Your account has been activated');

  // product §2.2, §4.6: activation leads to the sign-in page; activation does not sign in.
  await expect(page).toHaveURL(/\/login/, { timeout: 15_000 });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await walk.click(page.getByRole('button', { name: 'Login', exact: true }), 'Login');
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });

  // product §2.6: the onboarding questions; answered on the catalog, they lead on to the markups.
  const onboarding = page.getByRole('dialog', { name: 'Welcome to Tradelist' });
  await walk.choose(onboarding.getByLabel('Which software do you use?'), 'QuickBooks', 'onboarding: software');
  await walk.choose(onboarding.getByLabel('Team size'), '1-5', 'onboarding: team size');
  await walk.choose(onboarding.getByLabel('How did you find us?'), 'Google Search', 'onboarding: how they found us');
  await walk.click(onboarding.getByRole('button', { name: 'Submit' }), 'onboarding: Submit');
  await expectToast(page, 'Thank you for completing the onboarding!');
  // The contractor goes on to the markups, with a click of their own only if they are not taken there.
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
  if (!(await page.waitForURL(/\/dashboard\/userfactor$/, { timeout: 3000 }).then(() => true, () => false))) {
    await walk.click(sidebar.getByRole('link', { name: 'Configurations' }), 'Configurations');
  }

  // The markups, typed and saved; the save leads on to the catalog's downloads (product §2.8).
  const lowBand = page.getByLabel(markupFieldLabels.markup1_10);
  await expect(lowBand).toBeEnabled();
  for (const field of markupFields) await page.getByLabel(markupFieldLabels[field]).fill(String(bandPercents[field]));
  await page.getByLabel(userFactorLabels.tax, { exact: true }).fill(String(taxPercent));
  await walk.click(page.getByRole('button', { name: 'Save markups' }), 'Save markups');
  await expectToast(page, 'Your markups are saved! You are now ready to download your catalogs');
  if (!(await page.waitForURL(/\/dashboard\/catalog$/, { timeout: 3000 }).then(() => true, () => false))) {
    await walk.click(sidebar.getByRole('link', { name: 'Catalogs' }), 'Catalogs');
  }

  // The free demo list (the new contractor has not paid), downloaded through product §2.7's question.
  const list = await demoList(page, email);
  expect(list.name).toMatch(/^Wire & Conduit Demo/);
  const card = page.getByRole('region', { name: 'Free Collections' }).getByRole('article', { name: list.name });
  // Landed on the list's download buttons (checked softly: the count below is the walk's verdict).
  await expect.soft(card.getByRole('button', { name: 'Download CSV' })).toBeInViewport();
  await walk.click(card.getByRole('button', { name: 'Download CSV' }), 'Download CSV');
  const question = page.getByRole('dialog', { name: 'Download price list' });
  await expect(question).toContainText('Have you added your desired markup configurations before downloading?');
  const downloadEvent = page.waitForEvent('download');
  await walk.click(question.getByRole('button', { name: 'Yes' }), 'Yes (download)');
  const download = await downloadEvent;
  await expectToast(page, 'Successfully downloaded pricelist');
  const firstDownloadClicks = walk.clicks;

  // Every price in the file is the marked-up one, with and without tax.
  const markups = markupsFromPercents({ ...bandPercents, tax: taxPercent });
  const rows = parse(await readFile(await download.path()), { bom: true, columns: true, skip_empty_lines: true }) as Array<Record<string, string>>;
  const cents = (text: string | undefined) => Math.round(Number(text) * 100);
  const bySku = new Map(rows.map((row) => [row['SKU'], row]));
  expect(bySku.size).toBe(list.products.length);
  for (const product of list.products) {
    const row = bySku.get(product.sku);
    const expected = priceFor(product.cost_cents, markups);
    expect({ price: cents(row?.['Price']), withTax: cents(row?.['Price with tax']) }, product.sku).toEqual({
      price: expected.priceCents,
      withTax: expected.priceWithTaxCents,
    });
  }

  // On to QuickBooks Online: sign in there from the card (the simulator's consent page picks its
  // first company), back in the catalog, then Sync.
  await walk.click(card.getByRole('button', { name: 'Sign in to Sync' }), 'Sign in to Sync');
  await walk.click(page.getByRole('dialog', { name: 'Sign in to Sync' }).getByRole('button', { name: 'Sign in to QuickBooks Online' }), 'Sign in to QuickBooks Online');
  await page.waitForURL((url) => url.href.startsWith(qboUrl()));
  const company = page.getByRole('radio', { checked: true });
  const companyName = ((await company.locator('xpath=..').textContent()) ?? '').replace(/\(.*\)/, '').trim();
  const realmId = await company.getAttribute('value');
  await walk.click(page.getByRole('button', { name: 'Connect' }), 'Connect (QuickBooks consent page)');
  await expectToast(page, 'Authentication completed, now you can sync');
  // Back on the card the sync was asked from, the Sync-up question comes up by itself.
  await page.waitForURL((url) => url.pathname === '/dashboard/catalog');
  const syncUp = page.getByRole('dialog', { name: 'Sync-up' });
  await expect(syncUp).toContainText(companyName);
  await expect(syncUp.getByRole('radio', { name: 'QuickBooks Online' })).toBeChecked();
  await walk.click(syncUp.getByRole('button', { name: 'Yes' }), 'Yes (sync)');
  // Nothing is written before the contractor has seen what will change and approved it.
  await page.waitForURL(/\/dashboard\/sync-previews\/\d+$/);
  const approve = page.getByRole('button', { name: `Approve: sync ${list.products.length} items` });
  await expect(approve).toBeVisible({ timeout: 30_000 });
  await walk.click(approve, 'Approve (sync preview)');
  await expect(page.getByRole('status').filter({ hasText: 'Successfully synced the pricelist' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(`${list.products.length} created, 0 updated`)).toBeVisible();

  // QuickBooks holds every item at the marked-up price before tax (product §10.17).
  const items = ((await (await fetch(`${qboUrl()}/__sim/items`)).json()) as Record<string, Array<{ sku?: string; unitPrice?: number }>>)[realmId ?? ''] ?? [];
  expect(items).toHaveLength(list.products.length);
  for (const product of list.products) {
    const item = items.find((candidate) => candidate.sku === product.sku);
    expect(Math.round((item?.unitPrice ?? 0) * 100), product.sku).toBe(priceFor(product.cost_cents, markups).priceCents);
  }

  const report = [
    `first marked-up download: ${firstDownloadClicks} clicks (at most ${FIRST_DOWNLOAD_CLICKS_MAX})`,
    `on to a QuickBooks Online sync: ${walk.clicks} clicks`,
    ...walk.steps,
  ].join('\n');
  console.log(`A contractor's first hour:\n${report}`);
  test.info().annotations.push({ type: 'clicks', description: report });
  expect(firstDownloadClicks).toBeLessThanOrEqual(FIRST_DOWNLOAD_CLICKS_MAX);
});
