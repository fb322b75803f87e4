import { expect, test, type Page } from '@playwright/test';
import { createActivatedUser, signInThroughApi, uniqueEmail } from '../support/accounts.ts';
import { linkIn, waitForMail } from '../support/inbox.ts';
import { expectToast, toastsOn } from '../support/toasts.ts';

// What the app tells a new contractor: one toast per event, field errors by their labels, the
// timed redirects with their "Go now" links, and onboarding's Cancel (issue 19).

const password = 'romex 12-2 with ground';

async function newUser(page: Page, label: string, options: { onboarded?: boolean } = {}) {
  const account = { name: 'Riley Breaker', email: uniqueEmail(label), password };
  await createActivatedUser(page.request, account, options);
  await signInThroughApi(page, account, options);
  return account;
}

const screenshot = async (page: Page, name: string) => {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `.tmp/e2e-results/accounts-feedback-${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};

/** The General Settings panel (the footer has an email field of its own). */
const general = (page: Page) => page.getByRole('tabpanel', { name: 'General Settings' });

async function mailsTo(to: string, subject: string): Promise<number> {
  const response = await fetch(`${process.env.E2E_INBOX_URL}/api/messages?to=${encodeURIComponent(to)}`);
  const messages = (await response.json()) as Array<{ subject: string }>;
  return messages.filter((message) => message.subject.includes(subject)).length;
}

test('a failed login shows one toast; the next successful login replaces it, and its redirect waits with a Go now link', async ({ page }) => {
  const account = { name: 'Casey Login', email: uniqueEmail('one-toast'), password };
  await createActivatedUser(page.request, account);
  await page.goto('/login');
  await page.getByRole('main').getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill('not the password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expectToast(page, 'Login failed');
  await expect(toastsOn(page)).toHaveCount(1);
  await expect(toastsOn(page)).toContainText('Invalid email or password.');
  await screenshot(page, 'failed-login');
  // Nothing else arrives for the same failure.
  await page.waitForTimeout(1_000);
  await expect(toastsOn(page)).toHaveCount(1);

  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expectToast(page, 'login successfull.');
  await expect(toastsOn(page)).toHaveCount(1);
  await expect(page.getByRole('status').getByRole('link', { name: 'Go now' })).toBeVisible();
  await page.waitForTimeout(2_000);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
});

test('a failed then successful save of the settings form leaves only the success toast', async ({ page }) => {
  const account = await newUser(page, 'save-twice');
  await page.goto('/dashboard/settings');
  await general(page).getByLabel('Email').fill(uniqueEmail('elsewhere'));
  await general(page).getByLabel('Current password').fill('not my password');
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Failed to update settings.');
  await expect(general(page).getByText('Your current password is not correct.')).toBeVisible();

  await general(page).getByLabel('Email').fill(account.email);
  await general(page).getByLabel('Name').fill('Riley Saved');
  await page.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Settings updated successfully.');
  await expect(toastsOn(page)).toHaveCount(1);
  await expect(toastsOn(page)).not.toContainText('Failed to update settings.');
});

test('server field errors show the field\'s label, never its wire name; a broken link and a payment return say what happened', async ({ page }) => {
  const account = await newUser(page, 'labels');
  await page.goto('/forgot-password');
  await page.getByRole('main').getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expectToast(page, 'If an account exists for that email');
  const link = linkIn(await waitForMail(account.email, 'Reset your Tradelist password'), '/reset-password/');

  // The server decides whether the two passwords match: new_password2 comes back as a field error.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('brand new breaker 20A');
  await page.getByLabel('Re-enter new password').fill('another breaker 30A');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expectToast(page, 'Failed to reset password');
  await expect(toastsOn(page)).toHaveCount(1);
  await expect(toastsOn(page)).toContainText('Re-enter new password: Passwords do not match!');
  await screenshot(page, 'field-label');
  await expect(page.getByText('Passwords do not match!').first()).toBeVisible();
  await expect(page.getByText(/new_password/)).toHaveCount(0);

  // A link whose id part was cut or mangled: the uid field error is a sentence.
  await page.goto(`/reset-password/${'x'.repeat(80)}/token`);
  await page.getByLabel('New password', { exact: true }).fill('brand new breaker 20A');
  await page.getByLabel('Re-enter new password').fill('brand new breaker 20A');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expectToast(page, 'This link is incomplete or no longer valid. Please open the link from the email again.');
  await expect(page.getByText(/\buid\b/)).toHaveCount(0);

  // Stripe's return with a session id that is not one.
  await signInThroughApi(page, account);
  await page.goto('/dashboard/subscriptions/success?session_id=not-a-session');
  await expect(page.getByRole('alert').filter({ hasText: 'The address of this page does not name a payment we can check.' })).toBeVisible();
  await expect(page.getByText(/session_id/)).toHaveCount(0);
});

test('after sign-up the page names the address the activation link went to and offers to resend it; the timed redirects keep their Go now links', async ({ page }) => {
  const email = uniqueEmail('signup-resend');
  await page.goto('/register');
  const main = page.getByRole('main');
  await main.getByLabel('Name').fill('Jordan Junction');
  await main.getByLabel('Email').fill(email);
  await main.getByLabel('Password', { exact: true }).fill(password);
  await main.getByLabel('Repeat password').fill(password);
  await main.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expectToast(page, 'Thanks for signing up, please check your email to verify your account!');
  const status = page.getByRole('status').filter({ hasText: 'We sent the activation link to' });
  await expect(status).toContainText(email);
  await expect(status.getByRole('link', { name: 'Go now' })).toBeVisible();
  await page.waitForTimeout(2_000);
  await expect(page).toHaveURL(/\/register$/);
  // The product's 5 seconds, then the login page.
  await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });

  const notice = page.getByRole('region', { name: 'Activation link sent' });
  await expect(notice).toContainText(`We sent the activation link to ${email}.`);
  await expect(page.getByRole('main').getByLabel('Email')).toHaveValue(email);
  await screenshot(page, 'login-after-sign-up');
  await waitForMail(email, 'Activate your Tradelist account');
  expect(await mailsTo(email, 'Activate your Tradelist account')).toBe(1);
  await notice.getByRole('button', { name: 'Resend activation email' }).click();
  await expectToast(page, 'If that account is waiting for activation, we have sent a new activation link. Please check your email.');
  await expect.poll(() => mailsTo(email, 'Activate your Tradelist account'), { timeout: 20_000 }).toBe(2);

  // The activation page: the server's message, then the login page in 5 seconds, or at once.
  await page.goto(linkIn(await waitForMail(email, 'Activate your Tradelist account'), '/activate/'));
  await expect(page.getByRole('status')).toContainText('Your account has been activated. You can now log in.');
  await page.getByRole('link', { name: 'Go now' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('deleting the account: the message stays 5 seconds with a Go now link, then the login page', async ({ page }) => {
  const account = await newUser(page, 'timed-leaver');
  await page.goto('/dashboard/settings');
  await page.getByRole('tab', { name: 'Security' }).click();
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Your email').fill(account.email);
  await dialog.getByLabel('Current password').fill(password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expectToast(page, 'User deleted successfully.');
  const shownAt = Date.now();
  const notice = page.getByRole('status').filter({ hasText: 'User deleted successfully.' });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('link', { name: 'Go now' })).toBeVisible();
  await page.screenshot({ path: '.tmp/e2e-results/accounts-feedback-deleted-1280.png' });
  // The stored session is gone at once (the server's Clear-Site-Data and the app's own clearing).
  expect(await page.evaluate(() => localStorage.getItem('email'))).toBeNull();
  await page.waitForURL(/\/login$/, { timeout: 10_000 });
  const waited = Date.now() - shownAt;
  expect(waited).toBeGreaterThan(4_000);
  expect(waited).toBeLessThan(7_000);
  expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);
});

test('onboarding: Cancel hides the dialog for the rest of the session, reloads included; the user stays not onboarded and sees it on the next visit', async ({ page, context }) => {
  await newUser(page, 'onboarding-cancel', { onboarded: false });
  await page.goto('/dashboard');
  const dialog = page.getByRole('dialog', { name: 'Welcome to Tradelist' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect((await (await page.request.get('/api/me/')).json()).is_onboarded).toBe(false);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Catalogs' }).or(page.getByRole('navigation')).first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.getByRole('link', { name: 'Configurations' }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/userfactor$/);
  await expect(dialog).toBeHidden();

  // A new browser session (a new tab starts one) is the next visit.
  const next = await context.newPage();
  await next.goto('/dashboard');
  await expect(next.getByRole('dialog', { name: 'Welcome to Tradelist' })).toBeVisible();
});

test('with reduced motion asked for, a toast stays on screen for its time instead of closing at once', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const account = { name: 'Still Toast', email: uniqueEmail('reduced-motion'), password };
  await createActivatedUser(page.request, account);
  await page.goto('/login');
  await page.getByRole('main').getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill('not the password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expectToast(page, 'Login failed');
  await page.waitForTimeout(1_500);
  await expect(toastsOn(page)).toHaveCount(1);
  await expect(toastsOn(page)).toContainText('Invalid email or password.');
});
