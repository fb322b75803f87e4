import { expect, test, type Page } from '@playwright/test';
import { createCategory, grantComplimentarySubscription, publishEdition, signInOperator } from '../support/operator.ts';
import { allowOnConsentPage, approveWholePreview, qboUrl, signInWithMarkups, simulatorItems } from '../support/sync.ts';
import { expectToast } from '../support/toasts.ts';

// product §2.15 and §10.21: an item a sync of a list wrote into QuickBooks Online, absent from the
// list's next edition, shows in the preview as "Left the list"; approved with "Make items that
// left the list inactive", it becomes inactive there and is never deleted.
//
// The list is a paid category of its own, opened to the test's user by a complimentary
// subscription: a second free list would stand beside the demo list in every user's "Free
// Collections", which other tests address as the only one.

const company = { id: '9341453071836290', name: 'Sandbox Company US 1' };
type QboItem = { sku?: string; name: string; unitPrice?: number; active: boolean };

const HEADER = 'sku,name,description,unit,group,cost';
/** The first edition: four items. The second: the same without the elbow, and the coupling dearer. */
function supplierFiles(run: string): { first: string; second: string; leaving: string } {
  const sku = (code: string) => `LL${run}-${code}`.toUpperCase();
  const rows = {
    emt: `${sku('EMT-075')},"3/4 in EMT Conduit 10 ft ${run}",Steel conduit,EA,Conduit,8.40`,
    coupling: (cost: string) => `${sku('CPL-075')},"3/4 in EMT Coupling ${run}",Set screw,EA,Fittings,${cost}`,
    connector: `${sku('CON-075')},"3/4 in EMT Connector ${run}",Set screw,EA,Fittings,0.95`,
    elbow: `${sku('ELB-075')},"3/4 in EMT 90 Elbow ${run}",Factory bend,EA,Fittings,6.10`,
  };
  return {
    first: [HEADER, rows.emt, rows.coupling('0.72'), rows.connector, rows.elbow].join('\n'),
    second: [HEADER, rows.emt, rows.coupling('0.89'), rows.connector].join('\n'),
    leaving: sku('ELB-075'),
  };
}

async function resetQuickBooks(): Promise<void> {
  expect((await fetch(`${qboUrl()}/__sim/reset`, { method: 'POST' })).status).toBe(204);
}

async function companyItems(): Promise<QboItem[]> {
  return (await simulatorItems<QboItem>(qboUrl()))[company.id] ?? [];
}

function countButton(page: Page, label: string) {
  return page.getByRole('list', { name: 'Changes by kind' }).getByRole('button', { name: new RegExp(`^[\\d,]+ ${label}$`) });
}

function changeRow(page: Page, sku: string) {
  return page.getByRole('region', { name: /^Changes the sync to/ }).getByRole('row').filter({ has: page.getByRole('cell', { name: sku, exact: true }) });
}

// The items are cleared afterwards (connections stay), so the other sync tests find the simulator as a fresh run leaves it.
test.afterEach(resetQuickBooks);

