import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Page } from '@playwright/test';
import type { LatestCollectionResponse, PreviewProduct, PreviewProductsResponse, UserFactor } from '@tradelist/contract/catalog';
import { bandFor, markupFields, type MarkupField } from '@tradelist/pricing/bands';
import { markupsFromPercents, priceFor, type Markups } from '@tradelist/pricing/markups';
import { centsToDecimal } from '@tradelist/pricing/money';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { markupFieldLabels, userFactorLabels } from '../../apps/web/src/features/markups/utils/field-labels.ts';
import { signInThroughApi } from '../support/accounts.ts';
import { expectToast } from '../support/toasts.ts';

const subscriber = { email: 'subscriber@example.com', password: 'tradelist-subscriber-2024' };
const freeUser = { email: 'demo@example.com', password: 'tradelist-demo-2024' };

/** 10 % on $0–10, 20 % on $10–20 … 60 % on $500+, and 8.25 % sales tax. */
const bandPercents: Record<MarkupField, string> = {
  markup1_10: '10',
  markup11_20: '20',
  markup21_50: '30',
  markup51_150: '40',
  markup151_500: '50',
  markup501: '60',
};
const taxPercent = '8.25';

/** A signed-in API read, identified like the app (session cookie and X-User-Email). */
async function apiGet<T>(page: Page, path: string, email: string): Promise<T> {
  const response = await page.request.get(path, { headers: { 'x-user-email': email } });
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

/** Every product of the list the preview shows, page by page (the call serves at most 100 at a time). */
async function allPreviewProducts(page: Page, email: string): Promise<{ collection: PreviewProductsResponse['collection']; products: PreviewProduct[] }> {
  const products: PreviewProduct[] = [];
  let first: PreviewProductsResponse | undefined;
  for (let offset = 0; first === undefined || offset < first.total; offset += 100) {
    const body = await apiGet<PreviewProductsResponse>(page, `/api/preview-products/?offset=${offset}&limit=100`, email);
    first ??= body;
    products.push(...body.products);
  }
  return { collection: first.collection, products };
}

/** One product of each band that the list has, so every markup is checked. */
function oneProductPerBand(products: PreviewProduct[]): PreviewProduct[] {
  const picked = new Map<MarkupField, PreviewProduct>();
  for (const product of products) {
    const band = bandFor(product.cost_cents);
    if (!picked.has(band)) picked.set(band, product);
  }
  return [...picked.values()];
}

/** Opens the markup dialog of one collection card, picks the file, and answers Yes. */
async function downloadThroughDialog(
  page: Page,
  collectionName: string,
  format: 'CSV' | 'Excel',
  layout: 'Price list' | 'QuickBooks Online import' = 'Price list',
): Promise<Download> {
  const card = page.getByRole('article', { name: collectionName }).first();
  await card.getByRole('button', { name: 'Download CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download price list' });
  await expect(dialog).toContainText('Have you added your desired markup configurations before downloading?');
  await dialog.getByRole('radio', { name: format, exact: true }).check();
  await dialog.getByRole('radio', { name: layout, exact: true }).check();
  const downloadEvent = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Yes' }).click();
  const download = await downloadEvent;
  await expect(dialog).toBeHidden();
  await expectToast(page, 'Successfully downloaded pricelist');
  return download;
}

type PriceRow = { sku: string; price: number; priceWithTax: number };

async function priceRowsOfCsv(download: Download): Promise<Map<string, PriceRow>> {
  const records = parse(await readFile(await download.path()), { bom: true, columns: true, skip_empty_lines: true }) as Array<
    Record<string, string>
  >;
  expect(Object.keys(records[0] ?? {})).toEqual([
    'SKU',
    'Name',
    'Description',
    'Category',
    'Unit',
    'Cost',
    'Markup %',
    'Price',
    'Tax %',
    'Price with tax',
    'Manufacturer part number',
    'UPC',
  ]);
  // Money is written as plain decimals with two places: compare in cents without floats.
  const cents = (text: string | undefined) => Number((text ?? '').replace('.', ''));
  return new Map(
    records.map((record) => [
      record.SKU!,
      { sku: record.SKU!, price: cents(record.Price), priceWithTax: cents(record['Price with tax']) },
    ]),
  );
}

async function priceRowsOfXlsx(download: Download): Promise<Map<string, PriceRow>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).map((value) => String(value ?? ''));
  const column = (name: string) => {
    const index = headers.indexOf(name);
    expect(index, `column ${name}`).toBeGreaterThan(0);
    return index;
  };
  const [skuColumn, priceColumn, taxedColumn] = [column('SKU'), column('Price'), column('Price with tax')];
  const rows = new Map<string, PriceRow>();
  sheet.eachRow((row, rowNumber) => {
    if (rowNumber === 1) return;
    const sku = String(row.getCell(skuColumn).value);
    // The workbook stores money as numbers with a currency format: 12.34 → 1234 cents.
    const cents = (cell: number) => Math.round(Number(row.getCell(cell).value) * 100);
    rows.set(sku, { sku, price: cents(priceColumn), priceWithTax: cents(taxedColumn) });
  });
  return rows;
}

