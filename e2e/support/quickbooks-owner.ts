import type { Browser } from '@playwright/test';
import { DEFAULT_QBO_CLIENT_ID, DEFAULT_QBO_CLIENT_SECRET } from '@tradelist/simulators/quickbooks';

/**
 * The company's owner changing an item's price in QuickBooks Online themselves, as another app
 * would: through the (simulated) consent page and the Accounting API, not through Tradelist. The
 * redirect goes to an address nothing answers; the code is read from its request.
 */
export async function editPriceInQuickBooks(browser: Browser, qboUrl: string, realm: { id: string; name: string }, sku: string, unitPrice: number): Promise<void> {
  const redirectUri = 'http://127.0.0.1:9/owner-callback';
  const context = await browser.newContext();
  const page = await context.newPage();
  const authorize = new URL('/connect/oauth2', qboUrl);
  authorize.search = new URLSearchParams({ client_id: DEFAULT_QBO_CLIENT_ID, response_type: 'code', scope: 'com.intuit.quickbooks.accounting', redirect_uri: redirectUri, state: 'owner' }).toString();
  await page.goto(authorize.toString());
  await page.getByRole('radio', { name: realm.name }).check();
  // The consent page redirects to the callback: its request carries the code (nothing answers it).
  const callback = page.waitForRequest((request) => request.url().startsWith(redirectUri));
  await page.getByRole('button', { name: 'Connect' }).click();
  const code = new URL((await callback).url()).searchParams.get('code') ?? '';
  await context.close();
  if (!code) throw new Error('the QuickBooks simulator issued no code');

  const basic = Buffer.from(`${DEFAULT_QBO_CLIENT_ID}:${DEFAULT_QBO_CLIENT_SECRET}`).toString('base64');
  const token = await fetch(new URL('/oauth2/v1/tokens/bearer', qboUrl), {
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }).toString(),
  });
  const { access_token: accessToken } = (await token.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${accessToken}`, accept: 'application/json', 'content-type': 'application/json' };
  const api = (path: string) => new URL(`/v3/company/${realm.id}/${path}`, qboUrl);
  const query = api('query');
  query.searchParams.set('query', `select * from Item where Sku = '${sku.replaceAll("'", "\\'")}'`);
  const found = (await (await fetch(query, { headers })).json()) as { QueryResponse: { Item?: Array<{ Id: string; SyncToken: string }> } };
  const item = found.QueryResponse.Item?.[0];
  if (!item) throw new Error(`no item with SKU ${sku} in ${realm.name}`);
  const updated = await fetch(api('item'), { method: 'POST', headers, body: JSON.stringify({ Id: item.Id, SyncToken: item.SyncToken, sparse: true, UnitPrice: unitPrice }) });
  if (!updated.ok) throw new Error(`QuickBooks refused the edit: ${await updated.text()}`);
}
