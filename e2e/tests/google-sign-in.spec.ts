import { expect, test } from '@playwright/test';
import { uniqueEmail } from '../support/accounts.ts';

test('sign in with Google through the simulator lands on the dashboard', async ({ page }) => {
  const email = uniqueEmail('google');
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  const chooser = page.getByRole('dialog', { name: 'Choose an account' });
  await expect(chooser).toBeVisible();
  await chooser.locator('#gsi-sim-email').fill(email);
  await chooser.locator('#gsi-sim-name').fill('Gale Google');
  await chooser.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
  await expect(page.getByText('Gale Google').first()).toBeVisible();
  const me = await page.request.get('/api/me/');
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ email, is_verified: true });
});
