import { passwordTooCommonMessage, passwordTooShortMessage, passwordsDoNotMatchMessage } from '@tradelist/contract/accounts';
import { describe, expect, test } from 'vitest';
import { addSeconds } from '../../../lib/clock.ts';
import { randomToken, sha256 } from '../../../lib/secrets.ts';
import { resetRequestedMessage } from '../services/request-password-reset.ts';
import { passwordResetMessage, resetLinkInvalidMessage } from '../services/reset-password.ts';
import { LINK_LIFETIME_SECONDS, encodeUid } from '../services/user-links.ts';
import {
  deliverMail,
  findUser,
  lastLinkTo,
  lastMailTo,
  logIn,
  mailsTo,
  registerAccount,
  registerAndActivate,
  strongPassword,
  uniqueAddress,
  uniqueEmail,
  type MailedLink,
  type Simulators,
} from '../../../../test/support/accounts.ts';
import { type TestApp } from '../../../../test/support/test-app.ts';
import { setUpApiTest } from '../../../../test/support/api-test.ts';

let sims: Simulators;
let t: TestApp;
setUpApiTest({ simulators: true }, (setup) => ({ t, sims } = setup));

const HOUR = 60 * 60;
const client = () => t.client({ remoteAddress: uniqueAddress() });
const linkInvalid = { code: 'LINK_INVALID', error: resetLinkInvalidMessage };

/** Requests a reset for `email`, delivers the mail and returns the link. */
async function requestReset(email: string): Promise<MailedLink> {
  const response = await client().post('/api/request-password-reset/', { email });
  expect(response.statusCode).toBe(200);
  await deliverMail(t);
  return lastLinkTo(sims.smtp, email, 'reset-password');
}

function reset(link: { uid: string; token: string }, password1: string, password2 = password1) {
  return client().post('/api/reset-password/', { uid: link.uid, token: link.token, new_password1: password1, new_password2: password2 });
}

describe('POST /api/request-password-reset/', () => {
  test('known and unknown emails get identical answers; only the known one gets a mail with APP_URL/reset-password/{uid}/{token}', async () => {
    const acc = await registerAndActivate(t, sims.smtp, client());
    const unknownEmail = uniqueEmail('nobody');

    const known = await client().post('/api/request-password-reset/', { email: acc.email });
    const unknown = await client().post('/api/request-password-reset/', { email: unknownEmail });

    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: resetRequestedMessage });
    expect(unknown.body).toBe(known.body);

    await deliverMail(t);
    expect(mailsTo(sims.smtp, unknownEmail)).toHaveLength(0);
    const mail = lastMailTo(sims.smtp, acc.email);
    expect(mail.subject).toBe('Reset your Tradelist password');
    const link = lastLinkTo(sims.smtp, acc.email, 'reset-password');
    expect(link.url).toBe(`${t.config.appUrl}/reset-password/${encodeUid(acc.id)}/${link.token}`);
    expect(LINK_LIFETIME_SECONDS.reset).toBe(HOUR);
  });

  test('per account: the 4th request within the hour answers alike but sends no 4th mail', async () => {
    const acc = await registerAndActivate(t, sims.smtp, client());
    const before = mailsTo(sims.smtp, acc.email).length;
    const limit = t.config.rateLimits.resetPerAccount.limit;
    expect(limit).toBe(3);

    for (let i = 0; i < limit + 1; i++) {
      const response = await client().post('/api/request-password-reset/', { email: acc.email });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: resetRequestedMessage });
    }
    await deliverMail(t);
    expect(mailsTo(sims.smtp, acc.email)).toHaveLength(before + limit);

    // Once the window has passed, mail goes out again.
    t.clock.advance(t.config.rateLimits.resetPerAccount.windowSeconds);
    await client().post('/api/request-password-reset/', { email: acc.email });
    await deliverMail(t);
    expect(mailsTo(sims.smtp, acc.email)).toHaveLength(before + limit + 1);
  });

  test('a malformed email: 400', async () => {
    const response = await client().post('/api/request-password-reset/', { email: 'not an email' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });
});

