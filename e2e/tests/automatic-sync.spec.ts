import { expect, test, type Page } from '@playwright/test';
import { createActivatedUser, signInThroughApi, uniqueEmail } from '../support/accounts.ts';
import { expectToast } from '../support/toasts.ts';

// product §10.22, §8.10: Settings → Connections, the switch that keeps a connection's prices
// current each month, and the line that says what it will and will not do.

const jobberUrl = () => process.env.E2E_JOBBER_URL ?? '';

const label = 'Keep prices current automatically each month';
const explanation =
  'When a new edition of a list you have synced comes out, we sync it for you and email you what changed. We never lower a price, never overwrite an item you edited in your software, and never make an item inactive: those wait for you to review.';

async function jobberStatus(page: Page): Promise<{ connected: boolean; automatic_sync: boolean }> {
  const response = await page.request.get('/api/jobber/status/');
  expect(response.status()).toBe(200);
  return (await response.json()) as { connected: boolean; automatic_sync: boolean };
}

for (const width of [1280, 375]) {
  test(`at ${width} px: connect Jobber in Settings, turn on automatic syncs, see it kept after a reload, turn it off`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const account = { name: 'Hana Handsfree', email: uniqueEmail(`handsfree-${width}`), password: 'keep the prices current' };
    await createActivatedUser(page.request, account);
    await signInThroughApi(page, account);
    await page.goto('/dashboard/settings');
    await page.getByRole('tab', { name: 'Connections' }).click();
    const jobber = page.getByRole('region', { name: 'Jobber', exact: true });
    // Not connected: no switch to offer yet.
    await expect(jobber).toContainText('Not connected');
    await expect(jobber.getByRole('switch', { name: label })).toHaveCount(0);

    await jobber.getByRole('button', { name: 'Connect Jobber' }).click();
    await page.waitForURL((url) => url.href.startsWith(jobberUrl()));
    await page.getByRole('radio', { name: 'Bright Spark Electric' }).check();
    await page.getByRole('button', { name: 'Connect' }).click();
    await expectToast(page, 'Authentication completed, now you can sync');
    await page.waitForURL((url) => url.pathname === '/dashboard');

    await page.goto('/dashboard/settings');
    await page.getByRole('tab', { name: 'Connections' }).click();
    const toggle = jobber.getByRole('switch', { name: label });
    await expect(toggle).not.toBeChecked();
    // What it will and will not do, read with the switch.
    await expect(toggle).toHaveAccessibleDescription(explanation);
    await expect(jobber).toContainText(explanation);

    await toggle.click();
    await expectToast(page, 'Each new edition will be synced to Jobber automatically.');
    await expect(toggle).toBeChecked();
    expect(await jobberStatus(page)).toMatchObject({ connected: true, automatic_sync: true });
    // QuickBooks is another connection: not connected, no switch.
    await expect(page.getByRole('region', { name: 'QuickBooks Online', exact: true }).getByRole('switch')).toHaveCount(0);

    await page.reload();
    await page.getByRole('tab', { name: 'Connections' }).click();
    await expect(jobber.getByRole('switch', { name: label })).toBeChecked();
    if (width === 375) {
      // The card fits the phone's width: nothing scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    }
    await page.screenshot({ path: test.info().outputPath(`automatic-sync-${width}.png`), fullPage: true });

    await jobber.getByRole('switch', { name: label }).click();
    await expectToast(page, 'Automatic syncs to Jobber are off.');
    expect(await jobberStatus(page)).toMatchObject({ connected: true, automatic_sync: false });
    await jobber.getByRole('button', { name: 'Disconnect' }).click();
    await expectToast(page, 'Disconnected from Jobber successfully.');
    await expect(jobber.getByRole('switch', { name: label })).toHaveCount(0);
  });
}