function expectPricesOf(rows: Map<string, PriceRow>, products: PreviewProduct[], markups: Markups): void {
  for (const product of products) {
    const expected = priceFor(product.cost_cents, markups);
    expect(rows.get(product.sku), product.sku).toEqual({
      sku: product.sku,
      price: expected.priceCents,
      priceWithTax: expected.priceWithTaxCents,
    });
  }
}

test('a subscriber sets markups, then downloads CSV and Excel price lists with those prices', async ({ page }) => {
  await signInThroughApi(page, subscriber);
  await page.goto('/dashboard/userfactor');
  await expect(page.getByRole('status').filter({ hasText: 'Loading your saved markups' })).toHaveCount(0);
  for (const field of markupFields) await page.getByLabel(markupFieldLabels[field]).fill(bandPercents[field]);
  await page.getByLabel(userFactorLabels.tax, { exact: true }).fill(taxPercent);
  await page.getByRole('button', { name: 'Save markups' }).click();
  await expectToast(page, 'Your markups are saved! You are now ready to download your catalogs');

  const saved = await apiGet<UserFactor>(page, '/api/user-factor/', subscriber.email);
  expect(saved).toMatchObject({ markup1_10: 10, markup11_20: 20, markup501: 60, tax: 8.25 });
  const markups = markupsFromPercents(saved);
  const preview = await allPreviewProducts(page, subscriber.email);
  const collection = preview.collection;
  if (!collection) throw new Error('the subscriber has no list to preview');
  expect(collection.is_free).toBe(false);
  const known = oneProductPerBand(preview.products);
  expect(known.length).toBeGreaterThanOrEqual(4);

  // The live preview prices a searched SKU like the engine does.
  const sample = known[1]!;
  await page.getByLabel('Search products').fill(sample.sku);
  const row = page.getByRole('row').filter({ hasText: sample.sku }).first();
  await expect(row.getByRole('cell').nth(4)).toHaveText(`$${centsToDecimal(priceFor(sample.cost_cents, markups).priceCents)}`);

  const { downloads } = await apiGet<LatestCollectionResponse>(page, '/api/latest-collection/ALL/', subscriber.email);
  if (!downloads) throw new Error('the subscriber has no download allowance');
  const usedText = (used: number) => `${used} of ${downloads.allowed} downloads used this period`;

  await page.goto('/dashboard/catalog');
  await expect(page.getByRole('heading', { name: 'All Collections' })).toBeVisible();
  await expect(page.getByText(usedText(downloads.used))).toBeVisible();

  const csv = await downloadThroughDialog(page, collection.name, 'CSV');
  expect(csv.suggestedFilename()).toBe(`${collection.name}.csv`);
  expectPricesOf(await priceRowsOfCsv(csv), known, markups);
  // The first complete file of an edition in the period counts that edition against the maximum.
  await expect(page.getByText(usedText(downloads.used + 1))).toBeVisible();

  const xlsx = await downloadThroughDialog(page, collection.name, 'Excel');
  expect(xlsx.suggestedFilename()).toBe(`${collection.name}.xlsx`);
  expectPricesOf(await priceRowsOfXlsx(xlsx), known, markups);
  // The same edition again, in another format, takes nothing more.
  await expect(page.getByText(usedText(downloads.used + 1))).toBeVisible();
});

