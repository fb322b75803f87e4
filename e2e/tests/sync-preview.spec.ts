import { expect, test, type Page } from '@playwright/test';
import { bandFor, type MarkupField } from '@tradelist/pricing/bands';
import { editPriceInQuickBooks } from '../support/quickbooks-owner.ts';
import { allowOnConsentPage, demoList, markupPercents, qboUrl, signInWithMarkups, simulatorItems, xsrfHeaders } from '../support/sync.ts';
import { expectToast } from '../support/toasts.ts';

// Issue 22 §1, §2, §4, §5: from the catalog, connect QuickBooks Online, see what the sync will
// change, leave an item out, approve, see the result and the record; then, after the markups and
// an item in QuickBooks changed, a preview with every kind of change and its protections.

const company = { id: '9341453071836291', name: 'Sandbox Company US 2' };
type QboItem = { sku?: string; name: string; unitPrice?: number };

async function resetQuickBooks(): Promise<void> {
  expect((await fetch(`${qboUrl()}/__sim/reset`, { method: 'POST' })).ok).toBe(true);
}

async function companyItems(): Promise<QboItem[]> {
  return (await simulatorItems<QboItem>(qboUrl()))[company.id] ?? [];
}

/** The preview the Sync-up question opened, once the service has been read. */
async function readyPreview(page: Page): Promise<string> {
  await page.waitForURL(/\/dashboard\/sync-previews\/\d+$/);
  await expect(page.getByRole('button', { name: /^Approve: / })).toBeVisible({ timeout: 30_000 });
  return page.url();
}

function countButton(page: Page, label: string) {
  return page.getByRole('list', { name: 'Changes by kind' }).getByRole('button', { name: new RegExp(`^[\\d,]+ ${label}$`) });
}

function changeRow(page: Page, sku: string) {
  return page.getByRole('region', { name: /^Changes the sync to/ }).getByRole('row').filter({ has: page.getByRole('cell', { name: sku, exact: true }) });
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 375, height: 800 },
]) {
  test(`at ${viewport.width} px: connect from the catalog, preview, leave one out, approve, see the result and the record`, async ({ page, browser }) => {
    test.setTimeout(240_000);
    await resetQuickBooks();
    await page.setViewportSize(viewport);
    const { email } = await signInWithMarkups(page, `preview-${viewport.width}`);
    const demo = await demoList(page, email);
    const total = demo.products.length;
    const [left, ...rest] = demo.products;

    await page.goto('/dashboard/catalog');
    const card = page.getByRole('region', { name: 'Free Collections' }).getByRole('article', { name: demo.name });
    await card.getByRole('button', { name: 'Sign in to Sync' }).click();
    await page.getByRole('dialog', { name: 'Sign in to Sync' }).getByRole('button', { name: 'Sign in to QuickBooks Online' }).click();
    await allowOnConsentPage(page, qboUrl(), company.name);
    await expectToast(page, 'Authentication completed, now you can sync');
    const dialog = page.getByRole('dialog', { name: 'Sync-up' });
    await expect(dialog.getByRole('radio', { name: 'QuickBooks Online' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Yes' }).click();

    // The preview is a job: its id is in the address, so a reload finds it again.
    const previewUrl = await readyPreview(page);
    await page.reload();
    expect(page.url()).toBe(previewUrl);
    await expect(countButton(page, 'New')).toHaveText(`${total} New`);
    await expect(page.getByText('Nothing is written until you approve.')).toBeVisible();
    expect(await companyItems()).toEqual([]);

    // Searchable; one item left out; the row says so and Approve counts it out.
    const search = page.getByRole('searchbox', { name: 'Search changes' });
    await search.fill(left!.sku);
    await expect(page.getByText('1 change matches')).toBeVisible();
    await changeRow(page, left!.sku).getByRole('checkbox', { name: `Sync ${left!.sku}` }).uncheck();
    await expect(changeRow(page, left!.sku)).toContainText('Left out: stays as it is');
    await search.fill('');
    await expect(page.getByText(`${total} changes match`)).toBeVisible();
    const approve = page.getByRole('button', { name: `Approve: sync ${total - 1} items` });
    await expect(approve).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`preview-${viewport.width}-first-sync.png`), fullPage: true });

    await approve.click();
    await expectToast(page, 'Sync process started');
    await expect(page.getByRole('status').filter({ hasText: 'Successfully synced the pricelist' })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText(`${total - 1} created, 0 updated`)).toBeVisible();
    const items = await companyItems();
    expect(items.map((item) => item.sku).sort()).toEqual(rest.map((product) => product.sku).sort());

    // The record of the sync, and its CSV.
    await page.getByRole('link', { name: 'See the record of this sync' }).click();
    await expect(page.getByRole('heading', { name: 'Syncs to QuickBooks Online' })).toBeVisible();
    const record = page.locator('tr[aria-current="true"]');
    await expect(record).toContainText(demo.name);
    await expect(record).toContainText(`${total - 1} new`);
    // The pricing profile that priced it, by its name: every account starts with "Standard".
    await expect(record).toContainText('Standard');
    await page.screenshot({ path: test.info().outputPath(`history-${viewport.width}.png`), fullPage: true });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);

    // The catalog card shows the last sync and links to its record.
    await page.goto('/dashboard/catalog');
    await expect(card).toContainText('Last synced to QuickBooks Online on');
    await card.getByRole('link', { name: 'See the record' }).click();
    await expect(page.locator('tr[aria-current="true"]')).toContainText(demo.name);

    if (viewport.width === 1280) await everyKindOfChange(page, browser, email, demo.products, left!.sku);
    await resetQuickBooks();
  });
}

