import { describe, expect, test } from 'vitest';
import { deliverMail, findUser, lastMailTo, logIn, registerAndActivate, uniqueAddress, type Simulators } from '../../../../test/support/accounts.ts';
import { setUpApiTest } from '../../../../test/support/api-test.ts';
import type { TestApp } from '../../../../test/support/test-app.ts';
import { newEditionMail } from '../../../mail/templates.ts';
import { queuePreferenceEmail, unsubscribeToken } from '../../../mail/unsubscribe.ts';
import { unsubscribeLinkInvalidMessage } from '../services/unsubscribe.ts';

let sims: Simulators;
let t: TestApp;
setUpApiTest({ simulators: true }, (setup) => ({ t, sims } = setup));

async function member() {
  const client = t.client({ remoteAddress: uniqueAddress() });
  const account = await registerAndActivate(t, sims.smtp, client);
  return { client, ...account };
}

/** Queues and delivers a sample new-edition mail to the user, as the operator's announcement will. */
async function sendNewEdition(email: string): Promise<boolean> {
  const user = (await findUser(t, email))!;
  const queued = await queuePreferenceEmail(t.ctx, t.database.db, user, 'wants_edition_emails', newEditionMail(user.name, { categoryName: 'Electrical', editionName: 'Electrical April 2026', catalogUrl: `${t.ctx.config.appUrl}/dashboard/catalog`, rundate: '2026-04-01', changes: { hasPrevious: false, added: 3, removed: 0, priceUp: 0, priceDown: 0, increases: [] } }));
  await deliverMail(t);
  return queued;
}

/** A request as a mail client or a link scanner sends it: no cookies, no XSRF token. */
const bare = (method: 'GET' | 'POST', url: string, body?: string) =>
  t.app.inject({ method, url, remoteAddress: uniqueAddress(), ...(body !== undefined ? { payload: body, headers: { 'content-type': 'application/x-www-form-urlencoded' } } : {}) });

describe('one-click unsubscribe (RFC 8058)', () => {
  test('a new-edition mail carries List-Unsubscribe and List-Unsubscribe-Post, and a link in the body', async () => {
    const m = await member();
    expect(await sendNewEdition(m.email)).toBe(true);
    const mail = lastMailTo(sims.smtp, m.email);
    expect(mail.subject).toBe('New on Tradelist: Electrical April 2026');
    const url = /^<(https?:\/\/[^>]+\/api\/unsubscribe\/[^>]+\/)>$/.exec(mail.headers['list-unsubscribe'] ?? '')?.[1];
    expect(url, mail.headers['list-unsubscribe']).toBeDefined();
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).toContain(`Unsubscribe: ${url}`);
    expect(mail.html).toContain(`href="${url}"`);
    // Sent mail keeps no headers (the link is live), as it keeps no body.
    const rows = await t.database.db.selectFrom('mail_outbox').select(['headers', 'text_body', 'status']).where('to_address', '=', m.email).where('kind', '=', 'new-edition').execute();
    expect(rows).toEqual([{ headers: null, text_body: null, status: 'sent' }]);
  });

  test('GET shows a confirmation button and changes nothing; POST without a session turns the kind off; a later mail is not sent', async () => {
    const m = await member();
    await sendNewEdition(m.email);
    const path = new URL(/<([^>]+)>/.exec(lastMailTo(sims.smtp, m.email).headers['list-unsubscribe']!)![1]!).pathname;

    const page = await bare('GET', path);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('Stop receiving new edition emails from Tradelist?');
    expect(page.body).toContain(`<form method="post" action="${path}">`);
    expect(await findUser(t, m.email)).toMatchObject({ wants_edition_emails: true, wants_product_news: true });

    const done = await bare('POST', path, 'List-Unsubscribe=One-Click');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.body).toContain('You will no longer receive new edition emails from Tradelist.');
    expect(await findUser(t, m.email)).toMatchObject({ wants_edition_emails: false, wants_product_news: true });
    // Repeating it is harmless.
    expect((await bare('POST', path, 'List-Unsubscribe=One-Click')).statusCode).toBe(200);

    expect(await sendNewEdition(m.email)).toBe(false);
    // The user can turn it back on in the settings.
    expect((await logIn(m.client, m.email, m.password)).statusCode).toBe(200);
    const saved = await m.client.request('PUT', `/api/users/${m.id}/update/`, { body: { name: m.name, email: m.email, update1: true, update2: true } });
    expect(saved.json()).toMatchObject({ user: { update1: true } });
  });

  test('a tampered token, another kind or another user: refused, nothing changes', async () => {
    const m = await member();
    const other = await member();
    const secret = t.ctx.config.sessionSecret;
    const [, , signature] = unsubscribeToken(secret, m.id, 'wants_edition_emails').split('.');
    for (const token of [`${other.id}.e.${signature}`, `${m.id}.p.${signature}`, `${m.id}.e.${signature!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`, 'not-a-token']) {
      const response = await bare('POST', `/api/unsubscribe/${token}/`, 'List-Unsubscribe=One-Click');
      expect(response.statusCode, token).toBe(400);
      expect(response.json()).toMatchObject({ code: 'LINK_INVALID', error: unsubscribeLinkInvalidMessage });
      expect((await bare('GET', `/api/unsubscribe/${token}/`)).statusCode).toBe(400);
    }
    expect(await findUser(t, m.email)).toMatchObject({ wants_edition_emails: true, wants_product_news: true });
    expect(await findUser(t, other.email)).toMatchObject({ wants_edition_emails: true, wants_product_news: true });
  });

  test('the product-news kind is its own link: it turns off product news only', async () => {
    const m = await member();
    const response = await bare('POST', `/api/unsubscribe/${unsubscribeToken(t.ctx.config.sessionSecret, m.id, 'wants_product_news')}/`);
    expect(response.statusCode, response.body).toBe(200);
    expect(await findUser(t, m.email)).toMatchObject({ wants_edition_emails: true, wants_product_news: false });
  });
});
