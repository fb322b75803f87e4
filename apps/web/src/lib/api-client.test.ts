import { api } from '@tradelist/contract/api';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ApiError, callApi, callApiForFile, callApiUpload } from './api-client';

interface SentRequest {
  url: string;
  method: string;
  headers: Headers;
  body: BodyInit | undefined;
}

let sent: SentRequest[];
let answers: Array<() => Response>;

const json = (status: number, body: unknown) => () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  sent = [];
  answers = [];
  vi.stubGlobal('document', { cookie: 'XSRF-TOKEN=token-1' });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    sent.push({ url, method: init.method ?? 'GET', headers: new Headers(init.headers), body: init.body ?? undefined });
    const next = answers.shift();
    if (!next) throw new Error(`unexpected request ${url}`);
    return next();
  });
});
afterEach(() => vi.unstubAllGlobals());

// The one client builds every request from the contract's definition of the call.
describe('callApi', () => {
  test('fills path parameters (encoded) and the query, and parses the answer with the call’s schema', async () => {
    answers.push(json(200, { latest_collection: [], bought_collections: [], downloads: null }));
    await callApi(api.catalog.latestCollections, { params: { categoryId: 'ALL' } });
    answers.push(json(200, { collection: null, previous_collection: null, products: [], total: 0, offset: 100, limit: 100, search: '1/2" EMT & more', changed: false }));
    const page = await callApi(api.catalog.previewProducts, { query: { offset: 100, limit: 100, search: '1/2" EMT & more' } });
    expect(page.offset).toBe(100);
    expect(sent[0]).toMatchObject({ url: '/api/latest-collection/ALL/', method: 'GET' });
    expect(sent[1]!.url).toBe('/api/preview-products/?offset=100&limit=100&search=1%2F2%22+EMT+%26+more');
  });

  test('sends JSON and the XSRF header on unsafe calls, and on the state-changing GET logout', async () => {
    answers.push(json(200, { message: 'ok' }));
    await callApi(api.accounts.requestPasswordReset, { body: { email: 'ann@example.com' } });
    answers.push(() => new Response(null, { status: 204 }));
    await expect(callApi(api.accounts.logOut, {})).resolves.toBeNull();
    answers.push(json(200, []));
    await callApi(api.catalog.categories, {});
    expect(sent.map((r) => [r.method, r.url, r.headers.get('X-XSRF-TOKEN')])).toEqual([
      ['POST', '/api/request-password-reset/', 'token-1'],
      ['GET', '/api/logout/', 'token-1'],
      ['GET', '/api/categories/', 'token-1'],
    ]);
    expect(sent[0]!.headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(sent[0]!.body as string)).toEqual({ email: 'ann@example.com' });
  });

  test('a refusal becomes an ApiError with the contract error body; an answer off the schema is an error too', async () => {
    answers.push(json(401, { code: 'UNAUTHENTICATED', error: 'Please log in to continue.' }));
    const refused = await callApi(api.accounts.me, {}).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 401, code: 'UNAUTHENTICATED', message: 'Please log in to continue.' });

    answers.push(json(200, { unexpected: true }));
    await expect(callApi(api.accounts.me, {})).rejects.toThrow();
  });

  test('a stale XSRF token is refreshed once and the call repeated', async () => {
    answers.push(json(403, { code: 'CSRF_FAILED', error: 'Your session has expired.' }), json(200, {}), json(200, { message: 'sent' }));
    await expect(callApi(api.accounts.resendActivation, { body: { email: 'ann@example.com' } })).resolves.toEqual({ message: 'sent' });
    expect(sent.map((r) => r.url)).toEqual(['/api/resend-activation/', '/api/config/', '/api/resend-activation/']);
  });
});

describe('callApiForFile', () => {
  test('accepts the call’s file types (JSON with a lower weight) and hands back the raw answer', async () => {
    answers.push(() => new Response('sku,name\n', { status: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8' } }));
    const response = await callApiForFile(api.catalog.downloadEdition, { body: { collection_id: 7, catelog_id: 'none', format: 'csv', layout: 'price-list' } });
    expect(await response.text()).toBe('sku,name\n');
    expect(sent[0]!.headers.get('Accept')).toBe('text/csv, application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, application/json;q=0.9');
    expect(sent[0]).toMatchObject({ method: 'POST', url: '/api/download-products/' });
  });
});

describe('callApiUpload', () => {
  test('sends the file as multipart/form-data in the field the contract names, with the XSRF header, and parses the answer', async () => {
    answers.push(json(200, { profile_picture_url: '/media/profile-pictures/0123456789abcdef0123456789abcdef.webp' }));
    const file = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
    const answer = await callApiUpload(api.profile.updateProfilePicture, { params: { id: 7 } }, file);
    expect(answer.profile_picture_url).toMatch(/^\/media\/profile-pictures\//);
    expect(sent[0]).toMatchObject({ url: '/api/users/7/update-profile/', method: 'POST' });
    expect(sent[0]!.headers.get('X-XSRF-TOKEN')).toBe('token-1');
    // The browser sets the multipart type with its boundary; the client must not set JSON.
    expect(sent[0]!.headers.get('Content-Type')).toBeNull();
    const form = sent[0]!.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect([...form.keys()]).toEqual(['profile_image']);
  });
});
