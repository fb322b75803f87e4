import { expect, test } from '@playwright/test';
import { signInThroughApi, uniqueEmail } from '../support/accounts.ts';
import { expectToast } from '../support/toasts.ts';

const operator = { email: 'operator@example.com', password: 'tradelist-operator-2024' };

test('an operator sees the overview, downloads the draw as CSV and draws a winner once', async ({ page }) => {
  // A visitor enters the draw through the public call.
  const entrant = uniqueEmail('draw-entrant');
  await page.request.get('/api/config/');
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')!.value;
  expect((await page.request.post('/api/marketing-signup/', { headers: { 'x-xsrf-token': xsrf }, data: { email: entrant } })).status()).toBe(200);

  await signInThroughApi(page, operator);
  await page.goto('/operator');
  const signups = page.getByRole('region', { name: 'Signups' });
  await expect(signups.getByText('Free-year draw')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Subscribers' }).getByText('Revenue per year')).toBeVisible();

  await page.getByRole('link', { name: 'Signups' }).click();
  const draw = page.getByRole('region', { name: 'Free-year draw' });
  await expect(draw.getByRole('cell', { name: entrant, exact: true })).toBeVisible();
  const csvLink = draw.getByRole('link', { name: 'Download CSV' });
  const csv = await page.request.get((await csvLink.getAttribute('href'))!);
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
  expect(await csv.text()).toContain(`${entrant},`);

  await draw.getByRole('button', { name: 'Draw a winner' }).click();
  await expectToast(page, 'won the free-year draw');
  await expect(draw.getByText(/^Winner:/)).toContainText(`by ${operator.email}`);
  await expect(draw.getByRole('button', { name: 'Draw a winner' })).toHaveCount(0);
  await expect(draw.getByRole('button', { name: 'Draw again among the others' })).toBeVisible();
});
