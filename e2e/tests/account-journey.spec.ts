import { expect, test } from '@playwright/test';
import { expectToast } from '../support/toasts.ts';
import { uniqueEmail } from '../support/accounts.ts';
import { linkIn, waitForMail } from '../support/inbox.ts';

test('register, activate from the mailed link, log in, land on the dashboard, log out', async ({ page }) => {
  const email = uniqueEmail('journey');
  const password = 'conduit bender 3/4 EMT';

  await page.goto('/register');
  await page.getByLabel('Name').fill('Jamie Volt');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Repeat password').fill('something else entirely');
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expectToast(page, 'Passwords do not match!');

  await page.getByLabel('Repeat password').fill(password);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expectToast(page, 'Thanks for signing up, please check your email to verify your account!');
  await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });

  const mail = await waitForMail(email, 'Activate your Tradelist account');
  const activationLink = linkIn(mail, '/activate/');
  expect(activationLink.startsWith(process.env.E2E_BASE_URL!)).toBe(true);
  await page.goto(activationLink);
  await expect(page.getByRole('status')).toContainText('Your account has been activated');
  await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expectToast(page, 'login successfull.');
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
  // A new user is greeted by the onboarding dialog (product §2.6); Cancel hides it for this visit.
  await page.getByRole('dialog', { name: 'Welcome to Tradelist' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByText('Jamie Volt').first()).toBeVisible();
  await expect(page.getByText(email).first()).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('email'))).toBe(email);
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('userSession'))) ?? '{}')).toMatchObject({ email, name: 'Jamie Volt' });

  await page.getByRole('button', { name: 'Logout' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  // The home page is the server's: the app hands over to it.
  await expect(page.getByRole('heading', { level: 1, name: 'Accurate contractor price lists, updated monthly' })).toBeVisible();
  expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  // The server session is gone too: the dashboard's API refuses the old cookies.
  expect((await page.request.get('/api/me/')).status()).toBe(401);

  // Logout sent Clear-Site-Data; signing in again fetches a fresh XSRF token and works.
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
});

test('using an activation link twice shows the product §8 message', async ({ page }) => {
  const email = uniqueEmail('twice');
  await page.goto('/register');
  await page.getByLabel('Name').fill('Robin Twice');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('junction box 4x4 deep');
  await page.getByLabel('Repeat password').fill('junction box 4x4 deep');
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  const link = linkIn(await waitForMail(email, 'Activate'), '/activate/');
  await page.goto(link);
  await expect(page.getByRole('status')).toContainText('activated');
  await page.goto(link);
  await expect(page.getByRole('status')).toContainText('Activation failed. Invalid or expired link.');
});
