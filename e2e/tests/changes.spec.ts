import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import type { LatestCollectionResponse, PreviewProduct, PreviewProductsResponse } from '@tradelist/contract/catalog';
import { markupFields, type MarkupField } from '@tradelist/pricing/bands';
import { itemChange } from '@tradelist/pricing/changes';
import { markupsFromPercents, priceFor } from '@tradelist/pricing/markups';
import { centsToDecimal } from '@tradelist/pricing/money';
import { parse } from 'csv-parse/sync';
import { markupFieldLabels, userFactorLabels } from '../../apps/web/src/features/markups/utils/field-labels.ts';
import { describeChange } from '../../apps/web/src/features/markups/utils/price-change.ts';
import { formatCount } from '../../apps/web/src/lib/format.ts';
import { signInThroughApi } from '../support/accounts.ts';
import { expectToast } from '../support/toasts.ts';

const subscriber = { email: 'subscriber@example.com', password: 'tradelist-subscriber-2024' };
const bandPercents: Record<MarkupField, number> = { markup1_10: 35, markup11_20: 30, markup21_50: 25, markup51_150: 20, markup151_500: 15, markup501: 10 };
const taxPercent = 7.5;

/** A signed-in API read, identified like the app (session cookie and X-User-Email). */
async function apiGet<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path, { headers: { 'x-user-email': subscriber.email } });
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

/** Every product of a preview query, page by page (the call serves at most 100 at a time). */
async function allPreviewProducts(page: Page, query: string): Promise<{ first: PreviewProductsResponse; products: PreviewProduct[] }> {
  const products: PreviewProduct[] = [];
  let first: PreviewProductsResponse | undefined;
  for (let offset = 0; first === undefined || offset < first.total; offset += 100) {
    const body = await apiGet<PreviewProductsResponse>(page, `/api/preview-products/?${query}&offset=${offset}&limit=100`);
    first ??= body;
    products.push(...body.products);
  }
  return { first, products };
}

