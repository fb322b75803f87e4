import { describe, expect, test } from 'vitest';
import { activatedMessage, activationFailedMessage } from '../services/activate-account.ts';
import { LINK_LIFETIME_SECONDS, encodeUid } from '../services/user-links.ts';
import {
  deliverMail,
  findUser,
  lastLinkTo,
  logIn,
  mailsTo,
  registerAccount,
  registerAndActivate,
  uniqueAddress,
  type Simulators,
} from '../../../../test/support/accounts.ts';
import { type TestApp } from '../../../../test/support/test-app.ts';
import { setUpApiTest } from '../../../../test/support/api-test.ts';

let sims: Simulators;
let t: TestApp;
setUpApiTest({ simulators: true }, (setup) => ({ t, sims } = setup));

const client = () => t.client({ remoteAddress: uniqueAddress() });
const THREE_DAYS = 3 * 24 * 60 * 60;
const invalidBody = { code: 'LINK_INVALID', error: 'Activation failed. Invalid or expired link.' };

/** Changes one character of a token, keeping its length and alphabet. */
function tamper(token: string): string {
  const last = token.at(-1)!;
  return token.slice(0, -1) + (last === 'A' ? 'B' : 'A');
}

describe('POST /api/activate/', () => {
  test('the product §8 message is the service constant; links live 3 days', () => {
    expect(activationFailedMessage).toBe('Activation failed. Invalid or expired link.');
    expect(LINK_LIFETIME_SECONDS.activate).toBe(THREE_DAYS);
  });

  test('a good link activates once; the second use is refused', async () => {
    const c = client();
    const acc = await registerAccount(t, sims.smtp, c);
    expect((await logIn(c, acc.email, acc.password)).statusCode).toBe(403);

    const first = await c.post('/api/activate/', { uid: acc.link.uid, token: acc.link.token });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: activatedMessage });
    expect((await findUser(t, acc.email))!.is_verified).toBe(true);
    expect((await logIn(client(), acc.email, acc.password)).statusCode).toBe(200);

    const second = await client().post('/api/activate/', { uid: acc.link.uid, token: acc.link.token });
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual(invalidBody);
  });

  test('the same link used concurrently activates exactly once', async () => {
    const acc = await registerAccount(t, sims.smtp, client());
    const responses = await Promise.all(Array.from({ length: 5 }, () => client().post('/api/activate/', { uid: acc.link.uid, token: acc.link.token })));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 400, 400, 400, 400]);
  });

  test('a link 3 days + 1 s old is refused', async () => {
    const acc = await registerAccount(t, sims.smtp, client());
    t.clock.advance(THREE_DAYS + 1);
    const response = await client().post('/api/activate/', { uid: acc.link.uid, token: acc.link.token });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(invalidBody);
    expect((await findUser(t, acc.email))!.is_verified).toBe(false);
  });

  test('a link 3 days - 1 s old still works', async () => {
    const acc = await registerAccount(t, sims.smtp, client());
    t.clock.advance(THREE_DAYS - 1);
    const response = await client().post('/api/activate/', { uid: acc.link.uid, token: acc.link.token });
    expect(response.statusCode).toBe(200);
    expect((await findUser(t, acc.email))!.is_verified).toBe(true);
  });

  test('tampered, foreign, unknown and malformed links: the same 400, never a 500, and the real link survives', async () => {
    const victim = await registerAccount(t, sims.smtp, client());
    const other = await registerAccount(t, sims.smtp, client());
    const cases: Array<[string, { uid: string; token: string }]> = [
      ['tampered token of the same length', { uid: victim.link.uid, token: tamper(victim.link.token) }],
      ['unknown uid', { uid: encodeUid(2_000_000_000), token: victim.link.token }],
      ['overflow uid', { uid: 'zzzzzzzzzzzzz', token: victim.link.token }],
      ['uid of 10 digits beyond int4', { uid: encodeUid(9_999_999_999), token: victim.link.token }],
      ['non-base64 uid', { uid: '%%$$!!', token: victim.link.token }],
      ['uid of zero', { uid: Buffer.from('0').toString('base64url'), token: victim.link.token }],
      ['token of another user', { uid: victim.link.uid, token: other.link.token }],
      ['uid of another user', { uid: other.link.uid, token: victim.link.token }],
      ['garbage token', { uid: victim.link.uid, token: 'x' }],
    ];
    for (const [name, body] of cases) {
      const response = await client().post('/api/activate/', body);
      expect(response.statusCode, name).toBe(400);
      expect(response.json(), name).toEqual(invalidBody);
    }
    expect((await findUser(t, victim.email))!.is_verified).toBe(false);

    // Nothing above used the real links up.
    expect((await client().post('/api/activate/', { uid: victim.link.uid, token: victim.link.token })).statusCode).toBe(200);
    expect((await client().post('/api/activate/', { uid: other.link.uid, token: other.link.token })).statusCode).toBe(200);
  });

  test('a password reset link does not activate', async () => {
    const acc = await registerAccount(t, sims.smtp, client());
    const c = client();
    expect((await c.post('/api/request-password-reset/', { email: acc.email })).statusCode).toBe(200);
    await deliverMail(t);
    const reset = lastLinkTo(sims.smtp, acc.email, 'reset-password');
    const response = await c.post('/api/activate/', { uid: reset.uid, token: reset.token });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(invalidBody);
  });

  test('the confirmation of a new email is a link of its own: 3 days, once, and only for the address it was made for', async () => {
    const c = client();
    const acc = await registerAndActivate(t, sims.smtp, c);
    expect((await logIn(c, acc.email, acc.password)).statusCode).toBe(200);
    const newEmail = `confirm-${acc.id}@example.com`;
    const body = { name: acc.name, email: newEmail, update1: true, update2: true, current_password: acc.password };
    expect((await c.request('PUT', `/api/users/${acc.id}/update/`, { body })).statusCode).toBe(200);
    await deliverMail(t);
    const link = lastLinkTo(sims.smtp, newEmail, 'activate');
    const stored = await t.database.db.selectFrom('user_tokens').select(['purpose', 'email']).where('user_id', '=', acc.id).where('used_at', 'is', null).execute();
    expect(stored).toEqual([{ purpose: 'confirm_email', email: newEmail }]);

    t.clock.advance(THREE_DAYS + 1);
    const expired = await client().post('/api/activate/', { uid: link.uid, token: link.token });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual(invalidBody);
    expect(await findUser(t, acc.email)).toMatchObject({ id: acc.id });
    expect(await findUser(t, newEmail)).toBeUndefined();
  });

  test('missing or oversized fields: 400 VALIDATION_FAILED, not a 500', async () => {
    const c = client();
    for (const body of [{}, { uid: 'MQ' }, { uid: 'x'.repeat(65), token: 'y' }, { uid: 'MQ', token: 't'.repeat(257) }, { uid: 1, token: 2 }]) {
      const response = await c.post('/api/activate/', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
  });

  test('an activated account gets no further activation link', async () => {
    const c = client();
    const acc = await registerAndActivate(t, sims.smtp, c);
    const mailsBefore = mailsTo(sims.smtp, acc.email).length;
    expect((await c.post('/api/resend-activation/', { email: acc.email })).statusCode).toBe(200);
    await deliverMail(t);
    expect(mailsTo(sims.smtp, acc.email)).toHaveLength(mailsBefore);
    const live = await t.database.db.selectFrom('user_tokens').select('id').where('user_id', '=', acc.id).where('used_at', 'is', null).execute();
    expect(live).toHaveLength(0);
  });
});
