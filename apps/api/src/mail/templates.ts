import { amountChange } from '@tradelist/pricing/changes';
import { formatPercentChange, formatUsd } from '@tradelist/pricing/money';

/** An email's subject and bodies, before it has a recipient. */
export interface MailContent {
  kind: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers sent with the mail (the one-click unsubscribe of RFC 8058). */
  headers?: Record<string, string>;
}

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const ACCOUNT_FOOTER = 'You received this email because of an action on your Tradelist account.';

function layout(paragraphs: string[], action?: { label: string; url: string }, footer = ACCOUNT_FOOTER): string {
  return frame(paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join(''), action, footer);
}

/** The email's page around an HTML body that is already safe (escaped or sanitised). */
export function frame(body: string, action?: { label: string; url: string }, footer = ACCOUNT_FOOTER): string {
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#f26b1d;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#555">Or paste this link into your browser: ${escapeHtml(action.url)}</p>`
    : '';
  return `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1b2733;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:20px;color:#14213d">Tradelist</h1>${body}${button}<p style="font-size:12px;color:#777;margin-top:32px">${escapeHtml(footer)}</p></body></html>`;
}

/**
 * "Hi Ann," for an address we know belongs to the account's owner; "Hello," otherwise. A name
 * chosen by whoever registered someone else's email ("Click http://evil.test/login now") never
 * reaches that mailbox (issue 7 §1.6).
 */
function greeting(verifiedName: string | null): string {
  return verifiedName ? `Hi ${verifiedName},` : 'Hello,';
}

function content(kind: string, subject: string, paragraphs: string[], action?: { label: string; url: string }, footer?: string): MailContent {
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : []), '— Tradelist', ...(footer ? [footer] : [])].join('\n\n');
  return { kind, subject, text, html: layout(paragraphs, action, footer) };
}

/**
 * To SUPPORT_EMAIL when a visitor asks for the setup call. The visitor's text is shown as text
 * (escaped in the HTML); the subject is fixed, so nothing typed reaches a header.
 */
export function setupCallRequestMail(request: { name: string; email: string; phone: string | null; preferredTime: string }): MailContent {
  return content(
    'setup-call-request',
    'New setup call request',
    [
      'Someone asked for a setup call (40% off) on the Tradelist site.',
      `Name: ${request.name}`,
      `Email: ${request.email}`,
      `Phone: ${request.phone ?? 'not given'}`,
      `Preferred time: ${request.preferredTime}`,
      'Reply to the email address above to confirm a time.',
    ],
    undefined,
    'Sent to the support address by the setup call form on Tradelist.',
  );
}

/** Sent once per newsletter sign-up (product §5.4): what to expect, and the unsubscribe link. */
export function newsletterConfirmationMail(unsubscribeLink: string): MailContent {
  return content(
    'newsletter-confirmation',
    'You are subscribed to the Tradelist newsletter',
    [
      'Hello,',
      'Thanks for subscribing to the Tradelist newsletter. About once a month we write about material prices, pricing jobs and getting price lists into QuickBooks Online and Jobber.',
      'If you did not sign up, or change your mind, you can unsubscribe at any time.',
    ],
    { label: 'Unsubscribe', url: unsubscribeLink },
    'You received this email because this address was entered in the newsletter form on Tradelist.',
  );
}

/** Sent at registration: the activation link (valid 3 days); no name, the address is not verified. */
export function activationMail(link: string): MailContent {
  return content(
    'activation',
    'Activate your Tradelist account',
    [greeting(null), 'Thanks for signing up for Tradelist. Please confirm your email address to activate your account. The link works once and expires in 3 days.'],
    { label: 'Activate your account', url: link },
  );
}

/** Sent instead of a second account when someone registers an email that already has one (verified, so its name is the owner's). */
export function existingAccountMail(name: string, loginLink: string, resetLink: string): MailContent {
  return content(
    'existing-account',
    'You already have a Tradelist account',
    [
      `Hi ${name},`,
      'Someone (hopefully you) tried to sign up for Tradelist with this email address, but you already have an account.',
      `You can log in at ${loginLink}. If you forgot your password, you can reset it at ${resetLink}.`,
      'If this was not you, you can ignore this email; your account has not changed.',
    ],
  );
}

