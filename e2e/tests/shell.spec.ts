import { expect, test } from '@playwright/test';
import { signInThroughApi } from '../support/accounts.ts';

test('the dashboard guard sends a stranger to /login', async ({ page }) => {
  await page.goto('/dashboard/settings');
  await expect(page).toHaveURL(/\/login$/);
  expect((await page.request.get('/api/me/')).status()).toBe(401);
});

test('the operator console is guarded like the dashboard and loads on its own', async ({ page }) => {
  await page.goto('/operator');
  await expect(page).toHaveURL(/\/login$/);
  await signInThroughApi(page, { email: 'operator@example.com', password: 'tradelist-operator-2024' });
  await page.goto('/operator');
  await expect(page.getByRole('heading', { name: 'Operator console' })).toBeVisible();
});

test('a first visit to / downloads what its server-rendered page names, and no router, sign-in, dashboard, markups or operator code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const laterChunk = /^\/assets\/(sign-in|dashboard|markups|forms|operator|router|vendor|api-client|app(?!-routes))-/;
  const response = await page.goto('/');
  // The page's own HTML holds its content before any script runs.
  expect(await response?.text()).toContain('Accurate contractor price lists');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((script) => laterChunk.test(script))).toEqual([]);
  // Exactly the entry and the preloaded chunks of the page (what scripts/measure-first-visit.ts counts).
  const named = await page.locator('script[type="module"][src], link[rel="modulepreload"]').evaluateAll((elements) =>
    elements.map((element) => element.getAttribute('src') ?? element.getAttribute('href') ?? ''),
  );
  expect(new Set(scripts)).toEqual(new Set(named));

  // The page is hydrated: its menus answer clicks.
  await page.getByRole('button', { name: 'Industries' }).click();
  await expect(page.getByRole('link', { name: 'Electrical' })).toBeVisible();

  // The sign-in pages arrive with the app and its own chunk when the visitor goes there.
  await page.getByRole('link', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  expect(scripts.some((script) => script.startsWith('/assets/sign-in-'))).toBe(true);
});

test('a policy modal opens from the footer and closes with Escape', async ({ page }) => {
  await page.goto('/');
  const opener = page.getByRole('button', { name: 'Terms of Service' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Terms of Service' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('9/15/2024');
  await expect(dialog).toContainText('support@localhost');
  await expect(dialog).toContainText('© 2024 Tradelist. All rights reserved.');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await page.getByRole('button', { name: 'Privacy Policy' }).click();
  await expect(page.getByRole('dialog', { name: 'Privacy Policy' })).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(page.getByRole('dialog', { name: 'Privacy Policy' })).toBeHidden();
});

test('deep links load the app, unknown pages show the not-found page', async ({ page }) => {
  const reset = await page.goto('/reset-password/abc/def');
  expect(reset?.status()).toBe(200);
  await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
  const missing = await page.goto('/no-such-page');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
