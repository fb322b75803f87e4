import { expect, test } from '@playwright/test';
import { expectToast } from '../support/toasts.ts';
import { createActivatedUser, uniqueEmail } from '../support/accounts.ts';
import { linkIn, waitForMail } from '../support/inbox.ts';

test('forgot password, reset through the mailed link, log in with the new password', async ({ page, request }) => {
  const email = uniqueEmail('reset');
  await createActivatedUser(request, { name: 'Casey Reset', email, password: 'original wire nut 12' });

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expectToast(page, 'If an account exists for that email');

  const link = linkIn(await waitForMail(email, 'Reset your Tradelist password'), '/reset-password/');
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('brand new breaker 20A');
  await page.getByLabel('Re-enter new password').fill('brand new breaker 20A');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/verified$/);
  await expect(page.getByRole('heading', { name: "Great! You're now verified" })).toBeVisible();

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('original wire nut 12');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expectToast(page, 'Login failed');

  await page.getByLabel('Password', { exact: true }).fill('brand new breaker 20A');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });

  // The link worked once.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('another fresh password');
  await page.getByLabel('Re-enter new password').fill('another fresh password');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expectToast(page, 'Failed to reset password');
});
