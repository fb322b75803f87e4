import { expect, test, type Page } from '@playwright/test';
import type { PreviewProductsResponse } from '@tradelist/contract/catalog';
import { markupsFromPercents, priceFor } from '@tradelist/pricing/markups';
import { centsToDecimal } from '@tradelist/pricing/money';
import { profileMessages } from '@tradelist/contract/pricing-profiles';
import { markupFieldLabels, userFactorLabels } from '../../apps/web/src/features/markups/utils/field-labels.ts';
import { createActivatedUser, signInThroughApi, uniqueEmail } from '../support/accounts.ts';
import { expectToast } from '../support/toasts.ts';

const subscriber = { email: 'subscriber@example.com', password: 'tradelist-subscriber-2024' };

/** One page of the preview call (the first 100 products, or those `query` asks for). */
async function previewOf(page: Page, email: string, query = ''): Promise<PreviewProductsResponse> {
  const response = await page.request.get(`/api/preview-products/${query}`, { headers: { 'x-user-email': email } });
  expect(response.status()).toBe(200);
  return (await response.json()) as PreviewProductsResponse;
}

const dollars = (cents: number) => `$${centsToDecimal(cents)}`;

test('markups are validated as typed, saved, and loaded again', async ({ page, request }) => {
  const account = { name: 'Morgan Markup', email: uniqueEmail('markups'), password: 'romex 12/2 with ground' };
  await createActivatedUser(request, account);
  await signInThroughApi(page, account);
  await page.goto('/dashboard/userfactor');
  const lowBand = page.getByLabel(markupFieldLabels['markup1_10']);
  await expect(lowBand).toBeEnabled();
  await expect(lowBand).toHaveValue('');
  // Plain words, never field names; the QuickBooks texts offer the usual values as choices.
  await expect(page.getByText(/markup1_10|inventory_option|income_type/)).toHaveCount(0);
  const choices = (label: string) =>
    page.getByLabel(label).evaluate((input) => Array.from((input as HTMLInputElement).list?.options ?? [], (option) => option.value));
  expect(await choices(userFactorLabels.inventory_option)).toEqual(['Inventory', 'Non-inventory', 'Service']);
  expect(await choices(userFactorLabels.income_type)).toContain('Sales of Product Income');

  // product §5: below 0 is refused, and above 10,000 % (the same range as the pricing profiles'); the two texts take at most 25 characters.
  await lowBand.fill('10000');
  await expect(page.getByText(profileMessages.markupRange)).toHaveCount(0);
  await lowBand.fill('10000.01');
  await expect(page.getByText('Enter a markup from 0 to 10000 %.')).toBeVisible();
  await lowBand.fill('-5');
  await expect(page.getByText(profileMessages.markupRange)).toBeVisible();
  await expect(lowBand).toHaveAttribute('aria-invalid', 'true');
  const incomeType = page.getByLabel(userFactorLabels.income_type);
  await incomeType.fill('x'.repeat(26));
  await expect(page.getByText('Ensure this field has no more than 25 characters.')).toBeVisible();
  await page.getByRole('button', { name: 'Save QuickBooks texts' }).click();
  await expect(incomeType).toBeFocused();
  await page.getByRole('button', { name: 'Save markups' }).click();
  await expect(lowBand).toBeFocused();
  await expect(page.getByRole('alert').filter({ hasText: 'Your markups are saved!' })).toHaveCount(0);

  await lowBand.fill('12.5');
  await page.getByLabel(markupFieldLabels['markup501']).fill('0');
  await page.getByLabel(userFactorLabels.inventory_option).fill('Inventory');
  // Free text beside the choices.
  await incomeType.fill('Electrical Materials');
  await expect(page.getByText(profileMessages.markupRange)).toHaveCount(0);
  await page.getByRole('button', { name: 'Save markups' }).click();
  await expectToast(page, 'Your markups are saved! You are now ready to download your catalogs');
  // The texts are saved on their own; with the six standard bands nothing else changes.
  await expect(page.getByText(/goes back to the six standard bands/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Save QuickBooks texts' }).click();
  await expectToast(page, 'Your QuickBooks Online texts are saved.');

  await page.reload();
  await expect(lowBand).toHaveValue('12.5');
  await expect(page.getByLabel(markupFieldLabels['markup501'])).toHaveValue('0');
  await expect(page.getByLabel(markupFieldLabels['markup11_20'])).toHaveValue('');
  await expect(page.getByLabel(userFactorLabels.tax, { exact: true })).toHaveValue('');
  await expect(page.getByLabel(userFactorLabels.inventory_option)).toHaveValue('Inventory');
  await expect(incomeType).toHaveValue('Electrical Materials');
});

test('the preview prices the list as the user types and searches by SKU and name', async ({ page, request }) => {
  const account = { name: 'Pat Preview', email: uniqueEmail('preview'), password: 'wire nut assortment' };
  await createActivatedUser(request, account);
  await signInThroughApi(page, account);
  await page.goto('/dashboard/userfactor');
  const preview = await previewOf(page, account.email);
  const collection = preview.collection;
  if (!collection) throw new Error('no list to preview');
  expect(collection.is_free).toBe(true);
  const total = preview.total;
  const product = preview.products.find((candidate) => candidate.cost_cents <= 1000) ?? preview.products[0]!;

  await expect(page.getByText(collection.name).first()).toBeVisible();
  await expect(page.getByText(`${total} of ${total} items`)).toBeVisible();
  await page.getByLabel('Search products').fill(product.sku);
  await expect(page.getByText(`1 of ${total} items`)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: product.sku });
  const priceCell = row.getByRole('cell').nth(4);
  const taxedCell = row.getByRole('cell').nth(5);
  await expect(priceCell).toHaveText(dollars(product.cost_cents));

  // As typed, before any save: the band's markup and the tax apply at once.
  const band = page.getByLabel(markupFieldLabels['markup1_10']);
  await band.fill('25');
  await page.getByLabel(userFactorLabels.tax, { exact: true }).fill('7.5');
  const typed = priceFor(product.cost_cents, markupsFromPercents({ markup1_10: 25, tax: 7.5 }));
  await expect(priceCell).toHaveText(dollars(typed.priceCents));
  await expect(taxedCell).toHaveText(dollars(typed.priceWithTaxCents));

  // A negative value is not accepted: the preview treats it as empty.
  await band.fill('-10');
  const withoutMarkup = priceFor(product.cost_cents, markupsFromPercents({ tax: 7.5 }));
  await expect(priceCell).toHaveText(dollars(withoutMarkup.priceCents));
  await expect(taxedCell).toHaveText(dollars(withoutMarkup.priceWithTaxCents));

  // The name finds it too, whatever the case.
  await page.getByLabel('Search products').fill(product.name.toUpperCase());
  await expect(page.getByRole('row').filter({ hasText: product.sku })).toBeVisible();
  await page.getByLabel('Search products').fill('no product is called this');
  await expect(page.getByText(`0 of ${total} items`)).toBeVisible();
  await expect(page.getByText('No products match')).toBeVisible();
});

test('the preview searches the server by group, and % or _ are plain characters', async ({ page }) => {
  await signInThroughApi(page, subscriber);
  await page.goto('/dashboard/userfactor');
  const first = await previewOf(page, subscriber.email);
  const total = first.total;
  const group = first.products[0]!.group;
  const inGroup = await previewOf(page, subscriber.email, `?search=${encodeURIComponent(group)}`);
  expect(inGroup.total).toBeGreaterThan(0);
  expect(inGroup.total).toBeLessThan(total);

  const search = page.getByLabel('Search products');
  await search.fill(group.toLowerCase());
  const count = `${inGroup.total.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} items`;
  await expect(page.getByText(count)).toBeVisible();
  const table = page.getByRole('table', { name: 'Products priced with your markups' });
  await expect(table).toHaveAttribute('aria-rowcount', String(inGroup.total + 1));
  await expect(table.getByRole('row').filter({ hasText: inGroup.products[0]!.sku })).toBeVisible();

  // A LIKE wildcard matches only itself: no product of the list has % or _ in it.
  for (const wildcard of ['%', '_']) {
    await search.fill(wildcard);
    await expect(page.getByText(`0 of ${total.toLocaleString('en-US')} items`)).toBeVisible();
  }
});

test('the preview scrolls through the 1,000+ items of the paid list without rendering them all', async ({ page }) => {
  await signInThroughApi(page, subscriber);
  await page.goto('/dashboard/userfactor');
  const preview = await previewOf(page, subscriber.email);
  const total = preview.total;
  expect(total).toBeGreaterThan(1000);
  expect(preview.products).toHaveLength(100);
  const table = page.getByRole('table', { name: 'Products priced with your markups' });
  await expect(table).toHaveAttribute('aria-rowcount', String(total + 1));
  await expect(page.getByText(`${total.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} items`)).toBeVisible();
  expect(await table.getByRole('row').count()).toBeLessThan(80);

  // Only the pages in view are asked for: scrolling to the end fetches the last one.
  const last = (await previewOf(page, subscriber.email, `?offset=${total - 1}&limit=1`)).products[0]!;
  await table.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await expect(table.getByRole('row').filter({ hasText: last.sku })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: last.sku })).toHaveAttribute('aria-rowindex', String(total + 1));
  expect(await table.getByRole('row').count()).toBeLessThan(80);
});

test('at 375 px the preview sits below the form and the form stays usable', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInThroughApi(page, subscriber);
  await page.goto('/dashboard/userfactor');
  const form = page.getByRole('form', { name: 'Your markups' });
  const preview = page.getByRole('region', { name: 'Price preview' });
  await expect(preview.getByRole('table')).toBeVisible();
  const formBox = (await form.boundingBox())!;
  const previewBox = (await preview.boundingBox())!;
  expect(previewBox.y).toBeGreaterThanOrEqual(formBox.y + formBox.height);
  // Nothing wider than the phone: the page itself never scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
