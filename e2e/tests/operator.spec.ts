import { expect, test } from '@playwright/test';
import { signInThroughApi } from '../support/accounts.ts';

const operator = { email: 'operator@example.com', password: 'tradelist-operator-2024' };
const contractor = { email: 'demo@example.com', password: 'tradelist-demo-2024' };

test('an operator opens the console and sees every edition, newest first', async ({ page }) => {
  await signInThroughApi(page, operator);
  await page.goto('/operator/editions');
  await expect(page.getByRole('heading', { name: 'Operator console' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Editions' });
  await expect(table).toBeVisible();
  await expect(table.getByRole('cell', { name: 'ELECTRICAL-2026-11' })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'ELECTRICAL-2026-09' })).toBeVisible();
  const codes = await table.locator('tbody tr td:first-child').allTextContents();
  expect(codes.indexOf('ELECTRICAL-2026-11')).toBeLessThan(codes.indexOf('ELECTRICAL-2026-09'));
});

test('a contractor who opens /operator is told it is for operators, and sees no edition', async ({ page }) => {
  await signInThroughApi(page, contractor);
  await page.goto('/operator');
  await expect(page.getByRole('alert')).toHaveText('This console is for operators only.');
  await expect(page.getByRole('table')).toHaveCount(0);
});