/** Sent on a password reset request (link valid 1 hour); `verifiedName` null for an unverified account. */
export function passwordResetMail(verifiedName: string | null, link: string): MailContent {
  return content(
    'password-reset',
    'Reset your Tradelist password',
    [
      greeting(verifiedName),
      'We received a request to reset the password of your Tradelist account. The link works once and expires in 1 hour.',
      'If you did not ask for this, you can ignore this email; your password stays the same.',
    ],
    { label: 'Choose a new password', url: link },
  );
}

/** Sent after a password change, so an owner learns of a change they did not make. */
export function passwordChangedMail(verifiedName: string | null, supportEmail: string): MailContent {
  return content('password-changed', 'Your Tradelist password was changed', [
    greeting(verifiedName),
    'The password of your Tradelist account was just changed, and every signed-in device was signed out.',
    `If you did not do this, reset your password right away and contact us at ${supportEmail}.`,
  ]);
}

/**
 * Sent to the new address of an email change: the link that confirms it (3 days). It says what
 * happened (an existing account's address was changed in its settings, not a sign-up) and what the
 * link does. No name and no current address: the mailbox is not the owner's until the link is used.
 */
export function confirmEmailChangeMail(link: string): MailContent {
  return content(
    'confirm-email-change',
    'Confirm your new Tradelist email address',
    [
      greeting(null),
      'This address was just entered as the new email address of an existing Tradelist account, in the account\'s settings. This is not a new sign-up: the account, its markups and its subscription stay as they are.',
      'To finish the change, confirm this address with the link below. From then on the account signs in with this address, and its emails, invoices and receipts come here. Until then it keeps its current address. The link works once and expires in 3 days.',
      'If you did not ask for this, you can ignore this email; nothing changes.',
    ],
    { label: 'Confirm the new email address', url: link },
  );
}

/** Sent to the current address when an email change is asked for, so an owner learns of a change they did not make. */
export function emailChangeRequestedMail(name: string, newEmail: string, supportEmail: string): MailContent {
  return content('email-change-requested', 'A new email address was given for your Tradelist account', [
    `Hi ${name},`,
    `Someone signed in to your Tradelist account asked to change its email address to ${newEmail}. We sent a confirmation link there; until it is used, your account keeps this address.`,
    `If you did not do this, change your password right away and contact us at ${supportEmail}.`,
  ]);
}

/**
 * Sent to the owner of an address when another account asks to move to it: the answer to that
 * request does not say the address is taken (product §11.6), so its owner hears of it here. No link.
 */
export function emailChangeToTakenAddressMail(verifiedName: string | null, supportEmail: string): MailContent {
  return content('email-change-to-taken-address', 'Someone tried to use your email address on Tradelist', [
    greeting(verifiedName),
    'Someone signed in to another Tradelist account tried to change that account\'s email address to this address, which your account uses. Nothing has changed: your account keeps its address.',
    `If you know nothing about this, you can ignore this email, or contact us at ${supportEmail}.`,
  ]);
}

/** Sent to the address an account leaves once its new address is confirmed. */
export function emailChangedMail(name: string, newEmail: string, supportEmail: string): MailContent {
  return content('email-changed', 'The email of your Tradelist account was changed', [
    `Hi ${name},`,
    `The email address of your Tradelist account is now ${newEmail}: the change was confirmed from that mailbox. This address no longer signs in.`,
    `If you did not do this, contact us at ${supportEmail} right away.`,
  ]);
}

/** An amount in cents as the receipt shows it: "$420.00" (USD) or "420.00 EUR". */
export function formatMoney(cents: number, currency: string): string {
  return currency.toLowerCase() === 'usd' ? formatUsd(cents) : `${formatUsd(cents, { symbol: false })} ${currency.toUpperCase()}`;
}

