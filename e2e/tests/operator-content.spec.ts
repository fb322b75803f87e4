import { expect, test } from '@playwright/test';
import { signInThroughApi } from '../support/accounts.ts';
import { expectToast } from '../support/toasts.ts';

const operator = { email: 'operator@example.com', password: 'tradelist-operator-2024' };

/** A small PNG (8×8, orange): the server re-encodes it to the thumbnail's and the author's sizes. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWN4ViGHFTEMLQkAUPNfAR79oPcAAAAASUVORK5CYII=',
  'base64',
);

test('the operator writes a post with the live preview, publishes it, and it appears on /all-blogs and at /blog/{custom_url}', async ({ page }) => {
  const customUrl = `copper-watch-${Date.now().toString(36)}`;
  const title = `Copper watch ${customUrl.slice(-6)}`;
  await signInThroughApi(page, operator);
  await page.goto('/operator/blog');
  await expect(page.getByRole('table', { name: 'Blog posts' })).toBeVisible();
  await page.getByRole('button', { name: 'New post' }).click();

  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Custom URL').fill(customUrl);
  await page.getByLabel('Category').fill('Pricing');
  await page.getByLabel('Intro').fill('Why wire prices follow copper, and what to do about it.');
  await page.getByLabel('Author', { exact: true }).fill('Sam Rivera');
  await page.getByLabel('Author image').setInputFiles({ name: 'sam.png', mimeType: 'image/png', buffer: png });
  await page.getByLabel('Thumbnail').setInputFiles({ name: 'copper.png', mimeType: 'image/png', buffer: png });
  const form = page.locator('form');
  await expect(form.locator('img[src^="/media/content-images/"]')).toHaveCount(2);

  // The preview renders and sanitises the markdown as the public page does, while it is typed.
  await page
    .getByLabel('Paragraph 1 (markdown)')
    .fill('## Watch the copper price\n\nTHHN follows **copper** within weeks. <img src="x" onerror="window.__hacked = true">\n\n[Run](javascript:alert(1))');
  const preview = page.getByRole('complementary', { name: 'Preview' });
  await expect(preview.getByRole('heading', { name: title })).toBeVisible();
  await expect(preview.getByRole('heading', { name: 'Watch the copper price' })).toBeVisible();
  await expect(preview.locator('strong')).toHaveText('copper');
  await expect(preview.locator('[onerror]')).toHaveCount(0);
  await expect(preview.locator('a[href^="javascript:"]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __hacked?: boolean }).__hacked)).toBeUndefined();

  await page.getByLabel('Status').selectOption('published');
  await page.getByRole('button', { name: 'Save post' }).click();
  await expectToast(page, 'Post published.');
  await expect(page.getByRole('table', { name: 'Blog posts' }).getByRole('cell', { name: title, exact: true })).toBeVisible();

  await page.goto('/all-blogs');
  await expect(page.getByRole('heading', { name: title })).toBeVisible();

  await page.goto(`/blog/${customUrl}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Watch the copper price' })).toBeVisible();
  await expect(page.locator('article [onerror]')).toHaveCount(0);
});

test('a draft stays off the blog', async ({ page }) => {
  const customUrl = `draft-only-${Date.now().toString(36)}`;
  await signInThroughApi(page, operator);
  await page.goto('/operator/blog');
  await page.getByRole('button', { name: 'New post' }).click();
  await page.getByLabel('Title').fill('Not yet');
  await page.getByLabel('Custom URL').fill(customUrl);
  await page.getByLabel('Category').fill('News');
  await page.getByLabel('Intro').fill('Coming soon.');
  await page.getByLabel('Author', { exact: true }).fill('Sam Rivera');
  await page.getByLabel('Author image').setInputFiles({ name: 'sam.png', mimeType: 'image/png', buffer: png });
  await page.getByLabel('Thumbnail').setInputFiles({ name: 'draft.png', mimeType: 'image/png', buffer: png });
  await expect(page.locator('form img[src^="/media/content-images/"]')).toHaveCount(2);
  await page.getByLabel('Paragraph 1 (markdown)').fill('Draft text.');
  await page.getByRole('button', { name: 'Save post' }).click();
  await expectToast(page, 'Draft saved.');
  const status = await page.request.get(`/blog/${customUrl}`);
  expect(status.status()).toBe(404);
});

test('the operator adds a plan, kept off sale; saving it creates its Stripe prices, shown in the plans table', async ({ page }) => {
  const name = `Crew trial ${Date.now().toString(36)}`;
  await signInThroughApi(page, operator);
  await page.goto('/operator/plans');
  await expect(page.getByRole('table', { name: 'Plans' })).toBeVisible();
  await page.getByRole('button', { name: 'New plan' }).click();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Description').fill('For crews trying the list for a year');
  await page.getByLabel('Price in dollars (one payment)').fill('12.5');
  await page.getByLabel('Download maximum per period').fill('40');
  await page.getByLabel('On sale').uncheck();
  await page.getByRole('button', { name: 'Save plan' }).click();
  await expectToast(page, 'Plan saved.');
  const row = page.getByRole('table', { name: 'Plans' }).getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('$12.50');
  await expect(row).toContainText('Yearly');
  await expect(row.locator('code')).toHaveText(/^price_\w+, price_\w+$/);

  // Off sale: the public pricing cards do not offer it.
  const plans = (await (await page.request.get('/api/subscription-plans/')).json()) as Array<{ name: string }>;
  expect(plans.map((plan) => plan.name)).not.toContain(name);
});

/** A one-page PDF, written by hand: the server parses it before it keeps it. */
function onePagePdf(): Buffer {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>'];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

test('the operator adds a guide PDF, which users then get; a file that is not a PDF is refused; the PDF is removed again', async ({ page }) => {
  const name = `Checklist ${Date.now().toString(36)}`;
  await signInThroughApi(page, operator);
  await page.goto('/operator/user-guide');
  const table = page.getByRole('table', { name: 'Guide PDFs' });
  await expect(table).toBeVisible();
  const form = page.locator('form').filter({ hasText: 'Add a PDF' });

  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Description').fill('A one-page checklist.');
  await form.getByLabel('PDF file (at most 20 MB)').setInputFiles({ name: 'prices.pdf', mimeType: 'application/pdf', buffer: Buffer.from('sku,name,cost\nA,Wire,1.00\n') });
  await form.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'This file is not a PDF. Choose a PDF document.');
  await expect(table.getByRole('cell', { name, exact: true })).toHaveCount(0);

  await form.getByLabel('PDF file (at most 20 MB)').setInputFiles({ name: 'checklist.pdf', mimeType: 'application/pdf', buffer: onePagePdf() });
  await form.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'PDF added to the user guide.');
  await expect(table.getByRole('cell', { name, exact: true })).toBeVisible();
  const resources = (await (await page.request.get('/api/user-guide-resources/')).json()) as Array<{ name: string }>;
  expect(resources.at(-1)?.name).toBe(name);

  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: `Remove ${name}` }).click();
  await expectToast(page, 'PDF removed.');
  await expect(table.getByRole('cell', { name, exact: true })).toHaveCount(0);
});
