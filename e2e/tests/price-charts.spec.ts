import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Category, LatestCollectionResponse, PreviewProductsResponse } from '@tradelist/contract/catalog';
import type { ItemPriceHistory, PriceIndexResponse } from '@tradelist/contract/price-history';
import { markupFields, type MarkupField } from '@tradelist/pricing/bands';
import { markupsFromPercents } from '@tradelist/pricing/markups';
import { formatPercentChange, formatUsd } from '@tradelist/pricing/money';
import { compileRules, rulesFromMarkups } from '@tradelist/pricing/rules';
import { formatMonth } from '../../apps/web/src/components/charts/chart-geometry.ts';
import { markupFieldLabels } from '../../apps/web/src/features/markups/utils/field-labels.ts';
import { biggestMover } from '../../apps/web/src/features/catalog/utils/price-index-summary.ts';
import { formatRunDate } from '../../apps/web/src/lib/format.ts';
import { signInThroughApi } from '../support/accounts.ts';

const subscriber = { email: 'subscriber@example.com', password: 'tradelist-subscriber-2024' };

/** A signed-in API read, identified like the app (session cookie and X-User-Email). */
async function apiGet<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path, { headers: { 'x-user-email': subscriber.email } });
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

/** The part at desktop and phone widths, kept to be looked at; on a phone nothing is wider than the screen. */
async function screenshots(page: Page, part: Locator, name: string): Promise<void> {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    // On a phone the open sidebar covers the page: it is folded away for the picture, and opened again after.
    if (width === 375) await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await part.scrollIntoViewIfNeeded();
    await part.screenshot({ path: test.info().outputPath(`price-charts-${name}-${width}.png`) });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `the page at ${width} px`).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Expand sidebar' }).click();
}

test("the preview's item detail charts the item's cost and price by edition; the catalog shows the price index", async ({ page }) => {
  await signInThroughApi(page, subscriber);
  const { latest_collection: current } = await apiGet<LatestCollectionResponse>(page, '/api/latest-collection/ALL/');
  const edition = current.find((collection) => !collection.is_free)!;
  // A copper wire whose cost moved this month.
  const changed = await apiGet<PreviewProductsResponse>(page, `/api/preview-products/?collection_id=${edition.id}&changed=true&search=THHN`);
  const item = changed.products.find((product) => product.previous_cost_cents !== null && product.previous_cost_cents !== product.cost_cents)!;
  expect(item).toBeDefined();
  const history = await apiGet<ItemPriceHistory>(page, `/api/price-history/?collection_id=${edition.id}&sku=${encodeURIComponent(item.sku)}`);
  expect(history.editions.length).toBeGreaterThanOrEqual(3);
  // The price is the engine's, in the browser, with the markups as typed (nothing saved).
  const bandPercents: Record<MarkupField, number> = { markup1_10: 35, markup11_20: 30, markup21_50: 25, markup51_150: 20, markup151_500: 15, markup501: 10 };
  const engine = compileRules(rulesFromMarkups(markupsFromPercents(bandPercents)));

  await page.goto(`/dashboard/userfactor?collection=${edition.id}`);
  await expect(page.getByRole('status').filter({ hasText: 'Loading your saved markups' })).toHaveCount(0);
  for (const field of markupFields) await page.getByLabel(markupFieldLabels[field]).fill(String(bandPercents[field]));
  await page.getByLabel('Search products').fill(item.sku);
  await page.getByRole('button', { name: `${item.sku}, price history` }).click();
  const detail = page.getByRole('region', { name: item.name });
  await expect(detail.getByRole('heading', { name: item.name })).toBeFocused();
  const label = `Cost and your price of ${item.sku}, edition by edition`;
  const chart = detail.getByRole('group', { name: new RegExp(`^${label}`) });
  await expect(chart).toBeVisible();

  // The same figures as a table, for screen readers: each edition's date, the price the engine gives with the typed markups, the cost.
  const table = detail.getByRole('table', { name: label });
  const figures = history.editions.map((point) => ({
    date: formatRunDate(point.rundate),
    price: formatUsd(engine.price({ sku: item.sku, group: history.group, costCents: point.cost_cents }).priceCents),
    cost: formatUsd(point.cost_cents),
  }));
  await expect(table.getByRole('row')).toHaveCount(figures.length + 1);
  for (const { date, price, cost } of figures) {
    await expect(table.getByRole('row', { name: date })).toHaveText(`${date}${price}${cost}`);
  }
  expect(history.editions.at(-1)!.cost_cents).toBe(item.cost_cents);

  // Focus shows the newest edition's figures, the arrow keys the others; the pointer those of the point under it.
  const spoken = (point: (typeof figures)[number]) => `${point.date}: Your price ${point.price}, Cost ${point.cost}`;
  await chart.focus();
  await expect(detail.getByText(spoken(figures.at(-1)!))).toBeAttached();
  await expect(chart.locator('strong', { hasText: figures.at(-1)!.date })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(detail.getByText(spoken(figures.at(-2)!))).toBeAttached();
  await screenshots(page, detail, 'item-detail');
  // hover() places the pointer relative to the chart once it stands still (the sidebar animates open after the screenshots).
  const box = (await chart.boundingBox())!;
  await chart.hover({ position: { x: box.width * 0.17, y: box.height / 2 } });
  await expect(chart.locator('strong', { hasText: figures[0]!.date })).toBeVisible();
  await detail.getByRole('button', { name: 'Close' }).click();
  await expect(detail).toHaveCount(0);

  // The catalog: the category's change since the first month shown, its chart, and each group's.
  const electrical = (await apiGet<Category[]>(page, '/api/categories/')).find((category) => category.id === edition.category_id)!;
  const index = await apiGet<PriceIndexResponse>(page, `/api/price-index/${electrical.id}/`);
  expect(index.whole.length).toBeGreaterThanOrEqual(3);
  // Wire follows copper: its group moved, whatever the whole list's median did.
  const mover = biggestMover(index.groups)!;
  expect(mover.points.some((point) => point.change_bp !== null && point.change_bp !== 0)).toBe(true);
  await page.goto(`/dashboard/catalog?category=${electrical.id}`);
  const panel = page.getByRole('region', { name: 'Price index', exact: true });
  const since = `since ${formatMonth(index.whole[0]!.month)}`;
  await expect(panel.getByText(`${electrical.name} ${formatPercentChange(index.whole.at(-1)!.cumulative_bp)} ${since}`, { exact: true })).toBeVisible();
  await expect(panel.getByText(`${mover.group} ${formatPercentChange(mover.points.at(-1)!.cumulative_bp)} ${since}`, { exact: true })).toBeVisible();
  await expect(panel.getByRole('group', { name: new RegExp(`^Change in cost ${since}`) })).toBeVisible();
  const monthTable = panel.getByRole('table', { name: `Change in cost ${since}` });
  for (const [at, point] of index.whole.entries()) {
    const month = formatMonth(point.month);
    await expect(monthTable.getByRole('row', { name: month })).toHaveText(`${month}${formatPercentChange(point.cumulative_bp)}${formatPercentChange(mover.points[at]!.cumulative_bp)}`);
  }
  const groups = panel.getByRole('region', { name: 'Price index by group' });
  for (const { group, points } of index.groups) {
    const last = points.at(-1)!;
    await expect(groups.getByRole('row').filter({ has: page.getByRole('rowheader', { name: group, exact: true }) })).toHaveText(
      `${group}${formatPercentChange(last.cumulative_bp)}${last.change_bp === null ? '—' : formatPercentChange(last.change_bp)}`,
    );
  }
  await screenshots(page, panel, 'catalog-index');
});
