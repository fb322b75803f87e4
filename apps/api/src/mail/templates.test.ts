import { expect, test } from 'vitest';
import { activationMail, confirmEmailChangeMail, formatDay, formatMoney, receiptMail, refundMail } from './templates.ts';

test('money and days as billing emails write them', () => {
  expect(formatMoney(42_000, 'usd')).toBe('$420.00');
  expect(formatMoney(123_456_789, 'USD')).toBe('$1,234,567.89');
  expect(formatMoney(5, 'eur')).toBe('0.05 EUR');
  expect(formatDay(new Date('2031-01-15T23:30:00Z'))).toBe('January 15, 2031');
});

test('a receipt names the amount, the period and the invoice; a one-time payment says nothing renews', () => {
  const facts = { planName: 'Annual plan', amountCents: 42_000, currency: 'usd', periodStart: new Date('2026-03-01T12:00:00Z'), periodEnd: new Date('2027-03-01T12:00:00Z'), receiptUrl: 'https://pay.example/inv_1', manageUrl: 'https://app.example/dashboard/subscriptions' };
  const renewing = receiptMail('Ann', { ...facts, kind: 'first' });
  expect(renewing.subject).toBe('Your Tradelist receipt: $420.00');
  expect(renewing.text).toContain('It covers March 1, 2026 to March 1, 2027.');
  expect(renewing.text).toContain('Your invoice: https://pay.example/inv_1');
  expect(renewing.text).toContain('renews automatically on March 1, 2027');
  expect(receiptMail('Ann', { ...facts, kind: 'one_time', receiptUrl: null }).text).toContain('This was a one-time payment: nothing renews.');
  expect(refundMail('<b>Ann</b>', { planName: 'Annual plan', amountCents: 42_000, currency: 'usd' }).html).toContain('&lt;b&gt;Ann&lt;/b&gt;');
});

test('the mail that confirms a new email says an existing account\'s address was changed, not that someone signed up', () => {
  const link = 'https://app.example/activate/MQ/token';
  const mail = confirmEmailChangeMail(link);
  expect(mail.subject).toBe('Confirm your new Tradelist email address');
  expect(mail.text).toContain('This address was just entered as the new email address of an existing Tradelist account, in the account\'s settings. This is not a new sign-up');
  expect(mail.text).toContain('To finish the change, confirm this address with the link below. From then on the account signs in with this address');
  expect(mail.text).toContain('Until then it keeps its current address. The link works once and expires in 3 days.');
  expect(mail.text).toContain(`Confirm the new email address: ${link}`);
  expect(mail.html).toContain('This is not a new sign-up');
  // Registration's wording belongs to the activation mail only.
  expect(activationMail(link).text).toContain('Thanks for signing up');
  for (const body of [mail.text, mail.html]) {
    expect(body).not.toContain('Thanks for signing up');
    expect(body).not.toMatch(/activate your account/i);
  }
});
