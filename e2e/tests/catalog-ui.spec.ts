import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { LatestCollectionResponse, PreviewProduct, PreviewProductsResponse } from '@tradelist/contract/catalog';
import { profileMessages } from '@tradelist/contract/pricing-profiles';
import { markupFieldLabels } from '../../apps/web/src/features/markups/utils/field-labels.ts';
import { createActivatedUser, signInThroughApi, uniqueEmail } from '../support/accounts.ts';
import { subscribeThroughApi } from '../support/billing.ts';
import { expectToast } from '../support/toasts.ts';

// The catalog cards and the markup screen as a contractor sees them: the two download
// buttons and the remembered choice, the allowance note's contrast, the landing after payment, a
// negative markup, and whole SKUs in the preview.

const subscriber = { email: 'subscriber@example.com', password: 'tradelist-subscriber-2024' };
const widths = [1280, 375] as const;
const viewport = (width: number) => ({ width, height: width === 375 ? 740 : 900 });

/** A new account, activated, onboarded and signed in: a free user whose list is the free demo. */
async function signInNewUser(page: Page, label: string): Promise<string> {
  const account = { name: 'Casey Cards', email: uniqueEmail(label), password: 'lineman pliers 9 inch' };
  await createActivatedUser(page.request, account);
  await signInThroughApi(page, account);
  return account.email;
}

async function freeDemoName(page: Page, email: string): Promise<string> {
  const response = await page.request.get('/api/latest-collection/FREE/', { headers: { 'x-user-email': email } });
  const name = ((await response.json()) as LatestCollectionResponse).latest_collection[0]?.name;
  if (!name) throw new Error('no free demo list');
  return name;
}

/** The primary (orange) button style, as the computed background colour shows it. */
async function isPrimary(button: Locator): Promise<boolean> {
  return button.evaluate((element) => getComputedStyle(element).backgroundColor === 'rgb(255, 122, 26)');
}

test('each card offers Download Excel beside Download CSV, and the last format and layout are remembered', async ({ page }) => {
  const email = await signInNewUser(page, 'excel');
  const demo = await freeDemoName(page, email);
  await page.goto('/dashboard/catalog?category=FREE');
  const card = page.getByRole('article', { name: demo });
  const csvButton = card.getByRole('button', { name: 'Download CSV' });
  const excelButton = card.getByRole('button', { name: 'Download Excel' });
  await expect(csvButton).toBeVisible();
  await expect(excelButton).toBeVisible();
  // Side by side, on one row.
  const [csvBox, excelBox] = [await csvButton.boundingBox(), await excelButton.boundingBox()];
  expect(Math.abs((csvBox?.y ?? 0) - (excelBox?.y ?? 1))).toBeLessThan(2);
  // Nothing chosen yet: CSV is the default.
  expect(await isPrimary(csvButton)).toBe(true);
  expect(await isPrimary(excelButton)).toBe(false);

  // The Excel button asks product §2's question too, with Excel already picked.
  await excelButton.click();
  const dialog = page.getByRole('dialog', { name: 'Download price list' });
  await expect(dialog).toContainText('Have you added your desired markup configurations before downloading?');
  await expect(dialog.getByRole('radio', { name: 'Excel', exact: true })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: 'Price list', exact: true })).toBeChecked();
  await dialog.getByRole('radio', { name: 'QuickBooks Online import', exact: true }).check();
  const downloadEvent = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Yes' }).click();
  expect((await downloadEvent).suggestedFilename()).toMatch(/\.xlsx$/);
  await expectToast(page, 'Successfully downloaded pricelist');

  // Another visit: the layout chosen is preselected, and Excel is now the card's first choice.
  await page.reload();
  await expect(excelButton).toBeVisible();
  expect(await isPrimary(excelButton)).toBe(true);
  expect(await isPrimary(csvButton)).toBe(false);
  await excelButton.click();
  await expect(dialog.getByRole('radio', { name: 'Excel', exact: true })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: 'QuickBooks Online import', exact: true })).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // The CSV button picks CSV, with the remembered layout.
  await csvButton.click();
  await expect(dialog.getByRole('radio', { name: 'CSV', exact: true })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: 'QuickBooks Online import', exact: true })).toBeChecked();
});

