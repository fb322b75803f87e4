import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { writeSession } from '../../apps/web/src/lib/session-storage.ts';
import { linkIn, waitForMail } from './inbox.ts';

let counter = 0;

/** A unique address for one test, so tests never share an account. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}@example.com`;
}

/** The XSRF header of `request`'s session (a new session, such as after signing in, has a new token). */
export async function xsrfHeader(request: APIRequestContext): Promise<Record<string, string>> {
  await request.get('/api/config/');
  const state = await request.storageState();
  const token = state.cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  if (!token) throw new Error('no XSRF-TOKEN cookie');
  return { 'x-xsrf-token': token };
}

/**
 * Registers and activates an account through the API and the real activation mail, for tests
 * whose subject is not registration itself. The user is also onboarded through the API, so the
 * onboarding dialog (product §2.6) does not stand in front of the screen under test; pass
 * `{ onboarded: false }` to keep it.
 */
export async function createActivatedUser(
  request: APIRequestContext,
  account: { name: string; email: string; password: string },
  options: { onboarded?: boolean } = {},
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
  if (options.onboarded !== false) await onboardThroughApi(request, account);
}

/** Signs in with `request`, answers the onboarding dialog's questions, and signs out again. */
async function onboardThroughApi(request: APIRequestContext, account: { email: string; password: string }): Promise<void> {
  const login = await request.post('/api/login_page/', { headers: await xsrfHeader(request), data: { email: account.email, password: account.password } });
  expect(login.status()).toBe(200);
  // Signing in starts a new session, and with it a new XSRF token.
  const headers = await xsrfHeader(request);
  const onboarded = await request.post('/api/onboarding/', { headers, data: { software: 'QuickBooks', team_size: '1-5', referral_source: 'Google Search', phone_number: '', can_contact: false } });
  expect(onboarded.status()).toBe(200);
  expect((await request.get('/api/logout/', { headers })).status()).toBe(204);
}

/**
 * Logs in through the API (docs/architecture.md, Tests) and stores the session the way the app does after
 * its own login, so the dashboard opens signed in.
 */
export async function signInThroughApi(page: Page, account: { email: string; password: string }, options: { onboarded?: boolean } = {}): Promise<void> {
  const response = await page.request.post('/api/login_page/', { headers: await xsrfHeader(page.request), data: account });
  expect(response.status()).toBe(200);
  const user = await response.json();
  // The sample accounts were never onboarded: answer the dialog's questions for them too, unless
  // the test is about the dialog.
  if (!user.is_onboarded && options.onboarded !== false) {
    const onboarded = await page.request.post('/api/onboarding/', { headers: await xsrfHeader(page.request), data: { software: 'Jobber', team_size: '1-5', referral_source: 'Reddit', can_contact: false } });
    expect(onboarded.status()).toBe(200);
    user.is_onboarded = true;
  }
  const entries = new Map<string, string>();
  writeSession(
    { getItem: (key) => entries.get(key) ?? null, setItem: (key, value) => void entries.set(key, value), removeItem: (key) => void entries.delete(key) },
    user,
  );
  await page.goto('/');
  await page.evaluate((stored) => {
    for (const [key, value] of stored) localStorage.setItem(key, value);
  }, [...entries]);
}
