import { expect, test, type Page } from '@playwright/test';
import { signInThroughApi } from '../support/accounts.ts';
import { waitForMail } from '../support/inbox.ts';

const operator = { email: 'operator@example.com', password: 'tradelist-operator-2024' };
const subscriber = 'subscriber@example.com';

const HEADER = 'sku,name,description,unit,group,cost';
const firstList = [
  HEADER,
  'LBR-2X4-8,"2x4x8 SPF Stud",Kiln-dried stud,EA,Dimensional Lumber,4.25',
  'LBR-2X6-10,"2x6x10 SPF #2",Kiln-dried,EA,Dimensional Lumber,9.80',
  'PLY-CDX-12,"1/2 in CDX Plywood 4x8",Sheathing,SH,Sheet Goods,32.50',
].join('\n');
// A month later: the stud and the plywood up, the 2x6 down, one new item.
const secondList = [
  HEADER,
  'LBR-2X4-8,"2x4x8 SPF Stud",Kiln-dried stud,EA,Dimensional Lumber,4.75',
  'LBR-2X6-10,"2x6x10 SPF #2",Kiln-dried,EA,Dimensional Lumber,9.10',
  'PLY-CDX-12,"1/2 in CDX Plywood 4x8",Sheathing,SH,Sheet Goods,41.00',
  'OSB-716,"7/16 in OSB 4x8",Sheathing,SH,Sheet Goods,18.40',
].join('\n');

/** The upload form of the Editions section, filled and sent. */
async function uploadFile(page: Page, categoryId: number, name: string, csv: string) {
  const form = page.getByRole('form', { name: 'Upload a supplier file' });
  await form.getByLabel('Category').selectOption(String(categoryId));
  await form.getByLabel('Supplier file (CSV or .xlsx)').setInputFiles({ name: 'lumber.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await form.getByLabel('Edition name').fill(name);
  await form.getByRole('button', { name: 'Check and preview' }).click();
}

test('an operator uploads a supplier file, sees its problems, previews the changes and publishes; a subscriber gets the email and sees the changes in the preview', async ({ page }) => {
  const categories = (await (await page.request.get('/api/categories/')).json()) as Array<{ id: number; name: string }>;
  const lumber = categories.find((category) => category.name === 'Lumber');
  if (!lumber) throw new Error('no Lumber category in the sample data');
  const run = Math.random().toString(36).slice(2, 7);

  await signInThroughApi(page, operator);
  await page.goto('/operator/editions');
  await expect(page.getByRole('table', { name: 'Editions' })).toBeVisible();

  // A file with bad rows: every problem with its row number, nothing stored.
  await uploadFile(page, lumber.id, `Lumber — bad ${run}`, `${HEADER}\nLBR-1,Stud,,EA,Lumber,abc\nLBR-1,Stud again,,EA,Lumber,2.00`);
  await expect(page.getByRole('heading', { name: 'The file has 2 problems; nothing was stored.' })).toBeVisible();
  const problems = page.getByRole('table', { name: 'Problems' });
  await expect(problems.getByRole('row', { name: /2 cost "abc" is not an amount/ })).toBeVisible();
  await expect(problems.getByRole('row', { name: /3 SKU "LBR-1" repeats row 2/ })).toBeVisible();

  // The first list of the category, published now.
  await uploadFile(page, lumber.id, `Lumber — first ${run}`, firstList);
  await expect(page.getByRole('heading', { name: `Preview: Lumber — first ${run}` })).toBeVisible();
  await expect(page.getByText('This is the first edition of Lumber: every item is new.')).toBeVisible();
  await page.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByText(/^Published LUMBER-\d{4}-\d{2}(-\d+)?; subscribers are being emailed\.$/)).toBeVisible();
  const editions = page.getByRole('table', { name: 'Editions' });
  await expect(editions.getByRole('row', { name: new RegExp(`Lumber — first ${run}.*Current`) })).toBeVisible();
  await waitForMail(subscriber, `New on Tradelist: Lumber — first ${run}`);

  // The next list: the preview shows what changes against the first, biggest movers included.
  await uploadFile(page, lumber.id, `Lumber — second ${run}`, secondList);
  const preview = page.getByRole('region', { name: `Preview: Lumber — second ${run}` });
  await expect(preview.getByRole('heading', { name: `Compared with Lumber — first ${run}` , exact: false })).toBeVisible();
  const counts = preview.getByRole('list', { name: 'Changes' });
  await expect(counts).toContainText('1 New');
  await expect(counts).toContainText('0 Removed');
  await expect(counts).toContainText('2 Price up');
  await expect(counts).toContainText('1 Price down');
  const increases = preview.getByRole('table', { name: 'Biggest price increases' });
  await expect(increases.getByRole('row', { name: /PLY-CDX-12 .*\$32\.50 \$41\.00 \+\$8\.50 \(\+26\.2%\)/ })).toBeVisible();
  await expect(preview.getByRole('table', { name: 'Biggest price decreases' }).getByRole('row', { name: /LBR-2X6-10/ })).toBeVisible();
  await preview.getByRole('button', { name: 'Publish now' }).click();
  await expect(editions.getByRole('row', { name: new RegExp(`Lumber — second ${run}.*Current`) })).toBeVisible();
  await expect(editions.getByRole('row', { name: new RegExp(`Lumber — first ${run}.*Previous`) })).toBeVisible();

  // The subscriber's email: the changes and the largest increases at their prices, and a way to stop them.
  const mail = await waitForMail(subscriber, `New on Tradelist: Lumber — second ${run}`);
  expect(mail.text).toContain('Since the previous edition, 2 items went up and 1 item went down; 1 item is new and 0 items were removed.');
  expect(mail.text).toContain('1/2 in CDX Plywood 4x8 (PLY-CDX-12): $');
  expect(mail.text.indexOf('PLY-CDX-12')).toBeLessThan(mail.text.indexOf('LBR-2X4-8'));
  expect(mail.text).toMatch(/\/dashboard\/catalog/);
  expect(mail.text).toMatch(/Unsubscribe: http\S+\/api\/unsubscribe\//);

  // The publications are in the audit log.
  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('table', { name: 'Audit log' }).getByRole('row', { name: /edition\.publish/ }).first()).toBeVisible();

  // The subscriber sees the new edition's changes in the markup preview: up, and new.
  const published = (await (await page.request.get('/api/operator/editions/')).json()) as Array<{ id: number; name: string }>;
  const second = published.find((edition) => edition.name === `Lumber — second ${run}`);
  if (!second) throw new Error('the second edition is not listed');
  await page.context().clearCookies();
  await signInThroughApi(page, { email: subscriber, password: 'tradelist-subscriber-2024' });
  await page.goto(`/dashboard/userfactor?collection=${second.id}&changed=true`);
  await expect(page.getByRole('checkbox', { name: 'Changed this month' })).toBeChecked();
  await expect(page.getByText(`Changes are against Lumber — first ${run}`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'PLY-CDX-12' }).first().getByRole('cell').nth(6)).toContainText('+');
  await expect(page.getByRole('row').filter({ hasText: 'OSB-716' }).first().getByRole('cell').nth(6)).toContainText('New');
  await expect(page.getByRole('row').filter({ hasText: 'LBR-2X6-10' }).first().getByRole('cell').nth(6)).toContainText('−');
});