for (const width of widths) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: viewport(width) });

    test('the catalog, with its downloads-used note, passes axe colour contrast', async ({ page }) => {
      await signInThroughApi(page, subscriber);
      await page.goto('/dashboard/catalog');
      const note = page.getByText(/downloads used this period/);
      await expect(note).toBeVisible();
      await expect(note).toContainText('(until ');
      await expect(page.getByRole('article').first()).toBeVisible();
      const results = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
      expect(results.violations.flatMap((violation) => violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary}`))).toEqual([]);
    });

    test("after payment, 'Browse Catalogs' lands on the paid list with its download buttons in view", async ({ page }) => {
      const email = await signInNewUser(page, `browse-${width}`);
      await subscribeThroughApi(page, email);
      const latest = (await (await page.request.get('/api/latest-collection/ALL/', { headers: { 'x-user-email': email } })).json()) as LatestCollectionResponse;
      const paid = latest.latest_collection.find((collection) => !collection.is_free);
      if (!paid) throw new Error('no paid list');
      // What the payment return stores before it opens the success screen (product §2.10).
      await page.evaluate(() => {
        localStorage.setItem('status', 'true');
        localStorage.setItem('status2', 'true');
      });
      await page.goto('/dashboard/subscription-success');
      await expect(page.getByRole('heading', { name: 'Subscription Successful!' })).toBeVisible();
      await page.getByRole('link', { name: 'Browse Catalogs' }).click();
      await expect(page).toHaveURL(/\/dashboard\/catalog/);
      const card = page.getByRole('article', { name: paid.name });
      await expect(card.getByRole('button', { name: 'Download CSV' })).toBeInViewport();
      await expect(card.getByRole('button', { name: 'Download Excel' })).toBeInViewport();
    });

    test('the preview shows every SKU whole', async ({ page }) => {
      await signInThroughApi(page, subscriber);
      const products: PreviewProduct[] = [];
      for (let offset = 0, total = 1; offset < total; offset += 100) {
        const response = await page.request.get(`/api/preview-products/?offset=${offset}&limit=100`, { headers: { 'x-user-email': subscriber.email } });
        const body = (await response.json()) as PreviewProductsResponse;
        total = body.total;
        products.push(...body.products);
      }
      // The longest SKU, and a family of SKUs that differ only by their size suffix, longest first.
      const longest = products.reduce((a, b) => (b.sku.length > a.sku.length ? b : a));
      const families = new Map<string, PreviewProduct[]>();
      for (const product of products) {
        const prefix = product.sku.replace(/-[^-]+$/, '-');
        families.set(prefix, [...(families.get(prefix) ?? []), product]);
      }
      // A family small enough for all its rows to be in view at once.
      const [family] = [...families]
        .filter(([, members]) => members.length > 1 && members.length <= 8)
        .sort(([, a], [, b]) => Math.max(...b.map((p) => p.sku.length)) - Math.max(...a.map((p) => p.sku.length)))[0]!;
      await page.goto('/dashboard/userfactor');
      const table = page.getByRole('table', { name: 'Products priced with your markups' });
      for (const search of [longest.sku, family]) {
        await page.getByLabel('Search products').fill(search);
        const expected = products.filter((product) => product.sku.includes(search)).length;
        const rows = table.getByRole('row').filter({ hasText: search });
        await expect(rows).toHaveCount(expected);
        for (const row of await rows.all()) {
          const cell = row.getByRole('cell').first();
          const shown = await cell.evaluate((element) => ({
            text: element.textContent,
            clipped: element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight,
            overflowsRow: element.getBoundingClientRect().bottom > element.parentElement!.getBoundingClientRect().bottom + 0.5,
          }));
          expect(shown, `${shown.text}`).toMatchObject({ clipped: false, overflowsRow: false });
          expect(products.some((product) => product.sku === shown.text)).toBe(true);
        }
      }
    });
  });
}

test('a negative markup is refused in its field, and the preview says it leaves that band out', async ({ page }) => {
  const email = await signInNewUser(page, 'negative');
  await page.goto('/dashboard/userfactor');
  const preview = (await (await page.request.get('/api/preview-products/', { headers: { 'x-user-email': email } })).json()) as PreviewProductsResponse;
  expect(preview.total).toBeGreaterThan(0);
  const lowBand = page.getByLabel(markupFieldLabels.markup1_10);
  await expect(lowBand).toBeEnabled();
  await lowBand.fill('-5');
  // product §5: refused on the form...
  await expect(lowBand).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(profileMessages.markupRange)).toBeVisible();
  // ...and the preview says, where its prices are, that it leaves that band's markup out (0 %).
  const pricePreview = page.getByRole('region', { name: 'Price preview' });
  const notice = pricePreview.getByRole('status').filter({ hasText: 'Left out of these prices' });
  await expect(notice).toHaveText('Left out of these prices until you correct it: Band 1.');
  // Saving is refused; nothing is stored.
  await page.getByRole('button', { name: 'Save markups' }).click();
  await expect(lowBand).toBeFocused();
  await expect(page.getByRole('alert').filter({ hasText: 'Your markups are saved!' })).toHaveCount(0);

  await lowBand.fill('5');
  await expect(notice).toHaveCount(0);
  await expect(page.getByText(profileMessages.markupRange)).toHaveCount(0);
});

test.describe('at 375 px', () => {
  test.use({ viewport: viewport(375) });

  test("the download question's Cancel leads to the markups, and their save back to the list's download buttons", async ({ page }) => {
    const email = await signInNewUser(page, 'cancel-save');
    const demo = await freeDemoName(page, email);
    await page.goto('/dashboard/catalog');
    const card = page.getByRole('article', { name: demo });
    await card.getByRole('button', { name: 'Download Excel' }).click();
    await page.getByRole('dialog', { name: 'Download price list' }).getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/dashboard\/userfactor$/);
    const lowBand = page.getByLabel(markupFieldLabels.markup1_10);
    await expect(lowBand).toBeEnabled();
    await lowBand.fill('20');
    await page.getByRole('button', { name: 'Save markups' }).click();
    await expectToast(page, 'Your markups are saved! You are now ready to download your catalogs');
    await expect(page).toHaveURL(/\/dashboard\/catalog$/);
    // The free list comes after the paid ones on a phone: it is scrolled into view.
    await expect(card.getByRole('button', { name: 'Download CSV' })).toBeInViewport();
    await expect(card.getByRole('button', { name: 'Download Excel' })).toBeInViewport();
  });
});
