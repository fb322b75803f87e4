import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInThroughApi } from '../support/accounts.ts';
import { expectToast } from '../support/toasts.ts';

const operator = { email: 'operator@example.com', password: 'tradelist-operator-2024' };
const contractor = { email: 'demo@example.com', password: 'tradelist-demo-2024' };
const PHONE = { width: 375, height: 812 };

/** How far the page itself scrolls sideways: never past the screen's width. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test.describe('the way in and out of the operator console', () => {
  test('the dashboard links an operator to the console, and a contractor to no console', async ({ page }) => {
    await signInThroughApi(page, contractor);
    await page.goto('/dashboard');
    const dashboardNav = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(dashboardNav.getByRole('link', { name: 'Catalogs' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Operator console' })).toHaveCount(0);

    await signInThroughApi(page, operator);
    await page.goto('/dashboard');
    await dashboardNav.getByRole('link', { name: 'Operator console' }).click();
    await expect(page).toHaveURL(/\/operator$/);
    await expect(page.getByRole('heading', { name: 'Operator console' })).toBeVisible();
    // And back.
    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Catalogs', level: 1 })).toBeVisible();
  });

  test('Logout in the console ends the session: the home page, nothing stored, the console asks for a sign-in', async ({ page }) => {
    await signInThroughApi(page, operator);
    await page.goto('/operator/editions');
    await expect(page.getByRole('table', { name: 'Editions' })).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    // The home page is the server's: the app hands over to it.
    await expect(page.getByRole('heading', { level: 1, name: 'Accurate contractor price lists, updated monthly' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);
    expect((await page.request.get('/api/me/')).status()).toBe(401);
    await page.goto('/operator');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('the console on a 375 px phone', () => {
  test.use({ viewport: PHONE });

  /** Opens what a section can open (an editor, a user, a preview), so that is measured too. */
  const openings: Record<string, (page: Page, body: Locator) => Promise<void>> = {
    editions: async (page) => {
      await page.getByLabel('Category').selectOption({ label: 'Electrical' });
      const csv = 'sku,name,description,unit,group,cost\nEMT-050,1/2 in EMT conduit 10 ft,Electrical metallic tubing,EA,Conduit,7.84\n';
      await page.getByLabel('Supplier file (CSV or .xlsx)').setInputFiles({ name: 'phone.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await page.getByRole('button', { name: 'Check and preview' }).click();
      await expect(page.getByRole('heading', { name: /^Preview/ })).toBeVisible();
    },
    categories: async (page) => page.getByRole('button', { name: 'New category' }).click(),
    plans: async (page) => page.getByRole('button', { name: 'New plan' }).click(),
    blog: async (page) => page.getByRole('button', { name: 'New post' }).click(),
    'user-guide': async (page) => {
      // A change made at this width, which the audit log then lists.
      await page.getByRole('button', { name: /^Edit Getting started/ }).click();
      await page.getByRole('button', { name: 'Save', exact: true }).first().click();
      await expectToast(page, 'PDF saved.');
    },
    users: async (page, body) => {
      // Found by search: after other tests, the operator need not be on the first page.
      await page.getByRole('searchbox', { name: 'Email or name' }).fill(operator.email);
      await page.getByRole('button', { name: 'Search' }).click();
      await body.getByRole('button', { name: `Open ${operator.email}` }).click();
      await expect(page.getByRole('region', { name: operator.email })).toBeVisible();
    },
  };

  test('every section of the console fits the screen: wide tables scroll in their own box, never the page', async ({ page }) => {
    await signInThroughApi(page, operator);
    await page.goto('/operator');
    const nav = page.getByRole('navigation', { name: 'Operator console' });
    await expect(nav.getByRole('link')).toHaveCount(10);
    const sections = await nav.getByRole('link').evaluateAll((links) => links.map((link) => [link.textContent ?? '', new URL((link as HTMLAnchorElement).href).pathname.split('/').pop()!]));
    const body = page.locator('main');
    for (const [label, slug] of sections) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/operator/${slug}$`));
      await expect(body.getByText(/^Loading /)).toHaveCount(0);
      await page.waitForLoadState('networkidle');
      expect(await pageWidth(page), `${label}`).toBeLessThanOrEqual(PHONE.width);
      const open = openings[slug!];
      if (open) {
        await open(page, body);
        await page.waitForLoadState('networkidle');
        expect(await pageWidth(page), `${label}, opened`).toBeLessThanOrEqual(PHONE.width);
      }
    }
    // The audit log lists the change made above, in a table that scrolls in its own box.
    const log = page.getByRole('table', { name: 'Audit log' });
    await expect(log.getByRole('row').filter({ hasText: 'guide' }).first()).toBeVisible();
    const box = page.getByRole('group', { name: 'Audit log' });
    expect(await box.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    await box.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => box.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  });
});

test.describe("the upload form's Edition name field", () => {
  for (const viewport of [{ width: 1280, height: 900 }, PHONE]) {
    test(`at ${viewport.width} px: level with the run date (or above it), as tall as it, its placeholder whole`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await signInThroughApi(page, operator);
      await page.goto('/operator/editions');
      const name = page.getByLabel('Edition name');
      const runDate = page.getByLabel('Run date');
      await expect(name).toHaveAttribute('placeholder', 'Category Price List — Month Year');
      const [nameBox, dateBox] = [(await name.boundingBox())!, (await runDate.boundingBox())!];
      expect(Math.abs(nameBox.height - dateBox.height)).toBeLessThanOrEqual(2);
      if (viewport.width > 600) expect(Math.abs(nameBox.y - dateBox.y)).toBeLessThanOrEqual(1);
      else expect(dateBox.y).toBeGreaterThan(nameBox.y + nameBox.height);
      // The placeholder's text, in the input's own font, fits inside its padding.
      const fits = await name.evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return { text: context.measureText(input.placeholder).width, room };
      });
      expect(fits.text).toBeLessThanOrEqual(fits.room);
      await page.screenshot({ path: test.info().outputPath(`upload-form-${viewport.width}.png`) });
    });
  }
});