test('an item that left the list shows in the preview, and approved so, becomes inactive in QuickBooks Online, never deleted', async ({ page, request }) => {
  test.setTimeout(240_000);
  await resetQuickBooks();
  await page.setViewportSize({ width: 1280, height: 900 });
  const run = Math.random().toString(36).slice(2, 7);
  const files = supplierFiles(run);

  // The operator makes the list and publishes its first edition; the user may have it.
  const { email } = await signInWithMarkups(page, 'left-list');
  const operator = await signInOperator(request);
  const category = await createCategory(request, operator, `Left List ${run}`, false);
  const first = await publishEdition(request, operator, category.id, `Left List ${run} — first`, files.first);
  await grantComplimentarySubscription(request, operator, email);

  // The first edition synced to QuickBooks Online whole, from its card.
  await page.goto(`/dashboard/catalog?category=${category.id}`);
  const firstCard = page.getByRole('region', { name: 'Current Editions' }).getByRole('article', { name: first.name });
  await firstCard.getByRole('button', { name: 'Sign in to Sync' }).click();
  await page.getByRole('dialog', { name: 'Sign in to Sync' }).getByRole('button', { name: 'Sign in to QuickBooks Online' }).click();
  await allowOnConsentPage(page, qboUrl(), company.name);
  await expectToast(page, 'Authentication completed, now you can sync');
  await page.getByRole('dialog', { name: 'Sync-up' }).getByRole('button', { name: 'Yes' }).click();
  await approveWholePreview(page);
  const synced = await companyItems();
  expect(synced.map((item) => item.sku).sort()).toEqual(files.first.split('\n').slice(1).map((row) => row.split(',')[0]).sort());
  expect(synced.every((item) => item.active)).toBe(true);

  // The second edition leaves the elbow out.
  const second = await publishEdition(request, operator, category.id, `Left List ${run} — second`, files.second);
  await page.goto(`/dashboard/catalog?category=${category.id}`);
  const secondCard = page.getByRole('region', { name: 'Current Editions' }).getByRole('article', { name: second.name });
  await secondCard.getByRole('button', { name: 'Sync', exact: true }).click();
  await page.getByRole('dialog', { name: 'Sync-up' }).getByRole('button', { name: 'Yes' }).click();
  await page.waitForURL(/\/dashboard\/sync-previews\/\d+$/);
  await expect(page.getByRole('button', { name: /^Approve: / })).toBeVisible({ timeout: 30_000 });

  await expect(countButton(page, 'Left the list')).toHaveText('1 Left the list');
  await expect(countButton(page, 'Price up')).toHaveText('1 Price up');
  await expect(countButton(page, 'Unchanged')).toHaveText('2 Unchanged');
  const leaving = changeRow(page, files.leaving);
  await expect(leaving).toContainText('Left the list');
  // Retiring is a choice of its own, off until ticked: the item stays active.
  await expect(leaving).toContainText('Stays active in QuickBooks Online');
  await expect(leaving.getByRole('checkbox', { name: `Sync ${files.leaving}` })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Approve: sync 1 item', exact: true })).toBeVisible();

  await page.getByRole('checkbox', { name: 'Make items that left the list inactive (1)' }).check();
  await expect(leaving).toContainText('Made inactive in QuickBooks Online (never deleted)');
  await expect(leaving.getByRole('checkbox', { name: `Sync ${files.leaving}` })).toBeChecked();
  const approve = page.getByRole('button', { name: 'Approve: sync 1 item, make 1 inactive' });
  await expect(approve).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('preview-left-the-list-1280.png'), fullPage: true });
  // Nothing is written before the approval.
  expect((await companyItems()).find((item) => item.sku === files.leaving)?.active).toBe(true);

  await approve.click();
  await expectToast(page, 'Sync process started');
  await expect(page.getByRole('status').filter({ hasText: 'Successfully synced the pricelist' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('0 created, 1 updated, 2 unchanged, 0 left alone, 1 made inactive, 0 failed')).toBeVisible();

  // In QuickBooks Online the elbow is still there, inactive; the other three stay active.
  const after = await companyItems();
  expect(after).toHaveLength(4);
  const retired = after.find((item) => item.sku === files.leaving);
  expect(retired, 'the item that left the list is not deleted').toBeDefined();
  expect(retired!.active).toBe(false);
  expect(after.filter((item) => item.sku !== files.leaving).every((item) => item.active)).toBe(true);

  // The record counts it as made inactive.
  await page.getByRole('link', { name: 'See the record of this sync' }).click();
  const record = page.locator('tr[aria-current="true"]');
  await expect(record).toContainText(second.name);
  await expect(record.getByRole('cell').nth(await madeInactiveColumn(page))).toHaveText('1');
});

/** The index of the record table's "Made inactive" column. */
async function madeInactiveColumn(page: Page): Promise<number> {
  const headers = await page.getByRole('columnheader').allTextContents();
  const index = headers.indexOf('Made inactive');
  expect(index).toBeGreaterThanOrEqual(0);
  return index;
}