/**
 * After the two cheapest bands' markups moved (one up, one down) and the owner changed one price
 * in QuickBooks, a new preview shows every kind of change; only raise prices and an overwrite of
 * the edited item are approved and written as shown.
 */
async function everyKindOfChange(page: Page, browser: Parameters<typeof editPriceInQuickBooks>[0], email: string, products: Array<{ sku: string; cost_cents: number }>, leftOut: string): Promise<void> {
  // The list's bands, most items first: the first one's markup goes up, the second's down, any other stays.
  const sizes = new Map<MarkupField, number>();
  for (const product of products) sizes.set(bandFor(product.cost_cents), (sizes.get(bandFor(product.cost_cents)) ?? 0) + 1);
  const [upBand, downBand] = [...sizes.entries()].sort((a, b) => b[1] - a[1]).map(([band]) => band);
  expect(downBand, 'the demo list spans two bands').toBeDefined();
  const markups = { ...markupPercents, [upBand!]: markupPercents[upBand!] + 15, [downBand!]: markupPercents[downBand!] - 20 };
  const saved = await page.request.post('/api/user_factor/', { headers: await xsrfHeaders(page, email), data: markups });
  expect(saved.status()).toBe(200);
  const edited = products.find((product) => product.sku !== leftOut);
  await editPriceInQuickBooks(browser, qboUrl(), company, edited!.sku, 9999.99);

  await page.goto('/dashboard/catalog');
  await page.getByRole('region', { name: 'Free Collections' }).getByRole('button', { name: 'Sync', exact: true }).click();
  await page.getByRole('dialog', { name: 'Sync-up' }).getByRole('button', { name: 'Yes' }).click();
  await readyPreview(page);
  await expect(countButton(page, 'New')).toHaveText('1 New');
  await expect(countButton(page, 'Edited in the service')).toHaveText('1 Edited in the service');
  await page.screenshot({ path: test.info().outputPath('preview-1280-every-kind.png'), fullPage: true });
  for (const [label, file] of [
    ['Price up', 'up'],
    ['Price down', 'down'],
    ['New', 'new'],
    ['Edited in the service', 'edited-in-target'],
    ['Unchanged', 'unchanged'],
  ] as const) {
    await countButton(page, label).click();
    await expect(countButton(page, label)).toHaveAttribute('aria-pressed', 'true');
    await page.screenshot({ path: test.info().outputPath(`preview-1280-${file}.png`), fullPage: true });
    await countButton(page, label).click();
  }

  // Only raise prices: decreases stay; the edited item is overwritten only once ticked.
  await page.getByRole('checkbox', { name: 'Only raise prices' }).check();
  await countButton(page, 'Price down').click();
  const downRow = page.getByRole('region', { name: /^Changes the sync to/ }).getByRole('row').nth(1);
  await expect(downRow).toContainText('Only raise prices: QuickBooks Online keeps its price');
  const downSku = (await downRow.getByRole('cell').nth(1).textContent()) ?? '';
  await countButton(page, 'Price down').click();
  await expect(changeRow(page, edited!.sku)).toContainText('The price edited in QuickBooks Online wins');
  await changeRow(page, edited!.sku).getByRole('checkbox', { name: `Overwrite ${edited!.sku}` }).check();
  await expect(changeRow(page, edited!.sku)).toContainText('Our price replaces the one edited in QuickBooks Online');
  await page.screenshot({ path: test.info().outputPath('preview-1280-protections.png'), fullPage: true });
  const before = new Map((await companyItems()).map((item) => [item.sku, item.unitPrice]));
  await page.getByRole('button', { name: /^Approve: / }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Successfully synced the pricelist' })).toBeVisible({ timeout: 60_000 });
  const after = new Map((await companyItems()).map((item) => [item.sku, item.unitPrice]));
  expect(after.get(downSku), 'a decrease left as it was').toBe(before.get(downSku));
  expect(after.get(edited!.sku), 'the edited item overwritten').not.toBe(9999.99);
  expect(after.has(leftOut), 'the new item written this time').toBe(true);
}
