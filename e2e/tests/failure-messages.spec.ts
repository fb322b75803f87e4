import { expect, test } from '@playwright/test';
import { expectToast } from '../support/toasts.ts';

// product §8 messages shown when a call fails or is slow, provoked by intercepting the call.

test('activation shows "Activating your account..." while the call runs', async ({ page }) => {
  await page.route('**/api/activate/', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await page.goto('/activate/MQ/not-a-real-token');
  await expect(page.getByText('Activating your account...')).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Activation failed. Invalid or expired link.');
});

test('a reset request that cannot reach the server shows "Failed to send reset email"', async ({ page }) => {
  await page.route('**/api/request-password-reset/', (route) => route.abort('connectionrefused'));
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill('someone@example.com');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expectToast(page, 'Failed to send reset email');
});

test('a registration that cannot reach the server shows "There was an error registering the user!"', async ({ page }) => {
  await page.route('**/api/register/', (route) => route.abort('connectionrefused'));
  await page.goto('/register');
  await page.getByLabel('Name').fill('Offline Olly');
  await page.getByLabel('Email').fill('offline@example.com');
  await page.getByLabel('Password', { exact: true }).fill('network is down today');
  await page.getByLabel('Repeat password').fill('network is down today');
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expectToast(page, 'There was an error registering the user!');
});
