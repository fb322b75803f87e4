import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/** Every public page of product §2, and the page an unknown path shows. */
const pages = [
  { path: '/', status: 200 },
  { path: '/electrical', status: 200 },
  { path: '/faq', status: 200 },
  { path: '/all-blogs', status: 200 },
  { path: '/blog/pricing-electrical-jobs-with-markups-by-band', status: 200 },
  { path: '/marketing', status: 200 },
  { path: '/book-setup-call', status: 200 },
  { path: '/no-such-page', status: 404 },
];

/** Scrolls through the page so that content loaded below the fold (the landing's second chunk) is checked too. */
async function loadWholePage(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
  await page.waitForLoadState('networkidle');
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
}

/** Runs axe on the page (or a part of it) and expects no serious or critical violation of WCAG 2.2 AA or axe's best practices. */
async function expectNoSeriousViolations(page: Page, include?: string): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ rule: violation.id, impact: violation.impact, help: violation.help, nodes: violation.nodes.map((node) => node.target.join(' ')) }));
  expect(serious).toEqual([]);
}

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 740 : 900 } });

    for (const { path, status } of pages) {
      test(`${path} has no serious or critical accessibility violation (axe)`, async ({ page }) => {
        const response = await page.goto(path);
        expect(response?.status()).toBe(status);
        await loadWholePage(page);
        await expectNoSeriousViolations(page);
      });
    }

    test('what opens and what a form says are as accessible: the menus, a policy modal, an FAQ answer, form errors', async ({ page }) => {
      await page.goto('/');
      await loadWholePage(page);
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      const nav = page.getByRole('navigation', { name: 'Main' });
      if (width === 375) await page.getByRole('button', { name: 'Open menu' }).click();
      await nav.getByRole('button', { name: 'Industries' }).click();
      await expect(nav.getByRole('link', { name: 'Electrical' })).toBeVisible();
      await expectNoSeriousViolations(page, 'header');
      await page.keyboard.press('Escape');

      const newsletter = page.getByRole('region', { name: 'Material prices and pricing tips, once a month' });
      await newsletter.getByRole('button', { name: 'Subscribe' }).click();
      await expect(newsletter.getByText('Please enter an email address')).toBeVisible();
      await expectNoSeriousViolations(page, 'main');

      await page.getByRole('button', { name: 'Privacy Policy' }).click();
      await expect(page.getByRole('dialog', { name: 'Privacy Policy' })).toBeVisible();
      await expectNoSeriousViolations(page, '[role="dialog"]');
      await page.keyboard.press('Escape');

      await page.goto('/faq');
      await page.locator('main button[aria-expanded]').first().click();
      await expect(page.locator('main button[aria-expanded="true"]')).toHaveCount(1);
      await expectNoSeriousViolations(page);

      await page.goto('/book-setup-call');
      await page.getByRole('button', { name: 'Request a setup call' }).click();
      await expect(page.getByText('This field is required.').first()).toBeVisible();
      await expectNoSeriousViolations(page);

      await page.goto('/marketing');
      await page.getByRole('button', { name: 'Enter the draw' }).click();
      await expect(page.getByText('Please enter a valid email')).toBeVisible();
      await expectNoSeriousViolations(page);
    });
  });
}
