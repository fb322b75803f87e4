import { expect, test } from 'vitest';
import { formatDay, formatMoney, receiptMail, refundMail } from './templates.ts';

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
