import { expect, test } from 'vitest';
import { renderEmailMarkdown } from './markdown.ts';
import { newEditionMail, productNewsMail } from './templates.ts';

test('markdown becomes email HTML: formatting, lists and web links kept', () => {
  const html = renderEmailMarkdown('**New:** Jobber sync.\n\n- faster\n- safer\n\n[Read more](https://tradelist.example/blog) or [write us](mailto:help@tradelist.example)');
  expect(html).toContain('<strong>New:</strong> Jobber sync.');
  expect(html).toContain('<li>faster</li>');
  expect(html).toContain('<a href="https://tradelist.example/blog"');
  expect(html).toContain('<a href="mailto:help@tradelist.example"');
});

test.each([
  ['a script tag', 'Hi <script>alert(1)</script>', '<script'],
  ['an event handler', '<img src="x" onerror="alert(1)">', '<img'],
  ['a block of raw HTML', '<div onclick="steal()">x</div>', '<div'],
  ['a javascript: link', '[click](javascript:alert(1))', 'javascript:'],
  ['a mixed-case javascript: link', '[click](JaVaScRiPt:alert(1))', 'href'],
  ['a data: link', '[x](data:text/html;base64,PHNjcmlwdD4=)', 'data:'],
  ['an http image (tracking over plain http)', '![pixel](http://tracker.example/p.gif)', '<img'],
  ['a data: image', '![x](data:image/png;base64,AAAA)', '<img'],
])('%s never reaches the email as markup', (_what, markdown, forbidden) => {
  expect(renderEmailMarkdown(markdown)).not.toContain(forbidden);
});

test('a raw tag is shown as text, escaped', () => {
  expect(renderEmailMarkdown('a <b>bold</b> claim')).toBe('<p>a &lt;b&gt;bold&lt;/b&gt; claim</p>\n');
});

test('the new-edition email tells the changes and the largest increases at the user\'s prices', () => {
  const mail = newEditionMail('Ann', {
    categoryName: 'Electrical',
    editionName: 'Electrical Price List — December 2026',
    rundate: '2026-12-01',
    catalogUrl: 'https://app.example/dashboard/catalog',
    changes: {
      hasPrevious: true,
      added: 1,
      removed: 0,
      priceUp: 12,
      priceDown: 3,
      increases: [{ name: '200A Load Center', sku: 'LC-200', oldPriceCents: 60_001, newPriceCents: 66_001 }],
    },
  });
  expect(mail.subject).toBe('New on Tradelist: Electrical Price List — December 2026');
  expect(mail.text).toContain('current from December 1, 2026');
  expect(mail.text).toContain('12 items went up and 3 items went down; 1 item is new and 0 items were removed.');
  expect(mail.text).toContain('200A Load Center (LC-200): $600.01 → $660.01 (+10.0%)');
  expect(mail.text).toContain('Open your catalog: https://app.example/dashboard/catalog');
  const first = newEditionMail('Ann', { categoryName: 'Lumber', editionName: 'Lumber — first', rundate: '2026-12-01', catalogUrl: 'https://app.example/dashboard/catalog', changes: { hasPrevious: false, added: 40, removed: 0, priceUp: 0, priceDown: 0, increases: [] } });
  expect(first.text).toContain('It is the first edition of this list, with 40 items.');
  expect(first.text).not.toContain('largest increases');
});

test('product news wraps the sanitised body; the subject is the operator\'s', () => {
  const mail = productNewsMail('Jobber sync is faster', renderEmailMarkdown('Hello <script>x</script>'), 'Hello <script>x</script>');
  expect(mail).toMatchObject({ kind: 'product-news', subject: 'Jobber sync is faster' });
  expect(mail.html).toContain('Hello &lt;script&gt;x&lt;/script&gt;');
  expect(mail.html).not.toContain('<script');
});
