import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { PreviewProduct, PreviewProductsResponse } from '@tradelist/contract/catalog';
import { profileMessages, rulesFromProfile, type PricingProfile } from '@tradelist/contract/pricing-profiles';
import { centsToDecimal } from '@tradelist/pricing/money';
import { compileRules, RULE_ORDER_SENTENCE } from '@tradelist/pricing/rules';
import { parse } from 'csv-parse/sync';
import { profileToasts, quickBooksTextMessages } from '../../apps/web/src/features/markups/utils/screen-messages.ts';
import { createActivatedUser, signInThroughApi, uniqueEmail } from '../support/accounts.ts';
import { expectToast } from '../support/toasts.ts';

const shots = process.env.E2E_SCREENSHOTS_DIR;

/** A signed-in API read, identified like the app (session cookie and X-User-Email). */
async function apiGet<T>(page: Page, path: string, email: string): Promise<T> {
  const response = await page.request.get(path, { headers: { 'x-user-email': email } });
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

/** Every product of the list the preview shows. */
async function allProducts(page: Page, email: string): Promise<{ name: string; products: PreviewProduct[] }> {
  const products: PreviewProduct[] = [];
  let first: PreviewProductsResponse | undefined;
  for (let offset = 0; first === undefined || offset < first.total; offset += 100) {
    const body = await apiGet<PreviewProductsResponse>(page, `/api/preview-products/?offset=${offset}&limit=100`, email);
    first ??= body;
    products.push(...body.products);
  }
  if (!first?.collection) throw new Error('no list to preview');
  return { name: first.collection.name, products };
}

/** A screenshot to look at, when asked for (E2E_SCREENSHOTS_DIR). */
async function shoot(target: Page | Locator, name: string): Promise<void> {
  if (shots) await target.screenshot({ path: `${shots}/${name}.png` });
}

const bandRows = (page: Page) => page.getByRole('region', { name: 'Price bands' }).getByRole('row');
const bandStart = (page: Page, band: number) => page.getByLabel(`Band ${band} starts at ($)`, { exact: true });
const bandMarkup = (page: Page, band: number) => bandRows(page).nth(band).getByRole('textbox').nth(1);

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 375, height: 812 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a contractor shapes a table, overrides a group and an item, picks an ending, and downloads with a second profile', async ({ page, request }) => {
      // A long journey: the whole configuration, a save and reload, a second profile and a download.
      test.setTimeout(180_000);
      const account = { name: 'Rae Rules', email: uniqueEmail(`rules-${viewport.name}`), password: 'three-way switch box' };
      await createActivatedUser(request, account);
      await signInThroughApi(page, account);
      const list = await allProducts(page, account.email);
      await page.goto('/dashboard/userfactor');
      await expect(page.getByText(RULE_ORDER_SENTENCE)).toHaveCount(1);
      await expect(page.getByLabel('Profile you are editing')).toHaveValue(/\d+/);
      await expect(bandRows(page)).toHaveCount(7);

      // The table: split the first band, refuse an edge out of order, merge two bands.
      await page.getByRole('button', { name: 'Split band 1', exact: true }).click();
      await expect(bandRows(page)).toHaveCount(8);
      await expect(bandStart(page, 2)).toHaveValue('5.00');
      await expect(bandStart(page, 2)).toBeFocused();
      await bandMarkup(page, 1).fill('80');
      await bandMarkup(page, 2).fill('50');
      await bandMarkup(page, 3).fill('40');
      await bandStart(page, 3).fill('4.00');
      const orderError = page.getByText(profileMessages.bandOrder(3));
      await expect(orderError).toBeVisible();
      await expect(bandStart(page, 3)).toHaveAttribute('aria-invalid', 'true');
      const describedBy = await bandStart(page, 3).getAttribute('aria-describedby');
      expect(await orderError.getAttribute('id')).toBe(describedBy);
      await bandStart(page, 3).fill('10.01');
      await expect(orderError).toHaveCount(0);
      await page.getByRole('button', { name: 'Merge band 5 with band 6' }).click();
      await expect(bandRows(page)).toHaveCount(7);
      await expect(bandRows(page).nth(5)).toContainText('$50.01 – $500.00');

      if (viewport.width < 400) {
        // The table scrolls inside itself; the page does not.
        const region = page.getByRole('region', { name: 'Price bands' });
        expect(await region.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      }
      await shoot(page.getByRole('group', { name: 'Markup per price band' }), `band-table-${viewport.name}`);

      // A group's markup, from the preview's groups, then one item exempted from the preview.
      const item = list.products.find((product) => product.cost_cents > 0);
      const grouped = list.products.find((product) => item !== undefined && product.group !== item.group);
      if (!item || !grouped) throw new Error('the list needs items of two groups');
      await page.getByRole('button', { name: 'Add a group markup' }).click();
      await page.getByLabel('Group 1', { exact: true }).fill(grouped.group);
      await page.getByLabel('Group 1 markup (%)').fill('25');
      await page.getByLabel('Price ending').selectOption({ label: 'End in .99' });

      await page.getByLabel('Search products').fill(item.sku);
      const row = page.getByRole('row').filter({ hasText: item.sku }).first();
      await row.getByRole('checkbox', { name: `Select ${item.sku}` }).check();
      await page.getByLabel('Rule', { exact: true }).selectOption({ label: 'Exempt (sold at cost)' });
      await page.getByRole('button', { name: 'Apply to selected' }).click();
      await expect(row.getByRole('cell').nth(3)).toHaveText('Exempt (at cost)');
      await expect(row.getByRole('cell').nth(4)).toHaveText(`$${centsToDecimal(item.cost_cents)}`);
      await expect(page.getByRole('group', { name: 'Item rules' })).toContainText(item.sku);
      await shoot(page.getByRole('group', { name: 'Item rules' }), `item-rules-${viewport.name}`);

      await page.getByLabel('Search products').fill(grouped.sku);
      const groupedRow = page.getByRole('row').filter({ hasText: grouped.sku }).first();
      await expect(groupedRow.getByRole('cell').nth(3)).toContainText('Group +25%');
      await shoot(page.getByRole('region', { name: 'Price preview' }), `preview-rules-${viewport.name}`);
      await shoot(page.getByRole('group', { name: 'Markup per group' }), `group-markups-${viewport.name}`);

      await page.getByRole('button', { name: 'Save markups' }).click();
      await expectToast(page, 'Your markups are saved! You are now ready to download your catalogs');
      await page.reload();
      await expect(bandRows(page)).toHaveCount(7);
      await expect(bandStart(page, 2)).toHaveValue('5.00');
      await expect(bandMarkup(page, 1)).toHaveValue('80');
      await expect(page.getByLabel('Group 1', { exact: true })).toHaveValue(grouped.group);
      await expect(page.getByLabel('Price ending')).toHaveValue('99');
      await expect(page.getByRole('group', { name: 'Item rules' })).toContainText(item.sku);

      // A second profile, a copy of the first with another markup on the first band.
      await page.getByRole('button', { name: 'New profile' }).click();
      await page.getByLabel('Name of the new profile').fill('Standard');
      await page.getByRole('button', { name: 'Create profile' }).click();
      await expect(page.getByText(profileMessages.nameTaken)).toBeVisible();
      await page.getByLabel('Name of the new profile').fill('Commercial');
      await page.getByRole('button', { name: 'Create profile' }).click();
      await expectToast(page, 'Profile “Commercial” created as a copy of “Standard”.');
      await expect(page.getByLabel('Profile you are editing').locator('option:checked')).toHaveText('Commercial');
      await expect(bandMarkup(page, 1)).toHaveValue('80');
      await bandMarkup(page, 1).fill('100');
      await page.getByRole('button', { name: 'Save markups' }).click();
      await expectToast(page, 'Your markups are saved! You are now ready to download your catalogs');
      await expect(page.getByText(profileMessages.defaultProfile)).toHaveCount(0);
      await shoot(page.getByRole('region', { name: 'Pricing profiles' }), `profiles-${viewport.name}`);

      // The download question preselects the default; the file is priced by the one chosen.
      await page.goto('/dashboard/catalog');
      const card = page.getByRole('article', { name: list.name }).first();
      await card.getByRole('button', { name: 'Download CSV' }).click();
      const dialog = page.getByRole('dialog', { name: 'Download price list' });
      const choice = dialog.getByLabel('Pricing profile');
      await expect(choice.locator('option:checked')).toHaveText('Standard (default)');
      await choice.selectOption({ label: 'Commercial' });
      await shoot(dialog, `download-dialog-${viewport.name}`);
      const downloadEvent = page.waitForEvent('download');
      await dialog.getByRole('button', { name: 'Yes' }).click();
      const download = await downloadEvent;
      expect(download.suggestedFilename()).toBe(`${list.name} - Commercial.csv`);

      const profiles = await apiGet<PricingProfile[]>(page, '/api/pricing-profiles/', account.email);
      const commercial = profiles.find((profile) => profile.name === 'Commercial');
      if (!commercial) throw new Error('no Commercial profile');
      expect(commercial.is_default).toBe(false);
      const engine = compileRules(rulesFromProfile(commercial));
      const records = parse(await readFile(await download.path()), { bom: true, columns: true, skip_empty_lines: true }) as Array<Record<string, string>>;
      expect(records).toHaveLength(list.products.length);
      const bySku = new Map(list.products.map((product) => [product.sku, product]));
      for (const record of records) {
        const product = bySku.get(record.SKU!)!;
        const price = engine.price({ sku: product.sku, group: product.group, costCents: product.cost_cents });
        expect({ sku: record.SKU, price: record.Price, withTax: record['Price with tax'] }).toEqual({
          sku: product.sku,
          price: centsToDecimal(price.priceCents),
          withTax: centsToDecimal(price.priceWithTaxCents),
        });
      }
      expect(records.find((record) => record.SKU === item.sku)?.Price).toBe(centsToDecimal(item.cost_cents));
    });
  });
}

