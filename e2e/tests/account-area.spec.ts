import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { createActivatedUser, signInThroughApi, uniqueEmail } from '../support/accounts.ts';
import { linkIn, waitForMail } from '../support/inbox.ts';
import { expectToast } from '../support/toasts.ts';
import { unsubscribeToken } from '../../apps/api/src/mail/unsubscribe.ts';

const password = 'romex 12-2 with ground';

async function newUser(page: Page, label: string, options: { onboarded?: boolean } = {}) {
  const account = { name: 'Riley Breaker', email: uniqueEmail(label), password };
  await createActivatedUser(page.request, account, options);
  await signInThroughApi(page, account, options);
  return account;
}

/** The General Settings panel (the footer has an email field of its own). */
const general = (page: Page) => page.getByRole('tabpanel', { name: 'General Settings' });

const screenshot = async (page: Page, name: string) => {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `.tmp/e2e-results/account-area-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};

test('onboarding: shown until answered, validated per field, cancelled for this visit, then completed', async ({ page, context }) => {
  await newUser(page, 'onboarding', { onboarded: false });
  await page.goto('/dashboard');
  const dialog = page.getByRole('dialog', { name: 'Welcome to Tradelist' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await screenshot(page, 'onboarding');

  await dialog.getByLabel('Phone number (optional)').fill('12345');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expectToast(page, 'Please fill in all required fields.');
  await expect(dialog.getByText('Please select your software')).toBeVisible();
  await expect(dialog.getByText('Please select your team size')).toBeVisible();
  await expect(dialog.getByText('Please tell us how you found us')).toBeVisible();
  await expect(dialog.getByText('Please enter a valid phone number (e.g., 123-456-7890)')).toBeVisible();
  // A field's message clears when the field changes.
  await dialog.getByLabel('Which software do you use?').selectOption('Jobber');
  await expect(dialog.getByText('Please select your software')).toBeHidden();
  await expect(dialog.getByText('Please select your team size')).toBeVisible();

  // Escape (like Cancel) hides it for this visit, reloads included; the next visit (a new browser
  // session: a new tab) shows it again.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(page.getByRole('navigation').first()).toBeVisible();
  await expect(dialog).toBeHidden();
  expect((await (await page.request.get('/api/me/')).json()).is_onboarded).toBe(false);

  const next = await context.newPage();
  await next.goto('/dashboard');
  const again = next.getByRole('dialog', { name: 'Welcome to Tradelist' });
  await again.getByLabel('Which software do you use?').selectOption('ServiceTitan');
  await again.getByLabel('Team size').selectOption('6-10');
  await again.getByLabel('How did you find us?').selectOption('Referral from Friend/Colleague');
  await again.getByLabel('Phone number (optional)').fill('555.123.4567');
  await again.getByLabel('You may contact me about Tradelist.').check();
  await again.getByRole('button', { name: 'Submit' }).click();
  await expectToast(next, 'Thank you for completing the onboarding!');
  await expect(again).toBeHidden();
  expect(JSON.parse((await next.evaluate(() => localStorage.getItem('userSession'))) ?? '{}')).toMatchObject({ is_onboarded: true });
  await next.reload();
  await expect(next.getByRole('heading', { name: 'Catalogs' }).or(next.getByRole('navigation')).first()).toBeVisible();
  await expect(again).toBeHidden();
});

test('settings: five tabs; save name and preferences; connections; reset link; download my data', async ({ page }) => {
  const account = await newUser(page, 'settings');
  await page.goto('/dashboard/settings');
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveText(['General Settings', 'Connections', 'Updates', 'Security', 'Profile']);
  await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expect(general(page).getByLabel('Email')).toHaveValue(account.email);
  await screenshot(page, 'settings-general');

  // Cancel puts back what is saved.
  await general(page).getByLabel('Name').fill('Someone Else');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(general(page).getByLabel('Name')).toHaveValue('Riley Breaker');

  await general(page).getByLabel('Name').fill('Riley Renamed');
  await page.getByRole('tab', { name: 'Updates' }).click();
  await page.getByLabel(/New edition emails/).uncheck();
  await screenshot(page, 'settings-updates');
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Settings updated successfully.');
  await expect(page.locator('header').getByText('Riley Renamed')).toBeVisible();
  expect(await (await page.request.get('/api/me/')).json()).toMatchObject({ name: 'Riley Renamed', update1: false, update2: true });
  expect(await page.evaluate(() => localStorage.getItem('update1'))).toBe('false');

  await page.getByRole('tab', { name: 'Connections' }).click();
  await expect(page.getByTestId('connection-google')).toContainText('This account does not sign in with Google.');
  await expect(page.getByRole('region', { name: 'QuickBooks Online', exact: true })).toContainText('Not connected');
  await expect(page.getByRole('region', { name: 'Jobber', exact: true })).toContainText('Not connected');
  await screenshot(page, 'settings-connections');

  await page.getByRole('tab', { name: 'Profile' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Profile' })).toBeVisible();

  await page.getByRole('tab', { name: 'Security' }).click();
  await screenshot(page, 'settings-security');
  await page.getByRole('button', { name: 'Send password reset link' }).click();
  await expectToast(page, 'Password reset link sent to your email.');
  await waitForMail(account.email, 'Reset your Tradelist password');

  await page.getByRole('tab', { name: 'General Settings' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^tradelist-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await download.path())!, 'utf8'));
  expect(data.account).toMatchObject({ email: account.email, name: 'Riley Renamed' });
  expect(data.onboarding).toMatchObject({ software: 'QuickBooks' });
});

test('settings: an address another account uses gets the same answer as any other; its owner is told by mail', async ({ page }) => {
  const other = uniqueEmail('taken');
  await createActivatedUser(page.request, { name: 'Other Owner', email: other, password });
  const account = await newUser(page, 'taker');
  await page.goto('/dashboard/settings');
  await general(page).getByLabel('Email').fill(other);
  await general(page).getByLabel('Current password').fill(password);
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Settings updated successfully.');
  await expectToast(page, `We sent a link to ${other}. Your email changes once you open it; until then, keep using your current one.`);
  await waitForMail(other, 'Someone tried to use your email address on Tradelist');
  expect((await (await page.request.get('/api/me/')).json()).email).toBe(account.email);
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
});

test('settings: a new email needs the current password; a wrong one is shown under its field', async ({ page }) => {
  await newUser(page, 'wrong-password');
  await page.goto('/dashboard/settings');
  await expect(general(page).getByLabel('Current password')).toHaveCount(0);
  await general(page).getByLabel('Email').fill(uniqueEmail('elsewhere'));
  await general(page).getByLabel('Current password').fill('not my password');
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Failed to update settings.');
  await expect(general(page).getByText('Your current password is not correct.')).toBeVisible();
  await expect(general(page).getByText('current_password')).toHaveCount(0);
});

test('settings: a new email is used once the link mailed there is opened; the account stays signed in meanwhile', async ({ page }) => {
  const account = await newUser(page, 'mover');
  const newEmail = uniqueEmail('moved');
  await page.goto('/dashboard/settings');
  await general(page).getByLabel('Email').fill(newEmail);
  await general(page).getByLabel('Current password').fill(password);
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Settings updated successfully.');
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await expect(general(page).getByLabel('Email')).toHaveValue(account.email);
  expect((await (await page.request.get('/api/me/')).json()).email).toBe(account.email);
  await waitForMail(account.email, 'A new email address was given for your Tradelist account');

  await page.goto(linkIn(await waitForMail(newEmail, 'Confirm your new Tradelist email address'), '/activate/'));
  await expect(page.getByRole('status')).toContainText('Your new email address is confirmed');
  expect((await (await page.request.get('/api/me/')).json()).email).toBe(newEmail);
  await waitForMail(account.email, 'The email of your Tradelist account was changed');
});

test('delete account: confirmed by typing the email and the current password, signed out, the email can register again', async ({ page }) => {
  const account = await newUser(page, 'leaver');
  await page.goto('/dashboard/settings');
  await page.getByRole('tab', { name: 'Security' }).click();
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  const confirm = dialog.getByRole('button', { name: 'Delete my account' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Your email').fill('someone-else@example.com');
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Your email').fill(account.email);
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Current password').fill('not my password');
  await confirm.click();
  await expectToast(page, 'Failed to delete user.');
  await expect(dialog.getByText('Your current password is not correct.')).toBeVisible();
  await dialog.getByLabel('Current password').fill(password);
  await screenshot(page, 'delete-dialog');
  await confirm.click();
  await expectToast(page, 'User deleted successfully.');
  await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });
  expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);
  expect((await page.request.get('/api/me/')).status()).toBe(401);

  await page.getByRole('main').getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expectToast(page, 'Invalid email or password.');
  // The email is free again: registering it makes a new account.
  await page.request.get('/api/config/');
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const again = await page.request.post('/api/register/', { headers: { 'x-xsrf-token': token }, data: { username: 'Riley Returns', email: account.email, password, password2: password } });
  expect(again.status()).toBe(201);
});

test('the unsubscribe link of a new-edition email: the page asks first, its button turns the emails off, Settings shows it', async ({ page, browser }) => {
  await newUser(page, 'unsubscribe');
  const me = async () => (await (await page.request.get('/api/me/')).json()) as { id: number; update1: boolean; update2: boolean };
  const { id } = await me();
  // The link the server puts in a new-edition email (List-Unsubscribe and the body), opened signed out.
  const link = `${process.env.E2E_BASE_URL}/api/unsubscribe/${unsubscribeToken(process.env.E2E_SESSION_SECRET!, id, 'wants_edition_emails')}/`;
  const reader = await browser.newPage();
  await reader.goto(link);
  await expect(reader.getByRole('heading', { name: 'Unsubscribe' })).toBeVisible();
  // Opening the link changes nothing (mail scanners open links too).
  expect(await me()).toMatchObject({ update1: true, update2: true });
  await reader.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(reader.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
  await reader.close();
  expect(await me()).toMatchObject({ update1: false, update2: true });

  await page.goto('/dashboard/settings');
  await page.getByRole('tab', { name: 'Updates' }).click();
  await expect(page.getByRole('checkbox', { name: /New edition emails/ })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: /Product update emails/ })).toBeChecked();
});