/** A day as emails write it: "January 15, 2031" (UTC, the day Stripe bills on). */
export function formatDay(date: Date): string {
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** What billing emails say about a payment. */
export interface PaymentFacts {
  planName: string;
  amountCents: number;
  currency: string;
  periodStart: Date;
  periodEnd: Date;
}

/** Sent after each payment: what was paid, for which period, and the invoice or receipt. */
export function receiptMail(name: string, payment: PaymentFacts & { kind: 'first' | 'renewal' | 'one_time'; receiptUrl: string | null; manageUrl: string }): MailContent {
  const what = { first: 'your subscription', renewal: 'the renewal of your subscription', one_time: 'your 12 months of price lists' }[payment.kind];
  return content(
    'payment-receipt',
    `Your Tradelist receipt: ${formatMoney(payment.amountCents, payment.currency)}`,
    [
      `Hi ${name},`,
      `Thank you. We received ${formatMoney(payment.amountCents, payment.currency)} for ${what} (${payment.planName}).`,
      `It covers ${formatDay(payment.periodStart)} to ${formatDay(payment.periodEnd)}.`,
      ...(payment.receiptUrl ? [`Your invoice: ${payment.receiptUrl}`] : []),
      payment.kind === 'one_time'
        ? 'This was a one-time payment: nothing renews.'
        : `Your subscription renews automatically on ${formatDay(payment.periodEnd)}. You can turn renewal off at any time on your subscriptions page.`,
    ],
    { label: 'Your subscription', url: payment.manageUrl },
  );
}

/** Sent 7 days before a yearly renewal. */
export function renewalReminderMail(name: string, renewal: { planName: string; amountCents: number; currency: string; renewsOn: Date; manageUrl: string }): MailContent {
  return content(
    'renewal-reminder',
    `Your Tradelist subscription renews on ${formatDay(renewal.renewsOn)}`,
    [
      `Hi ${name},`,
      `Your ${renewal.planName} renews automatically on ${formatDay(renewal.renewsOn)}, and your card will be charged ${formatMoney(renewal.amountCents, renewal.currency)}.`,
      'If you do not want to renew, turn renewal off before that day on your subscriptions page; you keep your price lists until the end of the paid period.',
      'If you renew and download nothing in the new period, you can ask for a refund within 10 days of the renewal.',
    ],
    { label: 'Manage your subscription', url: renewal.manageUrl },
  );
}

/** Sent when a renewal payment fails. */
export function renewalFailedMail(name: string, failure: { planName: string; amountCents: number; currency: string; manageUrl: string }): MailContent {
  return content(
    'renewal-failed',
    'Your Tradelist renewal payment failed',
    [
      `Hi ${name},`,
      `We could not charge ${formatMoney(failure.amountCents, failure.currency)} for the renewal of your ${failure.planName}.`,
      'We will try your card again over the next days, and you keep your price lists meanwhile. To avoid losing access, update your card in the billing portal.',
    ],
    { label: 'Update your card', url: failure.manageUrl },
  );
}

/** Sent when a subscription is set to end at the end of its period. */
export function cancellationMail(name: string, cancellation: { planName: string; endsOn: Date; manageUrl: string }): MailContent {
  return content(
    'subscription-canceled',
    'Your Tradelist subscription will not renew',
    [
      `Hi ${name},`,
      `Your ${cancellation.planName} has been canceled. It will not renew, and you keep your price lists until ${formatDay(cancellation.endsOn)}.`,
      'Changed your mind? You can turn renewal back on in the billing portal before that day.',
    ],
    { label: 'Your subscription', url: cancellation.manageUrl },
  );
}

/** Sent when a payment was refunded. */
export function refundMail(name: string, refund: { planName: string; amountCents: number; currency: string }): MailContent {
  return content('payment-refunded', 'Your Tradelist refund', [
    `Hi ${name},`,
    `We refunded ${formatMoney(refund.amountCents, refund.currency)} for your ${refund.planName}. Your subscription has ended.`,
    'The refund goes back to the card you paid with; depending on your bank it can take 5 to 10 days to appear.',
  ]);
}

/**
 * Sent when a second paid purchase arrived while the user already had a paid subscription (two
 * checkouts paid, for example in two tabs): the second one was cancelled and refunded at once,
 * and the first one carries on unchanged.
 */
export function duplicatePurchaseRefundedMail(
  name: string,
  refund: { planName: string; amountCents: number; currency: string; keptUntil: Date; manageUrl: string },
): MailContent {
  return content(
    'duplicate-purchase-refunded',
    'You were charged twice: we refunded the second payment',
    [
      `Hi ${name},`,
      `Two payments for your ${refund.planName} went through, probably from two checkout pages open at the same time. You can only hold one subscription, so we cancelled the second one and refunded its ${formatMoney(refund.amountCents, refund.currency)} in full.`,
      `Your first subscription is unchanged and runs until ${formatDay(refund.keptUntil)}.`,
      'The refund goes back to the card you paid with; depending on your bank it can take 5 to 10 days to appear. You do not need to do anything.',
    ],
    { label: 'Your subscription', url: refund.manageUrl },
  );
}

/** What a new-edition email says about one of the largest increases, priced with the user's markups. */
export interface PricedIncrease {
  name: string;
  sku: string;
  oldPriceCents: number;
  newPriceCents: number;
}

/** "+10.0%" from an old and a new amount; "new price" when the old one was 0. */
function percentChange(oldCents: number, newCents: number): string {
  const { percentBp } = amountChange(oldCents, newCents);
  return percentBp === null ? 'new price' : formatPercentChange(percentBp);
}

/**
 * A new edition of a category's list is out (product §10.14: to users who want new edition emails): its
 * name and date, how many items went up and down, and the largest increases priced with the
 * user's own markups. Sent through `queuePreferenceEmail` (mail/unsubscribe.ts), which adds the
 * one-click unsubscribe.
 */
export function newEditionMail(
  name: string,
  edition: {
    categoryName: string;
    editionName: string;
    rundate: string;
    catalogUrl: string;
    changes: { hasPrevious: boolean; added: number; removed: number; priceUp: number; priceDown: number; increases: PricedIncrease[] };
  },
): MailContent {
  const { changes } = edition;
  const items = (n: number) => `${n.toLocaleString('en-US')} item${n === 1 ? '' : 's'}`;
  const paragraphs = [
    `Hi ${name},`,
    `A new edition of the ${edition.categoryName} price list is out: ${edition.editionName}, current from ${formatDay(new Date(`${edition.rundate}T00:00:00Z`))}.`,
    changes.hasPrevious
      ? `Since the previous edition, ${items(changes.priceUp)} went up and ${items(changes.priceDown)} went down; ${items(changes.added)} ${changes.added === 1 ? 'is' : 'are'} new and ${items(changes.removed)} ${changes.removed === 1 ? 'was' : 'were'} removed.`
      : `It is the first edition of this list, with ${items(changes.added)}.`,
  ];
  if (changes.increases.length > 0) {
    paragraphs.push('The largest increases, at your prices (with your markups, before tax):');
    for (const increase of changes.increases) {
      paragraphs.push(
        `${increase.name} (${increase.sku}): ${formatMoney(increase.oldPriceCents, 'usd')} → ${formatMoney(increase.newPriceCents, 'usd')} (${percentChange(increase.oldPriceCents, increase.newPriceCents)})`,
      );
    }
  }
  paragraphs.push('Download it with your markups from your catalog, or sync it to QuickBooks or Jobber.');
  return content('new-edition', `New on Tradelist: ${edition.editionName}`, paragraphs, { label: 'Open your catalog', url: edition.catalogUrl });
}

/**
 * Product news written by the operator (product §10.14: to users who want product news). `bodyHtml`
 * is the markdown rendered and sanitised by mail/markdown.ts; `bodyText` is the markdown as typed.
 * Sent with the one-click unsubscribe (mail/unsubscribe.ts).
 */
export function productNewsMail(subject: string, bodyHtml: string, bodyText: string): MailContent {
  const footer = 'You receive product news from Tradelist because you asked for it in your settings.';
  return { kind: 'product-news', subject, text: `${bodyText}\n\n— Tradelist`, html: frame(bodyHtml, undefined, footer) };
}
