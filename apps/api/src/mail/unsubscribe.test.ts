import { expect, test } from 'vitest';
import { newEditionMail } from './templates.ts';
import { readUnsubscribeToken, unsubscribeToken, withOneClickUnsubscribe } from './unsubscribe.ts';

const secret = 'a server secret of enough length';

test('a token names its user and kind, and only with the right signature', () => {
  const token = unsubscribeToken(secret, 42, 'wants_edition_emails');
  expect(readUnsubscribeToken(secret, token)).toEqual({ userId: 42, kind: 'wants_edition_emails' });
  expect(readUnsubscribeToken(secret, unsubscribeToken(secret, 42, 'wants_product_news'))).toEqual({ userId: 42, kind: 'wants_product_news' });
  // Another user, another kind, another secret, a changed signature: refused.
  const [id, kind, signature] = token.split('.') as [string, string, string];
  expect(readUnsubscribeToken(secret, `43.${kind}.${signature}`)).toBeNull();
  expect(readUnsubscribeToken(secret, `${id}.p.${signature}`)).toBeNull();
  expect(readUnsubscribeToken('another secret entirely', token)).toBeNull();
  const flipped = signature.slice(0, -1) + (signature.endsWith('A') ? 'B' : 'A');
  expect(readUnsubscribeToken(secret, `${id}.${kind}.${flipped}`)).toBeNull();
  for (const junk of ['', '42', `0.e.${signature}`, `99999999999.e.${signature}`, `42.x.${signature}`, `${token}.`, ` ${token}`]) {
    expect(readUnsubscribeToken(secret, junk), junk).toBeNull();
  }
});

test('links already sent keep working: the signature binds the kinds by their wire names', () => {
  expect(unsubscribeToken(secret, 42, 'wants_edition_emails')).toBe('42.e.xUUtOIGJb3iJ1L_EEX-CO16zWQVjNOmoc109IBygakI');
  expect(unsubscribeToken(secret, 42, 'wants_product_news')).toBe('42.p.uRg4X0MoxRHtmjnII0NckHQHW5yd4_OF3ESoKY56s5U');
});

test('the one-click unsubscribe adds the RFC 8058 headers and a link to both bodies', () => {
  const url = 'https://tradelist.example/api/unsubscribe/42.e.sig/';
  const mail = withOneClickUnsubscribe(newEditionMail('Ann', { categoryName: 'Electrical', editionName: 'Electrical March 2026', catalogUrl: 'https://tradelist.example/dashboard/catalog', rundate: '2026-03-01', changes: { hasPrevious: false, added: 3, removed: 0, priceUp: 0, priceDown: 0, increases: [] } }), url, 'wants_edition_emails');
  expect(mail.headers).toEqual({ 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
  expect(mail.text).toContain(`You receive new edition emails because you asked for them. Unsubscribe: ${url}`);
  expect(mail.html).toContain(`<a href="${url}">Unsubscribe</a></p></body>`);
  expect(mail.kind).toBe('new-edition');
});