test('a subscriber sees this month\'s changes in the preview, filters them, and downloads the Changes file', async ({ page }) => {
  await signInThroughApi(page, subscriber);
  const { latest_collection: current, downloads } = await apiGet<LatestCollectionResponse>(page, '/api/latest-collection/ALL/');
  const edition = current.find((collection) => !collection.is_free);
  if (!edition || !downloads) throw new Error('the subscriber has no paid list');

  // The catalog's current edition links to its changes in the markup screen's preview.
  await page.goto('/dashboard/catalog');
  await page.getByRole('article', { name: edition.name }).getByRole('link', { name: 'See what changed this month' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/userfactor\\?collection=${edition.id}&changed=true$`));
  const changedOnly = page.getByRole('checkbox', { name: 'Changed this month' });
  await expect(changedOnly).toBeChecked();

  await expect(page.getByRole('status').filter({ hasText: 'Loading your saved markups' })).toHaveCount(0);
  for (const field of markupFields) await page.getByLabel(markupFieldLabels[field]).fill(String(bandPercents[field]));
  await page.getByLabel(userFactorLabels.tax, { exact: true }).fill(String(taxPercent));
  await page.getByRole('button', { name: 'Save markups' }).click();
  await expectToast(page, 'Your markups are saved! You are now ready to download your catalogs');
  const markups = markupsFromPercents({ ...bandPercents, tax: taxPercent });

  const whole = await apiGet<PreviewProductsResponse>(page, `/api/preview-products/?collection_id=${edition.id}&limit=1`);
  const previous = whole.previous_collection;
  if (!previous) throw new Error('the sample list has no previous edition');
  await expect(page.getByText(`Changes are against ${previous.name}`)).toBeVisible();
  const changed = await allPreviewProducts(page, `collection_id=${edition.id}&changed=true`);
  expect(changed.first.total).toBeGreaterThan(0);
  expect(changed.first.total).toBeLessThan(whole.total);
  await expect(page.getByText(`${formatCount(changed.first.total)} of ${formatCount(whole.total)} items`)).toBeVisible();

  // A re-priced item shows its change on the price with the markups, a new item says so.
  const repriced = changed.products.find((product) => product.previous_cost_cents !== null && product.previous_cost_cents !== product.cost_cents)!;
  const added = changed.products.find((product) => product.previous_cost_cents === null)!;
  expect(repriced).toBeDefined();
  expect(added).toBeDefined();
  const search = page.getByLabel('Search products');
  const expected = describeChange(itemChange(repriced.previous_cost_cents, repriced.cost_cents, markups));
  await search.fill(repriced.sku);
  await expect(page.getByText(`1 of ${formatCount(whole.total)} items`)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: repriced.sku }).first();
  await expect(row.getByRole('cell').nth(6)).toContainText(expected.amount);
  await expect(row.getByRole('cell').nth(6)).toContainText(expected.label);
  await search.fill(added.sku);
  await expect(page.getByRole('row').filter({ hasText: added.sku }).first().getByRole('cell').nth(6)).toContainText('New');

  // An unchanged item is found only without the filter.
  const unchanged = (await apiGet<PreviewProductsResponse>(page, `/api/preview-products/?collection_id=${edition.id}`)).products.find(
    (product) => product.previous_cost_cents === product.cost_cents,
  )!;
  await search.fill(unchanged.sku);
  await expect(page.getByText(`No changed products match “${unchanged.sku}”.`)).toBeVisible();
  await changedOnly.uncheck();
  await expect(page.getByRole('row').filter({ hasText: unchanged.sku }).first().getByRole('cell').nth(6)).toContainText('No change');

  // The Changes file: only what changed, with old and new cost and price; it counts as a download.
  await page.goto('/dashboard/catalog');
  const usedText = (used: number) => `${used} of ${downloads.allowed} downloads used this period`;
  await expect(page.getByText(usedText(downloads.used))).toBeVisible();
  await page.getByRole('article', { name: edition.name }).getByRole('button', { name: 'Download CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download price list' });
  await dialog.getByRole('radio', { name: 'CSV', exact: true }).check();
  await dialog.getByRole('radio', { name: 'Changes', exact: true }).check();
  const downloadEvent = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Yes' }).click();
  const download = await downloadEvent;
  await expectToast(page, 'Successfully downloaded pricelist');
  expect(download.suggestedFilename()).toBe(`${edition.name} — Changes.csv`);
  const records = parse(await readFile(await download.path()), { bom: true, columns: true, skip_empty_lines: true }) as Array<Record<string, string>>;
  expect(Object.keys(records[0] ?? {})).toEqual([
    'Change', 'SKU', 'Name', 'Category', 'Unit', 'Old cost', 'New cost', 'Old price', 'New price', 'Old price with tax', 'New price with tax', 'Change $', 'Change %',
  ]);
  const present = records.filter((record) => record.Change !== 'Removed');
  expect(present.map((record) => record.SKU)).toEqual(changed.products.map((product) => product.sku));
  expect(records.filter((record) => record.Change === 'Removed').length).toBeGreaterThan(0);
  const line = records.find((record) => record.SKU === repriced.sku)!;
  expect(line).toMatchObject({
    'Old cost': centsToDecimal(repriced.previous_cost_cents!),
    'New cost': centsToDecimal(repriced.cost_cents),
    'Old price': centsToDecimal(priceFor(repriced.previous_cost_cents!, markups).priceCents),
    'New price': centsToDecimal(priceFor(repriced.cost_cents, markups).priceCents),
    'New price with tax': centsToDecimal(priceFor(repriced.cost_cents, markups).priceWithTaxCents),
  });
  expect(records.find((record) => record.SKU === added.sku)).toMatchObject({ Change: 'New', 'Old cost': '', 'New cost': centsToDecimal(added.cost_cents) });
  // The Changes file is a download of its edition: it counts that edition once in the period,
  // unless an earlier file of it already did (decision 0029).
  const counted = (await apiGet<LatestCollectionResponse>(page, '/api/latest-collection/ALL/')).downloads!.used;
  expect([downloads.used, downloads.used + 1]).toContain(counted);
  await expect(page.getByText(usedText(counted))).toBeVisible();
  // The same edition's price list takes nothing more.
  await page.getByRole('article', { name: edition.name }).getByRole('button', { name: 'Download CSV' }).click();
  await dialog.getByRole('radio', { name: 'CSV', exact: true }).check();
  await dialog.getByRole('radio', { name: 'Price list', exact: true }).check();
  const priceList = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Yes' }).click();
  expect((await priceList).suggestedFilename()).toBe(`${edition.name}.csv`);
  await expectToast(page, 'Successfully downloaded pricelist');
  expect((await apiGet<LatestCollectionResponse>(page, '/api/latest-collection/ALL/')).downloads!.used).toBe(counted);
  await expect(page.getByText(usedText(counted))).toBeVisible();
});

test('a list with only one edition says there is nothing to compare', async ({ page }) => {
  const freeUser = { email: 'demo@example.com', password: 'tradelist-demo-2024' };
  await signInThroughApi(page, freeUser);
  const response = await page.request.get('/api/latest-collection/FREE/', { headers: { 'x-user-email': freeUser.email } });
  const demo = ((await response.json()) as LatestCollectionResponse).latest_collection[0];
  if (!demo) throw new Error('no free demo list');
  await page.goto('/dashboard/catalog');
  await page.getByRole('article', { name: demo.name }).getByRole('link', { name: 'See what changed this month' }).click();
  await expect(page.getByText('This is the first edition of this list: there is no earlier edition to compare it with.')).toBeVisible();
  const changedOnly = page.getByRole('checkbox', { name: 'Changed this month' });
  await expect(changedOnly).toBeDisabled();
  await expect(changedOnly).not.toBeChecked();
  // The whole list stays on show, without changes.
  await expect(page.getByText(`${formatCount(demo.item_count)} of ${formatCount(demo.item_count)} items`)).toBeVisible();
  const firstRow = page.getByRole('table', { name: 'Products priced with your markups' }).getByRole('row').nth(1);
  await expect(firstRow.getByRole('cell', { name: 'No earlier edition to compare with' })).toBeVisible();
});
