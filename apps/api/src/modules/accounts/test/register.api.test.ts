import {
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  invalidEmailMessage,
  passwordTooCommonMessage,
  passwordTooLongMessage,
  passwordTooShortMessage,
  passwordsDoNotMatchMessage,
  requiredMessage,
} from '@tradelist/contract/accounts';
import { describe, expect, test } from 'vitest';
import { sha256 } from '../../../lib/secrets.ts';
import { registeredMessage } from '../services/register-user.ts';
import { encodeUid } from '../services/user-links.ts';
import {
  countRows,
  deliverMail,
  extractLink,
  findUser,
  lastLinkTo,
  logIn,
  mailsTo,
  registerAccount,
  registerAndActivate,
  strongPassword,
  uniqueAddress,
  uniqueEmail,
  type Simulators,
} from '../../../../test/support/accounts.ts';
import { type TestApp } from '../../../../test/support/test-app.ts';
import { setUpApiTest } from '../../../../test/support/api-test.ts';

let sims: Simulators;
let t: TestApp;
setUpApiTest({ simulators: true }, (setup) => ({ t, sims } = setup));

const client = () => t.client({ remoteAddress: uniqueAddress() });

describe('POST /api/register/', () => {
  test('good input: 201 with the product §8 message, and the activation link arrives over SMTP', async () => {
    const c = client();
    const email = uniqueEmail('ann');
    const password = strongPassword();
    const response = await c.post('/api/register/', { username: 'Ann Sparks', email, password, password2: password });

    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: 'Thanks for signing up, please check your email to verify your account!' });
    expect(response.json()).toEqual({ message: registeredMessage });
    expect(mailsTo(sims.smtp, email)).toHaveLength(0); // queued, not sent inside the request

    const user = await findUser(t, email);
    expect(user).toMatchObject({ name: 'Ann Sparks', email, is_verified: false, google_subject: null });
    expect(user!.password_hash).toMatch(/^\$argon2id\$/);

    await deliverMail(t);
    const mails = mailsTo(sims.smtp, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Activate your Tradelist account');
    const link = lastLinkTo(sims.smtp, email, 'activate');
    expect(link.url).toBe(`${t.config.appUrl}/activate/${encodeUid(user!.id)}/${link.token}`);
    expect(link.url.startsWith('http://localhost:3000/activate/')).toBe(true);
    expect(mails[0]!.html).toContain(link.url);

    // Only the token's hash is stored.
    const tokens = await t.database.db.selectFrom('user_tokens').selectAll().where('user_id', '=', user!.id).execute();
    expect(tokens).toHaveLength(1);
    expect(tokens[0]).toMatchObject({ purpose: 'activate', token_hash: sha256(link.token), used_at: null });
    expect(JSON.stringify(tokens)).not.toContain(link.token);
  });

  const good = { username: 'Bob Volt', password: 'copper wire 7e1f', password2: 'copper wire 7e1f' };
  const refusals: Array<{ name: string; body: Record<string, unknown>; fields: Record<string, string[]> }> = [
    {
      name: 'all fields missing',
      body: {},
      fields: { username: [requiredMessage], email: [requiredMessage], password: [requiredMessage], password2: [requiredMessage] },
    },
    { name: 'malformed email', body: { ...good, email: 'not-an-email' }, fields: { email: [invalidEmailMessage] } },
    {
      name: 'name too long',
      body: { ...good, username: 'n'.repeat(NAME_MAX_LENGTH + 1) },
      fields: { username: [`Ensure this field has no more than ${NAME_MAX_LENGTH} characters.`] },
    },
    { name: 'password of 7 characters', body: { ...good, password: 'x7#kq2a', password2: 'x7#kq2a' }, fields: { password: [passwordTooShortMessage] } },
    {
      name: 'password of 129 characters',
      body: { ...good, password: 'p'.repeat(PASSWORD_MAX_LENGTH + 1), password2: 'p'.repeat(PASSWORD_MAX_LENGTH + 1) },
      fields: { password: [passwordTooLongMessage] },
    },
    { name: 'common password', body: { ...good, password: 'password123', password2: 'password123' }, fields: { password: [passwordTooCommonMessage] } },
    { name: 'common password in other case', body: { ...good, password: 'PassWord123', password2: 'PassWord123' }, fields: { password: [passwordTooCommonMessage] } },
    {
      name: 'passwords that do not match',
      body: { ...good, password2: 'copper wire 7e1g' },
      fields: { password2: ['Passwords do not match!'] },
    },
  ];

  test.each(refusals)('$name: 400 VALIDATION_FAILED with field errors, nothing stored', async ({ body, fields }) => {
    const c = client();
    const email = uniqueEmail('refused');
    const payload = 'email' in body || Object.keys(body).length === 0 ? body : { ...body, email };
    const before = await countRows(t);

    const response = await c.post('/api/register/', payload);

    expect(response.statusCode).toBe(400);
    const [firstField, firstMessages] = Object.entries(fields)[0]!;
    expect(response.json()).toEqual({ code: 'VALIDATION_FAILED', error: `${firstField}: ${firstMessages[0]}`, fields });
    await deliverMail(t);
    expect(await countRows(t)).toEqual(before);
    expect(mailsTo(sims.smtp, email)).toHaveLength(0);
  });

  test('unreadable bodies: malformed JSON 400, a __proto__ key 400, over 1 MB 413; nothing stored', async () => {
    const c = client();
    const before = await countRows(t);
    const send = (payload: string) => c.request('POST', '/api/register/', { body: payload, headers: { 'content-type': 'application/json' } });

    const malformed = await send('{"username": "x", ');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('VALIDATION_FAILED');

    const polluting = await send(
      JSON.stringify({ username: 'P', email: uniqueEmail('proto'), password: 'copper wire proto', password2: 'copper wire proto' }).replace('{', '{"__proto__": {"polluted": true}, '),
    );
    expect(polluting.statusCode).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();

    const huge = await send(JSON.stringify({ username: 'x'.repeat(1024 * 1024 + 1) }));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('PAYLOAD_TOO_LARGE');

    await deliverMail(t);
    expect(await countRows(t)).toEqual(before);
  });

  test('a name with CR/LF and a Bcc: header is refused with a field error; nothing is stored or sent', async () => {
    const email = uniqueEmail('crlf');
    const password = strongPassword();
    const before = await countRows(t);
    const name = 'Eve\r\nBcc: attacker@evil.example\r\nSubject: pwned';
    const response = await client().post('/api/register/', { username: name, email, password, password2: password });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ username: ['Remove line breaks and control characters from this field.'] });
    await deliverMail(t);
    expect(await countRows(t)).toEqual(before);
    expect(mailsTo(sims.smtp, email)).toHaveLength(0);
  });

  test('the name chosen at registration is not in the activation mail: the address is not verified yet (issue 7 §1.6)', async () => {
    const email = uniqueEmail('victim');
    const password = strongPassword();
    const name = 'Click http://evil.test/login now';
    expect((await client().post('/api/register/', { username: name, email, password, password2: password })).statusCode).toBe(201);
    expect((await client().post('/api/resend-activation/', { email })).statusCode).toBe(200);
    expect((await client().post('/api/request-password-reset/', { email })).statusCode).toBe(200);
    await deliverMail(t);
    const mails = mailsTo(sims.smtp, email);
    expect(mails.map((mail) => mail.subject).sort()).toEqual(['Activate your Tradelist account', 'Activate your Tradelist account', 'Reset your Tradelist password']);
    for (const mail of mails) {
      expect(mail.text).not.toContain('evil.test');
      expect(mail.html).not.toContain('evil.test');
      expect(mail.text.startsWith('Hello,')).toBe(true);
    }
  });

  test('the mismatch message is the contract constant', () => {
    expect(passwordsDoNotMatchMessage).toBe('Passwords do not match!');
  });

  test('a password of exactly 128 characters is accepted and checked byte for byte', async () => {
    const c = client();
    const password = `${strongPassword()} `.padEnd(PASSWORD_MAX_LENGTH, 'ü');
    expect(password).toHaveLength(128);
    const acc = await registerAndActivate(t, sims.smtp, c, { password });

    expect((await logIn(c, acc.email, password)).statusCode).toBe(200);
    // No truncation: the same password with its last character changed does not log in.
    expect((await logIn(client(), acc.email, `${password.slice(0, -1)}u`)).statusCode).toBe(401);
  });

  test('a name of exactly 150 characters is accepted', async () => {
    const c = client();
    const password = strongPassword();
    const email = uniqueEmail('longname');
    const response = await c.post('/api/register/', { username: 'n'.repeat(NAME_MAX_LENGTH), email, password, password2: password });
    expect(response.statusCode).toBe(201);
    expect((await findUser(t, email))!.name).toHaveLength(NAME_MAX_LENGTH);
  });

  test('an email that has a verified account: same answer, no second user, the owner is told', async () => {
    const owner = await registerAndActivate(t, sims.smtp, client(), { name: 'Owner' });
    const fresh = await client().post('/api/register/', { username: 'X', email: uniqueEmail('fresh'), password: 'copper wire 1111', password2: 'copper wire 1111' });
    const before = await countRows(t);

    const again = await client().post('/api/register/', {
      username: 'Someone Else',
      email: owner.email.toUpperCase(),
      password: 'another strong phrase',
      password2: 'another strong phrase',
    });

    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(fresh.json());
    await deliverMail(t);
    const after = await countRows(t);
    expect(after.users).toBe(before.users);
    expect(after.user_tokens).toBe(before.user_tokens);
    const mails = mailsTo(sims.smtp, owner.email);
    expect(mails).toHaveLength(2); // activation, then the notice
    expect(mails[1]!.subject).toBe('You already have a Tradelist account');
    expect(mails[1]!.text).toContain(`${t.config.appUrl}/forgot-password`);
    expect(mails[1]!.text).not.toMatch(/\/activate\//);
    // The account is unchanged: the old password still works, the new one does not.
    expect((await logIn(client(), owner.email, owner.password)).statusCode).toBe(200);
    expect((await logIn(client(), owner.email, 'another strong phrase')).statusCode).toBe(401);
  });

  test('an address someone else registered first: same answer; the owner\'s own link sets the owner\'s password and name, the first one stops working', async () => {
    const first = await registerAccount(t, sims.smtp, client(), { name: 'Early Bird' });
    const before = await countRows(t);
    const ownerPassword = 'owner phrase 42 copper';

    const again = await client().post('/api/register/', {
      username: 'Real Owner',
      email: ` ${first.email.toUpperCase()} `,
      password: ownerPassword,
      password2: ownerPassword,
    });

    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ message: registeredMessage });
    await deliverMail(t);
    expect((await countRows(t)).users).toBe(before.users);
    const mails = mailsTo(sims.smtp, first.email);
    expect(mails).toHaveLength(2);
    const own = lastLinkTo(sims.smtp, first.email, 'activate');
    expect(own.token).not.toBe(first.link.token);
    // Until a link is used, neither password signs in; the stored password is not replaced yet.
    expect((await logIn(client(), first.email, ownerPassword)).statusCode).toBe(401);

    expect((await client().post('/api/activate/', { uid: own.uid, token: own.token })).statusCode).toBe(200);
    // Using one link spends the others.
    expect((await client().post('/api/activate/', { uid: first.link.uid, token: first.link.token })).statusCode).toBe(400);
    expect((await logIn(client(), first.email, ownerPassword)).statusCode).toBe(200);
    expect((await logIn(client(), first.email, first.password)).statusCode).toBe(401);
    expect((await findUser(t, first.email))!.name).toBe('Real Owner');
    // The password travelled on the link only until it was used.
    const stored = await t.database.db.selectFrom('user_tokens').select('password_hash').where('token_hash', '=', sha256(own.token)).executeTakeFirstOrThrow();
    expect(stored.password_hash).toBeNull();
  });

  test('a resent activation link after a later registration is that registration\'s: it sets the later password, never the first one', async () => {
    const first = await registerAccount(t, sims.smtp, client(), { name: 'Early Bird' });
    const ownerPassword = 'owner phrase 44 copper';
    expect((await client().post('/api/register/', { username: 'Real Owner', email: first.email, password: ownerPassword, password2: ownerPassword })).statusCode).toBe(201);
    await deliverMail(t);
    expect((await client().post('/api/resend-activation/', { email: first.email })).statusCode).toBe(200);
    await deliverMail(t);
    const outbox = await t.database.db.selectFrom('mail_outbox').select('message_id').where('to_address', '=', first.email).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const resent = extractLink(mailsTo(sims.smtp, first.email).find((message) => message.messageId === outbox.message_id)!.text, 'activate');

    expect((await client().post('/api/activate/', { uid: resent.uid, token: resent.token })).statusCode).toBe(200);
    expect((await logIn(client(), first.email, ownerPassword)).statusCode).toBe(200);
    expect((await logIn(client(), first.email, first.password)).statusCode).toBe(401);
  });

  test('issue 17 (b): an address parked by an email change is never matched: its owner registers an account of their own, and the parker\'s password never works there', async () => {
    const attackerClient = client();
    const attacker = await registerAndActivate(t, sims.smtp, attackerClient, { name: 'Attacker' });
    expect((await logIn(attackerClient, attacker.email, attacker.password)).statusCode).toBe(200);
    const victimEmail = uniqueEmail('parked');
    const parked = await attackerClient.request('PUT', `/api/users/${attacker.id}/update/`, { body: { name: 'Attacker', email: victimEmail, update1: true, update2: true, current_password: attacker.password } });
    expect(parked.statusCode, parked.body).toBe(200);
    await deliverMail(t);
    expect(await findUser(t, victimEmail)).toBeUndefined();

    const victimPassword = 'victim phrase 42 copper';
    const registered = await client().post('/api/register/', { username: 'Victim', email: victimEmail, password: victimPassword, password2: victimPassword });
    expect(registered.statusCode).toBe(201);
    await deliverMail(t);
    const victimRow = await findUser(t, victimEmail);
    expect(victimRow).toMatchObject({ name: 'Victim', is_verified: false });
    expect(victimRow!.id).not.toBe(attacker.id);
    const link = extractLink(mailsTo(sims.smtp, victimEmail).find((mail) => mail.subject === 'Activate your Tradelist account')!.text, 'activate');
    expect((await client().post('/api/activate/', { uid: link.uid, token: link.token })).statusCode).toBe(200);

    expect((await logIn(client(), victimEmail, attacker.password)).statusCode).toBe(401);
    const signedIn = await logIn(client(), victimEmail, victimPassword);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().id).toBe(victimRow!.id);
    expect(await findUser(t, attacker.email)).toMatchObject({ id: attacker.id });
  });

  test('an account left by the old rule with an unproven address: the owner\'s registration link clears it and sets the owner\'s password', async () => {
    const attackerClient = client();
    const attacker = await registerAndActivate(t, sims.smtp, attackerClient, { name: 'Attacker' });
    expect((await logIn(attackerClient, attacker.email, attacker.password)).statusCode).toBe(200);
    const victimEmail = uniqueEmail('legacy');
    const now = t.clock.now();
    await t.database.db.updateTable('users').set({ email: victimEmail, is_verified: false, password_hash: null, stripe_customer_id: `cus_legacy_${attacker.id}` }).where('id', '=', attacker.id).execute();
    await t.database.db
      .insertInto('provider_connections')
      .values({ user_id: attacker.id, provider: 'jobber', status: 'disconnected', account_id: '', account_name: null, key_id: null, access_token_enc: null, refresh_token_enc: null, access_expires_at: null, refresh_expires_at: null, connected_at: now, refreshed_at: null, updated_at: now, disconnected_reason: 'invalid_grant' })
      .execute();

    const victimPassword = 'victim phrase 43 copper';
    expect((await client().post('/api/register/', { username: 'Victim', email: victimEmail, password: victimPassword, password2: victimPassword })).statusCode).toBe(201);
    await deliverMail(t);
    const link = lastLinkTo(sims.smtp, victimEmail, 'activate');
    expect((await client().post('/api/activate/', { uid: link.uid, token: link.token })).statusCode).toBe(200);

    expect(await findUser(t, victimEmail)).toMatchObject({ id: attacker.id, name: 'Victim', is_verified: true, stripe_customer_id: null });
    expect(await t.database.db.selectFrom('provider_connections').select('id').where('user_id', '=', attacker.id).execute()).toEqual([]);
    expect((await attackerClient.get('/api/me/')).statusCode).toBe(401);
    expect((await logIn(client(), victimEmail, victimPassword)).statusCode).toBe(200);
  });

  test('a double-submitted form (concurrent registrations of one new email): all 201, one user, no 500', async () => {
    const email = uniqueEmail('double');
    const password = strongPassword();
    const before = await countRows(t);

    const responses = await Promise.all(
      Array.from({ length: 4 }, () => client().post('/api/register/', { username: 'Double Click', email, password, password2: password })),
    );

    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201, 201]);
    for (const response of responses) expect(response.json()).toEqual({ message: registeredMessage });
    expect((await countRows(t)).users).toBe(before.users + 1);
    await deliverMail(t);
    // Each repeat mails a fresh link; mails may arrive in any order and any of them activates.
    const outbox = await t.database.db.selectFrom('mail_outbox').select('message_id').where('to_address', '=', email).orderBy('id', 'desc').execute();
    const delivered = mailsTo(sims.smtp, email);
    expect(delivered).toHaveLength(outbox.length);
    const newest = delivered.find((message) => message.messageId === outbox[0]!.message_id)!;
    const link = extractLink(newest.text, 'activate');
    expect((await client().post('/api/activate/', { uid: link.uid, token: link.token })).statusCode).toBe(200);
    expect((await logIn(client(), email, password)).statusCode).toBe(200);
  });
});
