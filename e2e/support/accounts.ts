import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { writeSession } from '../../apps/web/src/lib/session-storage.ts';
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

/**
 * Logs in through the API (docs/architecture.md, Tests) and stores the session the way the app does after
 * its own login, so the dashboard opens signed in.
 */
export async function signInThroughApi(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.request.get('/api/config/');
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  if (!token) throw new Error('no XSRF-TOKEN cookie');
  const response = await page.request.post('/api/login_page/', { headers: { 'x-xsrf-token': token }, data: account });
  expect(response.status()).toBe(200);
  const entries = new Map<string, string>();
  writeSession(
    { getItem: (key) => entries.get(key) ?? null, setItem: (key, value) => void entries.set(key, value), removeItem: (key) => void entries.delete(key) },
    await response.json(),
  );
  await page.goto('/');
  await page.evaluate((stored) => {
    for (const [key, value] of stored) localStorage.setItem(key, value);
  }, [...entries]);
}