test('profiles are created, renamed, made default and deleted, never the last; saving the QuickBooks texts says it resets a custom table', async ({ page, request }) => {
  const account = { name: 'Pat Profiles', email: uniqueEmail('profiles'), password: 'four-square box cover' };
  await createActivatedUser(request, account);
  await signInThroughApi(page, account);
  await page.goto('/dashboard/userfactor');
  const profile = page.getByLabel('Profile you are editing');
  await expect(profile.locator('option:checked')).toHaveText('Standard (default)');
  // The only profile cannot be deleted.
  await expect(page.getByText(profileMessages.lastProfile)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete', exact: true })).toHaveAttribute('aria-disabled', 'true');

  // A seventh band on the default profile: saving the QuickBooks texts would put six back, and says so first.
  await expect(page.getByText(/goes back to the six standard bands/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Add a band' }).click();
  await expect(bandRows(page)).toHaveCount(8);
  await expect(page.getByText('Switching drops the changes you have not saved.')).toBeVisible();
  await page.getByRole('button', { name: 'Save markups' }).click();
  await expectToast(page, 'Your markups are saved! You are now ready to download your catalogs');
  await expect(page.getByText(quickBooksTextMessages.resetsTable(7))).toBeVisible();
  await page.getByLabel('QuickBooks item type').fill('Inventory');
  await page.getByRole('button', { name: 'Save texts and reset the table' }).click();
  await expectToast(page, quickBooksTextMessages.saved);
  await expect(bandRows(page)).toHaveCount(7);
  await expect(page.getByText(/goes back to the six standard bands/)).toHaveCount(0);

  await page.getByRole('button', { name: 'New profile' }).click();
  await page.getByLabel('Name of the new profile').fill('x'.repeat(41));
  await page.getByRole('button', { name: 'Create profile' }).click();
  await expect(page.getByText(profileMessages.nameTooLong)).toBeVisible();
  await page.getByLabel('Name of the new profile').fill('Residential');
  await page.getByRole('button', { name: 'Create profile' }).click();
  await expectToast(page, profileToasts.created('Residential', 'Standard'));
  await expect(profile.locator('option:checked')).toHaveText('Residential');
  await page.getByRole('button', { name: 'Rename', exact: true }).click();
  await page.getByLabel('New name').fill('Homes');
  await page.getByRole('button', { name: 'Rename profile' }).click();
  await expectToast(page, profileToasts.renamed('Homes'));
  await page.getByRole('button', { name: 'Make default' }).click();
  await expectToast(page, profileToasts.madeDefault('Homes'));
  await expect(profile.locator('option:checked')).toHaveText('Homes (default)');
  await expect(page.getByText(profileMessages.defaultProfile)).toBeVisible();
  await shoot(page.getByRole('region', { name: 'Pricing profiles' }), 'profiles-default-desktop');

  // The other profile goes, after a question; the one left cannot.
  await profile.selectOption({ label: 'Standard' });
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const question = page.getByRole('alertdialog', { name: 'Delete Standard?' });
  await expect(question).toContainText('Delete the profile “Standard”? Its markups are gone for good.');
  await question.getByRole('button', { name: 'Delete Standard' }).click();
  await expectToast(page, profileToasts.deleted('Standard'));
  await expect(profile.locator('option')).toHaveText(['Homes (default)']);
  await expect(page.getByText(profileMessages.lastProfile)).toBeVisible();
});
