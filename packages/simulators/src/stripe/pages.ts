// The Stripe simulator's hosted pages: the checkout page (a card form that works without
// JavaScript) and the billing portal. Every value from the app is escaped.
import { escapeHtml } from '../http-helpers.ts';
import type { StripeObject } from './store.ts';

/** Formats cents of a currency the way Checkout shows them, e.g. `$420.00`. */
export function formatAmount(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}

function formatDate(unix: number): string {
  return new Date(unix * 1000).toISOString().slice(0, 10);
}

/** Only http(s) links are rendered, so a stored URL can never become a script. */
function safeHref(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1a1f36}
.test{background:#ffde92;color:#8a5a00;font-size:.75rem;font-weight:600;padding:.15rem .5rem;border-radius:4px}
.amount{font-size:2rem;font-weight:600;margin:.25rem 0}
.error{background:#fde8e8;color:#9b1c1c;padding:.75rem;border-radius:6px}
label{display:block;margin:1rem 0 .25rem}input{font:inherit;padding:.5rem;width:100%;box-sizing:border-box}
button{font:inherit;margin-top:1rem;padding:.6rem 1rem;background:#635bff;color:#fff;border:0;border-radius:6px;cursor:pointer}
.muted{color:#697386;font-size:.875rem}
</style></head><body>
<p><span class="test">TEST MODE</span> <span class="muted">Stripe simulator</span></p>
${body}
</body></html>`;
}

/** The hosted checkout page of an open, paid or expired session; `error` is a card refusal. */
export function checkoutPage(session: StripeObject, lineItems: Record<string, unknown>[], error?: string, card = ''): string {
  const currency = session['currency'] as string;
  const lines = lineItems
    .map((item) => {
      const price = item['price'] as StripeObject;
      const recurring = price['recurring'] as { interval: string; interval_count: number } | null;
      const every = recurring ? ` per ${recurring.interval_count > 1 ? `${recurring.interval_count} ${recurring.interval}s` : recurring.interval}` : '';
      return `<li><strong>${escapeHtml(String(item['description'] ?? 'Item'))}</strong> × ${escapeHtml(String(item['quantity']))} — ${escapeHtml(formatAmount(item['amount_total'] as number, currency))}${escapeHtml(every)}</li>`;
    })
    .join('');
  const cancel = safeHref(session['cancel_url'] as string | null);
  const cancelLink = cancel ? `<p><a href="${escapeHtml(cancel)}">← Back (cancel)</a></p>` : '';
  const heading = `<h1>${session['mode'] === 'subscription' ? 'Subscribe' : 'Pay'}</h1>
<p class="amount">${escapeHtml(formatAmount(session['amount_total'] as number, currency))}</p>
<ul>${lines}</ul>`;
  if (session['status'] === 'complete') {
    const success = safeHref((session['success_url'] as string).replaceAll('{CHECKOUT_SESSION_ID}', session.id));
    return layout('Payment complete', `${heading}<p>This payment is complete.</p>${success ? `<p><a href="${escapeHtml(success)}">Continue</a></p>` : ''}`);
  }
  if (session['status'] !== 'open') {
    return layout('Session expired', `${heading}<p class="error">This checkout session has expired.</p>${cancelLink}`);
  }
  const email = (session['customer_email'] as string | null) ?? '';
  return layout(
    'Checkout',
    `${heading}
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/checkout/${escapeHtml(session.id)}">
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" value="${escapeHtml(email)}">
<label for="card">Card number</label><input id="card" name="card" inputmode="numeric" autocomplete="cc-number" required value="${escapeHtml(card)}" placeholder="4242 4242 4242 4242">
<label for="exp">Expiry (MM / YY)</label><input id="exp" name="exp" autocomplete="cc-exp" placeholder="12 / 34">
<label for="cvc">CVC</label><input id="cvc" name="cvc" autocomplete="cc-csc" placeholder="123">
<button type="submit">${session['mode'] === 'subscription' ? 'Subscribe' : 'Pay'}</button>
</form>
<p class="muted">Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined; 4000 0000 0000 9995 has insufficient funds.</p>
${cancelLink}`,
  );
}

/** The billing portal: the customer's subscriptions with cancel / renew buttons. */
export function portalPage(portal: StripeObject, customer: StripeObject, subscriptions: StripeObject[], products: Map<string, string>): string {
  const rows = subscriptions.map((subscription) => {
    const item = (subscription['items'] as { data: Record<string, unknown>[] }).data[0]!;
    const price = item['price'] as StripeObject;
    const recurring = price['recurring'] as { interval: string } | null;
    const end = item['current_period_end'] as number;
    const ending = subscription['cancel_at_period_end'] === true;
    const action = ending ? 'renew' : 'cancel';
    return `<section>
<h2>${escapeHtml(products.get(price['product'] as string) ?? 'Subscription')}</h2>
<p>${escapeHtml(formatAmount(price['unit_amount'] as number, price['currency'] as string))}${recurring ? ` per ${escapeHtml(recurring.interval)}` : ''} · status <strong>${escapeHtml(String(subscription['status']))}</strong></p>
<p>${ending ? 'Ends on' : 'Renews on'} ${escapeHtml(formatDate(end))}</p>
<form method="post" action="/billing_portal/${escapeHtml(portal.id)}/subscriptions/${escapeHtml(subscription.id)}">
<input type="hidden" name="action" value="${action}">
<button type="submit">${ending ? 'Renew subscription' : 'Cancel subscription'}</button>
</form></section>`;
  });
  const back = safeHref(portal['return_url'] as string | null);
  return layout(
    'Billing',
    `<h1>Billing</h1><p class="muted">${escapeHtml(String(customer['email'] ?? customer.id))}</p>
${rows.length > 0 ? rows.join('') : '<p>No active subscription.</p>'}
${back ? `<p><a href="${escapeHtml(back)}">← Return</a></p>` : ''}`,
  );
}

/** The hosted invoice page (`hosted_invoice_url`): number, status, lines, period and amounts. */
export function invoicePage(invoice: StripeObject): string {
  const currency = invoice['currency'] as string;
  const lines = (invoice['lines'] as { data: Record<string, unknown>[] }).data
    .map((line) => {
      const period = line['period'] as { start: number; end: number };
      const span = period.end > period.start ? ` (${formatDate(period.start)} – ${formatDate(period.end)})` : '';
      return `<li>${escapeHtml(String(line['description'] ?? 'Item'))}${escapeHtml(span)} — ${escapeHtml(formatAmount(line['amount'] as number, currency))}</li>`;
    })
    .join('');
  return layout(
    `Invoice ${String(invoice['number'])}`,
    `<h1>Invoice ${escapeHtml(String(invoice['number']))}</h1>
<p class="muted">${escapeHtml(String(invoice['customer_email'] ?? invoice['customer']))} · issued ${escapeHtml(formatDate(invoice['created'] as number))}</p>
<ul>${lines}</ul>
<p>Total <strong>${escapeHtml(formatAmount(invoice['total'] as number, currency))}</strong> · paid ${escapeHtml(formatAmount(invoice['amount_paid'] as number, currency))} · status <strong>${escapeHtml(String(invoice['status']))}</strong></p>`,
  );
}

/** The charge's receipt page (`receipt_url`): amount, card, date, and what was refunded since. */
export function receiptPage(charge: StripeObject): string {
  const currency = charge['currency'] as string;
  const card = (charge['payment_method_details'] as { card?: { brand: string; last4: string } } | null)?.card;
  const refunded = charge['amount_refunded'] as number;
  return layout(
    'Receipt',
    `<h1>Receipt</h1>
<p class="muted">${escapeHtml(formatDate(charge['created'] as number))}${card ? ` · ${escapeHtml(card.brand)} •••• ${escapeHtml(card.last4)}` : ''}</p>
<p>Amount paid <strong>${escapeHtml(formatAmount(charge['amount'] as number, currency))}</strong></p>
${refunded > 0 ? `<p>Refunded ${escapeHtml(formatAmount(refunded, currency))}</p>` : ''}`,
  );
}

/** A plain page for an unknown or finished hosted page. */
export function messagePage(title: string, message: string): string {
  return layout(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`);
}
