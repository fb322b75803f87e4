import { expect, type APIRequestContext } from '@playwright/test';
import { linkIn, waitForMail } from './inbox.ts';

let counter = 0;

/** A unique address for one test, so tests never share an account. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}@example.com`;
}

async function xsrfHeader(request: APIRequestContext): Promise<Record<string, string>> {
  await request.get('/api/config/');
  const state = await request.storageState();
  const token = state.cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  if (!token) throw new Error('no XSRF-TOKEN cookie');
  return { 'x-xsrf-token': token };
}

/**
 * Registers and activates an account through the API and the real activation mail, for tests
 * whose subject is not registration itself.
 */
export async function createActivatedUser(
  request: APIRequestContext,
  account: { name: string; email: string; password: string },
): Promise<void> {
  const headers = await xsrfHeader(request);
  const registered = await request.post('/api/register/', {
    headers,
    data: { username: account.name, email: account.email, password: account.password, password2: account.password },
  });
  expect(registered.status()).toBe(201);
  const mail = await waitForMail(account.email, 'Activate');
  const [uid, token] = new URL(linkIn(mail, '/activate/')).pathname.split('/').slice(2);
  const activated = await request.post('/api/activate/', { headers, data: { uid, token } });
  expect(activated.status()).toBe(200);
}
