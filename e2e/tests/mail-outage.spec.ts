import { expect, test } from '@playwright/test';
import { expectToast } from '../support/toasts.ts';
import { uniqueEmail } from '../support/accounts.ts';
import { linkIn, setSmtpRunning, waitForMail } from '../support/inbox.ts';
import { serverLogMark, serverLogSince, WARN } from '../support/server-log.ts';

test.afterEach(async () => setSmtpRunning(true));

test('registration succeeds while SMTP is down, and the mail arrives once it is back', async ({ page }) => {
  const email = uniqueEmail('outage');
  const logMark = serverLogMark();
  await setSmtpRunning(false);

  await page.goto('/register');
  await page.getByLabel('Name').fill('Sam Outage');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('ground fault receptacle');
  await page.getByLabel('Repeat password').fill('ground fault receptacle');
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expectToast(page, 'Thanks for signing up, please check your email to verify your account!');

  // The first delivery attempt fails; nothing may arrive while the server is down.
  await page.waitForTimeout(1_500);
  const during = await fetch(`${process.env.E2E_INBOX_URL}/api/messages?to=${encodeURIComponent(email)}`);
  expect(await during.json()).toEqual([]);

  // The failed attempt is logged as a warning for the operator (and only that: no error line).
  const failures = () => serverLogSince(logMark).filter((entry) => entry.msg === 'job failed');
  await expect.poll(() => failures().length, { message: 'a "job failed" warning in the server log' }).toBeGreaterThan(0);
  for (const failure of failures()) {
    expect(failure).toMatchObject({ level: WARN, queue: 'send-email', giveUp: false, error: expect.stringContaining('ECONNREFUSED') });
  }

  await setSmtpRunning(true);
  const mail = await waitForMail(email, 'Activate your Tradelist account');
  await page.goto(linkIn(mail, '/activate/'));
  await expect(page.getByRole('status')).toContainText('activated');

  // Delivered exactly once, even after further retries would have been due.
  await page.waitForTimeout(6_000);
  const after = await fetch(`${process.env.E2E_INBOX_URL}/api/messages?to=${encodeURIComponent(email)}`);
  expect(((await after.json()) as unknown[]).length).toBe(1);
  expect(serverLogSince(logMark).filter((entry) => entry.level > WARN)).toEqual([]);
});