describe('POST /api/reset-password/', () => {
  test('success: the new password logs in, the old does not, the link is spent, and a "password changed" mail goes out', async () => {
    const acc = await registerAndActivate(t, sims.smtp, client());
    const link = await requestReset(acc.email);
    const newPassword = strongPassword();

    const response = await reset(link, newPassword);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: passwordResetMessage });
    expect((await logIn(client(), acc.email, newPassword)).statusCode).toBe(200);
    expect((await logIn(client(), acc.email, acc.password)).statusCode).toBe(401);

    const again = await reset(link, strongPassword());
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(linkInvalid);

    await deliverMail(t);
    const notice = lastMailTo(sims.smtp, acc.email);
    expect(notice.subject).toBe('Your Tradelist password was changed');
    expect(notice.text).not.toMatch(/reset-password\//);
  });

  test('the same link used concurrently resets exactly once', async () => {
    const acc = await registerAndActivate(t, sims.smtp, client());
    const link = await requestReset(acc.email);
    const passwords = [strongPassword(), strongPassword(), strongPassword()];

    const responses = await Promise.all(passwords.map((password) => reset(link, password)));

    const statuses = responses.map((response) => response.statusCode);
    expect([...statuses].sort()).toEqual([200, 400, 400]);
    for (const response of responses.filter((r) => r.statusCode === 400)) expect(response.json()).toEqual(linkInvalid);
    const winner = passwords[statuses.indexOf(200)]!;
    expect((await logIn(client(), acc.email, winner)).statusCode).toBe(200);
  });

  test('mismatched passwords: 400 with fields.new_password2; nothing changes and the link stays usable', async () => {
    const acc = await registerAndActivate(t, sims.smtp, client());
    const link = await requestReset(acc.email);
    const hashBefore = (await findUser(t, acc.email))!.password_hash;

    const response = await reset(link, 'copper wire one', 'copper wire two');

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'VALIDATION_FAILED',
      error: `new_password2: ${passwordsDoNotMatchMessage}`,
      fields: { new_password2: ['Passwords do not match!'] },
    });
    expect((await findUser(t, acc.email))!.password_hash).toBe(hashBefore);
    expect((await reset(link, 'copper wire one')).statusCode).toBe(200);
    expect((await logIn(client(), acc.email, 'copper wire one')).statusCode).toBe(200);
  });

  test('a common or short password: 400 with fields.new_password1', async () => {
    const acc = await registerAndActivate(t, sims.smtp, client());
    const link = await requestReset(acc.email);

    const common = await reset(link, 'PASSWORD123');
    expect(common.statusCode).toBe(400);
    expect(common.json().fields).toEqual({ new_password1: [passwordTooCommonMessage] });

    const short = await reset(link, 'a7#b2c');
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toEqual({ new_password1: [passwordTooShortMessage] });

    expect((await reset(link, strongPassword())).statusCode).toBe(200);
  });

  test('invalid, tampered, foreign and malformed links: 400 LINK_INVALID, never a 500, password unchanged', async () => {
    const acc = await registerAndActivate(t, sims.smtp, client());
    const other = await registerAccount(t, sims.smtp, client());
    const link = await requestReset(acc.email);
    const tampered = link.token.slice(0, -1) + (link.token.endsWith('A') ? 'B' : 'A');
    const cases: Array<[string, { uid: string; token: string }]> = [
      ['tampered token of the same length', { uid: link.uid, token: tampered }],
      ['unknown uid', { uid: encodeUid(2_000_000_000), token: link.token }],
      ['overflow uid', { uid: 'zzzzzzzzzzzzz', token: link.token }],
      ['non-base64 uid', { uid: '<script>', token: link.token }],
      ['uid of another user', { uid: encodeUid((await findUser(t, other.email))!.id), token: link.token }],
      ['an activation token', { uid: other.link.uid, token: other.link.token }],
    ];
    for (const [name, body] of cases) {
      const response = await reset(body, 'copper wire intruder');
      expect(response.statusCode, name).toBe(400);
      expect(response.json(), name).toEqual(linkInvalid);
    }
    // Even with mismatched passwords, a bad link is reported as a bad link.
    expect((await reset(cases[0]![1], 'a', 'b')).statusCode).toBe(400);
    expect((await logIn(client(), acc.email, 'copper wire intruder')).statusCode).toBe(401);
    expect((await reset(link, strongPassword())).statusCode).toBe(200);
  });

  test('a link 1 h + 1 s old is refused; at 1 h - 1 s it still works', async () => {
    const expired = await registerAndActivate(t, sims.smtp, client());
    const expiredLink = await requestReset(expired.email);
    t.clock.advance(HOUR + 1);
    const late = await reset(expiredLink, strongPassword());
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual(linkInvalid);

    const onTime = await registerAndActivate(t, sims.smtp, client());
    const onTimeLink = await requestReset(onTime.email);
    t.clock.advance(HOUR - 1);
    expect((await reset(onTimeLink, strongPassword())).statusCode).toBe(200);
  });

  test('an older link dies when a newer one is requested', async () => {
    const acc = await registerAndActivate(t, sims.smtp, client());
    const older = await requestReset(acc.email);
    const newer = await requestReset(acc.email);
    expect(newer.token).not.toBe(older.token);

    const response = await reset(older, strongPassword());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(linkInvalid);
    expect((await reset(newer, strongPassword())).statusCode).toBe(200);
  });

  test('a link outstanding when the password changes dies with the change', async () => {
    const acc = await registerAndActivate(t, sims.smtp, client());
    // A second live link, as another API process could have minted it a moment earlier.
    const outstanding = randomToken();
    const now = t.clock.now();
    await t.database.db
      .insertInto('user_tokens')
      .values({ user_id: acc.id, purpose: 'reset', token_hash: sha256(outstanding), created_at: now, expires_at: addSeconds(now, HOUR) })
      .execute();
    const mailed = await requestReset(acc.email);
    await t.database.db
      .updateTable('user_tokens')
      .set({ used_at: null })
      .where('token_hash', '=', sha256(outstanding))
      .execute();

    expect((await reset(mailed, strongPassword())).statusCode).toBe(200);

    const response = await reset({ uid: encodeUid(acc.id), token: outstanding }, strongPassword());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(linkInvalid);
  });

  test('logging in kills an outstanding reset link', async () => {
    const acc = await registerAndActivate(t, sims.smtp, client());
    const link = await requestReset(acc.email);
    expect((await logIn(client(), acc.email, acc.password)).statusCode).toBe(200);
    expect((await reset(link, strongPassword())).statusCode).toBe(400);
  });

  test('resetting the password of an account that was never activated also activates it', async () => {
    const acc = await registerAccount(t, sims.smtp, client());
    const link = await requestReset(acc.email);
    const newPassword = strongPassword();
    expect((await reset(link, newPassword)).statusCode).toBe(200);
    expect((await findUser(t, acc.email))!.is_verified).toBe(true);
    expect((await logIn(client(), acc.email, newPassword)).statusCode).toBe(200);
  });
});
