import { expect, type APIRequestContext } from '@playwright/test';
import type { OperatorCategory } from '@tradelist/contract/operator-content';
import type { EditionUploadResponse, OperatorEdition } from '@tradelist/contract/operator-editions';
import type { UserListItem } from '@tradelist/contract/operator-users';
import { xsrfHeader } from './accounts.ts';

// The operator console's calls, for tests whose subject is not the console itself: they set up a
// category, its editions or a user's access through the same HTTP calls the console makes.

/** The sample data's operator (README). */
export const operatorAccount = { email: 'operator@example.com', password: 'tradelist-operator-2024' };

/** Signs `request` in as the operator; answers the headers its unsafe calls send. */
export async function signInOperator(request: APIRequestContext): Promise<Record<string, string>> {
  const login = await request.post('/api/login_page/', { headers: await xsrfHeader(request), data: operatorAccount });
  expect(login.status()).toBe(200);
  // Signing in starts a new session, and with it a new XSRF token.
  return xsrfHeader(request);
}

/** A new category, available (not announced), free or paid. */
export async function createCategory(request: APIRequestContext, headers: Record<string, string>, name: string, isFree: boolean): Promise<OperatorCategory> {
  const response = await request.post('/api/operator/categories/', { headers, data: { name, tagline: null, image: null, is_free: isFree, is_announced: false } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as OperatorCategory;
}

/** Uploads a supplier CSV to a category as a new edition, checks it and publishes it now. */
export async function publishEdition(request: APIRequestContext, headers: Record<string, string>, categoryId: number, name: string, csv: string): Promise<OperatorEdition> {
  const uploaded = await request.post('/api/operator/edition-uploads/', {
    headers,
    params: { category_id: categoryId, name },
    multipart: { file: { name: 'supplier.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  const checked = (await uploaded.json()) as EditionUploadResponse;
  if (checked.status !== 'checked') throw new Error(`the supplier file was rejected: ${JSON.stringify(checked.problems)}`);
  expect(checked.edition.publishes).toBe('now');
  const published = await request.post(`/api/operator/edition-uploads/${checked.upload_id}/publish/`, { headers, data: { sha256: checked.sha256 } });
  expect(published.status(), await published.text()).toBe(201);
  return (await published.json()) as OperatorEdition;
}

/** Gives the user with this email a complimentary subscription (the annual plan's rights). */
export async function grantComplimentarySubscription(request: APIRequestContext, headers: Record<string, string>, email: string, days = 30): Promise<void> {
  const found = await request.get('/api/operator/users/', { params: { q: email } });
  expect(found.status()).toBe(200);
  const user = ((await found.json()) as { users: UserListItem[] }).users.find((candidate) => candidate.email === email);
  if (!user) throw new Error(`no user ${email}`);
  const granted = await request.post(`/api/operator/users/${user.id}/complimentary-subscription/`, { headers, data: { days } });
  expect(granted.status(), await granted.text()).toBe(200);
}
