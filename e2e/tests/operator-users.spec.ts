import { expect, test } from '@playwright/test';
import { createActivatedUser, signInThroughApi, uniqueEmail } from '../support/accounts.ts';
import { expectToast } from '../support/toasts.ts';

const operator = { email: 'operator@example.com', password: 'tradelist-operator-2024' };

test('an operator finds a user by email, grants a complimentary subscription, sees it, and finds the change in the audit log', async ({ page }) => {
  const customer = { name: 'Casey Conduit', email: uniqueEmail('console-customer'), password: 'copper wire console 2024' };
  await createActivatedUser(page.request, customer);

  await signInThroughApi(page, operator);
  await page.goto('/operator/users');
  await expect(page.getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('searchbox', { name: 'Email or name' }).fill(customer.email);
  await page.getByRole('button', { name: 'Search' }).click();
  const results = page.getByRole('table', { name: /Users \(1 matching/ });
  await expect(results.getByRole('cell', { name: customer.email, exact: true })).toBeVisible();
  await results.getByRole('button', { name: `Open ${customer.email}` }).click();

  const detail = page.getByRole('region', { name: customer.email });
  await expect(detail.getByText('No subscription now.')).toBeVisible();
  await detail.getByRole('spinbutton', { name: 'Days' }).fill('30');
  await detail.getByRole('button', { name: 'Grant complimentary subscription' }).click();
  await expectToast(page, `Granted ${customer.email} a complimentary subscription until`);
  await expect(detail.getByText('Annual plan (complimentary)')).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Revoke complimentary subscription' })).toBeVisible();
  // The list shows the plan too.
  await expect(results.getByRole('cell', { name: 'Annual plan', exact: true })).toBeVisible();

  await page.getByRole('link', { name: 'Audit log' }).click();
  const log = page.getByRole('table', { name: 'Audit log' });
  const row = log.getByRole('row').filter({ hasText: 'subscription.grant_complimentary' }).first();
  await expect(row).toContainText(operator.email);
  await expect(row).toContainText('"source": "complimentary"');
});

test('a contractor who opens /operator/users is turned away and sees no user', async ({ page }) => {
  await signInThroughApi(page, { email: 'demo@example.com', password: 'tradelist-demo-2024' });
  await page.goto('/operator/users');
  await expect(page.getByRole('alert')).toHaveText('This console is for operators only.');
  await expect(page.getByRole('table')).toHaveCount(0);
});