test('an operator writes product news, previews it sanitised, sends a test to themself, then to every user with product news on', async ({ page }) => {
  const subject = `Jobber sync is faster ${Math.random().toString(36).slice(2, 7)}`;
  await signInThroughApi(page, operator);
  await page.goto('/operator/product-news');
  const form = page.getByRole('form', { name: 'Product news' });
  await form.getByLabel('Subject').fill(subject);
  await form.getByLabel('Message (markdown)').fill('Syncs to **Jobber** now take half the time. <script>window.hacked = true</script> [Read more](https://tradelist.example/blog)');
  await form.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('region', { name: 'Email preview' });
  await expect(preview.locator('div strong')).toHaveText('Jobber');
  await expect(preview.getByRole('link', { name: 'Read more' })).toHaveAttribute('href', 'https://tradelist.example/blog');
  await expect(preview).toContainText('<script>window.hacked = true</script>');
  expect(await page.evaluate(() => (window as unknown as { hacked?: boolean }).hacked)).toBeUndefined();

  await form.getByRole('button', { name: 'Send me a test' }).click();
  await expect(page.getByText(`A test email is on its way to ${operator.email}.`)).toBeVisible();
  await waitForMail(operator.email, `[Test] ${subject}`);

  page.once('dialog', (dialog) => void dialog.accept());
  await form.getByRole('button', { name: 'Send to all users' }).click();
  await expect(page.getByText(`"${subject}" is being sent to every user with product news on.`)).toBeVisible();
  const mail = await waitForMail(subscriber, subject);
  expect(mail.subject).toBe(subject);
  expect(mail.text).toContain('Syncs to **Jobber** now take half the time.');
  await expect(page.getByRole('table', { name: 'Product news sent' }).getByRole('row', { name: new RegExp(subject) })).toBeVisible();
});
