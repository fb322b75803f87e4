import { expect, test } from 'vitest';
import { type TestApp } from '../../../../test/support/test-app.ts';
import { setUpApiTest } from '../../../../test/support/api-test.ts';

let t: TestApp;
setUpApiTest({}, (setup) => ({ t } = setup));

test('register, activate from the outbox link, log in, read /me, log out', async () => {
  const client = t.client();
  const registered = await client.post('/api/register/', {
    username: 'Ann Sparks',
    email: 'ann@example.com',
    password: 'correct horse battery',
    password2: 'correct horse battery',
  });
  expect(registered.statusCode).toBe(201);
  const mail = await t.database.db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
  const link = /http:\/\/localhost:3000\/activate\/([^/\s]+)\/([^/\s]+)/.exec(mail.text_body ?? '');
  expect(link).not.toBeNull();
  const activated = await client.post('/api/activate/', { uid: link![1], token: link![2] });
  expect(activated.json()).toEqual({ message: 'Your account has been activated. You can now log in.' });
  const login = await client.post('/api/login_page/', { email: 'ANN@example.com', password: 'correct horse battery' });
  expect(login.statusCode).toBe(200);
  expect(login.json()).toMatchObject({ name: 'Ann Sparks', is_verified: true, status: false });
  expect((await client.get('/api/me/')).statusCode).toBe(200);
  expect((await client.get('/api/logout/')).statusCode).toBe(204);
  expect((await client.get('/api/me/')).statusCode).toBe(401);
});