test('a free user sees Subscribe and save on paid lists and downloads the free demo list', async ({ page }) => {
  await signInThroughApi(page, freeUser);
  await page.goto('/dashboard/catalog');

  const paid = page.getByRole('region', { name: 'All Collections' });
  const free = page.getByRole('region', { name: 'Free Collections' });
  await expect(paid.getByRole('article').first()).toBeVisible();
  await expect(paid.getByRole('button', { name: 'Download CSV' })).toHaveCount(0);
  await expect(paid.getByRole('link', { name: 'Subscribe and save' }).first()).toBeVisible();

  const demo = (await apiGet<{ latest_collection: Array<{ name: string }> }>(page, '/api/latest-collection/FREE/', freeUser.email))
    .latest_collection[0];
  if (!demo) throw new Error('no free demo list');
  await expect(free.getByRole('article', { name: demo.name })).toBeVisible();
  const download = await downloadThroughDialog(page, demo.name, 'CSV');
  expect(download.suggestedFilename()).toBe(`${demo.name}.csv`);
  const preview = await allPreviewProducts(page, freeUser.email);
  expect(preview.collection?.name).toBe(demo.name);
  // No subscription, no allowance to show.
  await expect(page.getByText(/downloads used this period/)).toHaveCount(0);
  const markups = markupsFromPercents(await apiGet<UserFactor>(page, '/api/user-factor/', freeUser.email));
  expectPricesOf(await priceRowsOfCsv(download), oneProductPerBand(preview.products), markups);

  // The Electrical tab: its paid edition offers the subscription instead of a download.
  await page.getByRole('navigation', { name: 'Catalog categories' }).getByRole('link', { name: 'Electrical' }).click();
  const current = page.getByRole('region', { name: 'Current Editions' });
  await current.getByRole('link', { name: 'Subscribe and save' }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/subscriptions$/);
});

test('Cancel in the markup dialog goes to the markup configuration', async ({ page }) => {
  await signInThroughApi(page, freeUser);
  await page.goto('/dashboard/catalog?category=FREE');
  const current = page.getByRole('region', { name: 'Current Editions' });
  await current.getByRole('button', { name: 'Download CSV' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Download price list' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/dashboard\/userfactor$/);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Configurations', level: 1 })).toBeVisible();
});

test('/collections/{id} sends a visitor to log in and back, then downloads the latest list', async ({ page }) => {
  const categories = (await (await page.request.get('/api/categories/')).json()) as Array<{ id: number; is_free: boolean }>;
  const freeCategory = categories.find((category) => category.is_free);
  if (!freeCategory) throw new Error('no free category');
  const path = `/collections/${freeCategory.id}`;

  await page.goto(path);
  await expect(page).toHaveURL(new RegExp(`/login\\?next=${encodeURIComponent(path)}$`));
  await page.getByLabel('Email').fill(freeUser.email);
  await page.getByLabel('Password', { exact: true }).fill(freeUser.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expectToast(page, 'login successfull.');
  await expect(page).toHaveURL(new RegExp(`${path}$`), { timeout: 10_000 });

  const latest = (
    await apiGet<{ latest_collection: Array<{ collection_id: string; name: string }> }>(
      page,
      `/api/latest-collection/${freeCategory.id}/`,
      freeUser.email,
    )
  ).latest_collection[0]!;
  await expect(page.getByText(latest.collection_id)).toBeVisible();
  const downloadEvent = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Products CSV' }).click();
  expect((await downloadEvent).suggestedFilename()).toBe(`${latest.name}.csv`);
  await expectToast(page, 'Successfully downloaded pricelist');

  await page.goto('/collections/999999');
  await expect(page.getByText('No collection found')).toBeVisible();
});

test('a login link pointing off-site still lands on the dashboard', async ({ page }) => {
  await page.goto('/login?next=//evil.example/steal');
  await page.getByLabel('Email').fill(freeUser.email);
  await page.getByLabel('Password', { exact: true }).fill(freeUser.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
});

test('the pricing cards show the plans the API lists', async ({ page }) => {
  const plans = (await (await page.request.get('/api/subscription-plans/')).json()) as Array<{ name: string; price: number; interval: string | null; download_max: number }>;
  const annual = plans.find((plan) => plan.interval === 'year');
  if (!annual) throw new Error('no yearly plan on sale');
  await page.goto('/#pricing');
  const pricing = page.getByRole('region', { name: 'Simple plans, no hidden fees' });
  const card = pricing.getByRole('listitem').filter({ has: page.getByRole('heading', { name: annual.name }) });
  // product §9: the yearly price is shown per month.
  await expect(card.getByText(`$${annual.price / 1200}`, { exact: true })).toBeVisible();
  await expect(card).toContainText('/month');
  await expect(card).toContainText('Normally $50/month');
  await expect(card).toContainText('Paid annually');
  // product §10.10: the download maximum, known before purchase.
  await expect(card).toContainText(`Up to ${annual.download_max} price-list downloads a year; each edition counts once, in any format or layout`);
  for (const plan of plans) await expect(pricing.getByRole('heading', { name: plan.name, level: 3 })).toBeVisible();
});
