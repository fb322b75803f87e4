import { ID_MAX } from '@tradelist/contract/fields';
import fc from 'fast-check';
import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { strongPassword, uniqueAddress, uniqueEmail } from './support/accounts.ts';
import { clientFor, createCatalogFixture, type CatalogFixture } from './support/catalog.ts';
import { acceptsString, apiOperations, encodePathSegment, expectErrorBody, fillPath, LogCapture, type ApiOperation } from './support/openapi.ts';
import { setUpApiTest } from './support/api-test.ts';
import type { TestApp, TestClient } from './support/test-app.ts';

// Issue 7 §1.2: arbitrary strings in every text field of every call: never a 5xx, and a refused
// request changes nothing. Runs per field are few so the whole tier stays fast; the explicit
// control characters make sure every run tries the characters that once gave a 500.
const RUNS_PER_FIELD = 25;

interface Baseline {
  /** A valid request without the fuzzed field's value; signed in or not. */
  body?: () => Record<string, unknown>;
  signedIn: boolean;
  /** Sent by an operator (operator calls refuse anyone else before reading the text). */
  operator?: true;
  /** Path parameters other than the fuzzed one (the member's own id); `ALL` otherwise. */
  params?: () => Record<string, string>;
  /** Fields that must carry the same value as the fuzzed one (a password and its repetition). */
  twins?: Record<string, string>;
}

let existingEmail = '';
let fuzzCounter = 0;
/** An id no row has: the operator call checks its text, then finds nothing to change. */
const missingRow = () => ({ id: String(ID_MAX) });
const fuzzCategory = () => ({ name: `Fuzz category ${++fuzzCounter}`, tagline: null, image: null, is_free: false, is_announced: true });
const fuzzPlan = () => ({ name: `Fuzz plan ${++fuzzCounter}`, description: 'A free plan made by the fuzz test', price: 0, regular_price: null, interval: 'none', download_max: 1, is_active: false });
const fuzzPost = () => ({
  custom_url: `fuzz-post-${++fuzzCounter}`,
  title: 'Fuzz post',
  category: 'Testing',
  intro: 'Written by the fuzz test',
  author: 'Fuzz Tester',
  author_image: '/images2/blog/picture.svg',
  thumbnail: '/images2/blog/picture.svg',
  paragraphs: [{ text: 'A paragraph.', image: null }],
  status: 'draft',
});
const fuzzProfile = () => ({ name: `Fuzz profile ${++fuzzCounter}`, bands: [{ from: '0.00', markup: 10 }], min_price: '1.00', min_margin: '0.50', ending: 'none' });
const password = strongPassword();

/**
 * One valid request per call. A call the OpenAPI document lists with a text field but this table
 * does not know fails the test, so new calls get fuzzed too.
 */
const baselines: Record<string, Baseline> = {
  'POST /api/register/': { signedIn: false, body: () => ({ username: 'Fuzz Tester', email: uniqueEmail('fuzz'), password, password2: password }), twins: { password: 'password2' } },
  'POST /api/activate/': { signedIn: false, body: () => ({ uid: 'MQ', token: 'a'.repeat(43) }) },
  'POST /api/login_page/': { signedIn: false, body: () => ({ email: existingEmail, password: 'not the right password' }) },
  'POST /api/google-login/': { signedIn: false, body: () => ({ token: 'header.payload.signature' }) },
  'POST /api/request-password-reset/': { signedIn: false, body: () => ({ email: uniqueEmail('fuzz-reset') }) },
  'POST /api/reset-password/': {
    signedIn: false,
    body: () => ({ uid: 'MQ', token: 'a'.repeat(43), new_password1: password, new_password2: password }),
    twins: { new_password1: 'new_password2' },
  },
  'POST /api/resend-activation/': { signedIn: false, body: () => ({ email: uniqueEmail('fuzz-resend') }) },
  'POST /api/user_factor/': { signedIn: true, body: () => ({ inventory_option: 'Inventory', income_type: 'Sales of Product Income' }) },
  // A new profile of the member's, and a replacement of one that does not exist (404 once the text passed).
  'POST /api/pricing-profiles/': { signedIn: true, body: () => fuzzProfile() },
  'PUT /api/pricing-profiles/{profileId}/': { signedIn: true, params: () => ({ profileId: String(ID_MAX) }), body: () => fuzzProfile() },
  'DELETE /api/pricing-profiles/{profileId}/': { signedIn: true },
  'POST /api/download-products/': { signedIn: true, body: () => ({ collection_id: ID_MAX, catelog_id: 'none', format: 'csv', layout: 'price-list' }) },
  'POST /api/download-bought-products/': { signedIn: true, body: () => ({ collection_id: ID_MAX, format: 'csv', layout: 'price-list' }) },
  'GET /api/latest-collection/{categoryId}/': { signedIn: true },
  'GET /api/preview-products/': { signedIn: true },
  'POST /api/create-checkout-session/': { signedIn: true, body: () => ({ price_id: 'price_NotSoldHere', is_recurring: true }) },
  'POST /api/confirm-checkout-session/': { signedIn: true, body: () => ({ session_id: 'cs_test_unknown' }) },
  'POST /api/funnel-events/': { signedIn: true, body: () => ({ event: 'subscriptions_page_opened' }) },
  'POST /api/sync-products/': { signedIn: true, body: () => ({ collection_id: ID_MAX, catelog_id: 'none', software_name: 'quickbook', company_id: '9341453071836290' }) },
  'POST /api/sync-previews/': { signedIn: true, body: () => ({ collection_id: ID_MAX, catelog_id: 'none', software_name: 'quickbook', company_id: '9341453071836290' }) },
  'GET /api/sync-previews/{previewId}/': { signedIn: true, params: () => ({ previewId: String(ID_MAX) }) },
  'POST /api/sync-previews/{previewId}/approve/': { signedIn: true, params: () => ({ previewId: String(ID_MAX) }), body: () => ({ exclude: [], only_raise: false, overwrite_edited: [], retire_left: false }) },
  'GET /api/sync-history/': { signedIn: true },
  'GET /api/sync-history/csv/': { signedIn: true },
  'GET /api/price-history/': { signedIn: true },
  'GET /api/price-index/{categoryId}/': { signedIn: true },
  'GET /api/syncs/{syncId}/': { signedIn: true },
  'POST /api/quickbooks/auth/': { signedIn: true, body: () => ({ code: 'authorization-code', state: 'a-state-no-flow-has', realmId: '9341453071836290' }) },
  'POST /api/jobber/auth/': { signedIn: true, body: () => ({ code: 'authorization-code', state: 'a-state-no-flow-has' }) },
  'PUT /api/users/{id}/update/': { signedIn: true, params: () => ({ id: String(member.userId) }), body: () => ({ name: 'Text Fuzz', email: existingEmail, update1: true, update2: false }) },
  // Only the id is text here; another id than the member's own never deletes anything (403).
  'DELETE /api/users/{id}/delete/': { signedIn: true },
  'GET /api/users/{id}/data-export/': { signedIn: true },
  'GET /api/unsubscribe/{token}/': { signedIn: false },
  'POST /api/unsubscribe/{token}/': { signedIn: false },
  'GET /api/users/{id}/profile-picture/': { signedIn: true },
  'POST /api/users/{id}/update-profile/': { signedIn: true },
  'DELETE /api/users/{id}/delete-profile-picture/': { signedIn: true },
  'GET /api/user-guide-resources/{id}/file/': { signedIn: true },
  'GET /api/user-guide-videos/{id}/video/': { signedIn: false },
  'GET /api/user-guide-videos/{id}/poster/': { signedIn: false },
  'GET /api/user-guide-videos/{id}/captions/': { signedIn: false },
  'POST /api/newsletter_email/': { signedIn: false, body: () => ({ email: uniqueEmail('fuzz-news') }) },
  'POST /api/newsletter-unsubscribe/': { signedIn: false, body: () => ({ token: 'MQ.' + 'a'.repeat(43) }) },
  'POST /api/marketing-signup/': { signedIn: false, body: () => ({ email: uniqueEmail('fuzz-draw') }) },
  'POST /api/setup-call-requests/': { signedIn: false, body: () => ({ name: 'Fuzz Tester', email: uniqueEmail('fuzz-setup'), phone: '555-123-4567', preferred_time: 'Monday' }) },
  'GET /api/blog_details/{id}/': { signedIn: false },
  'GET /api/list-groups/{category}/': { signedIn: false },
  'POST /api/onboarding/': { signedIn: true, body: () => ({ software: 'QuickBooks', team_size: '1-5', referral_source: 'Other', phone_number: '555-123-4567', can_contact: false }) },
  // Operator calls on a user act on one that does not exist: the text is checked, nobody is changed.
  'GET /api/operator/audit-log/': { signedIn: true, operator: true },
  'GET /api/operator/users/': { signedIn: true, operator: true },
  'GET /api/operator/users/{id}/': { signedIn: true, operator: true },
  'POST /api/operator/users/{id}/complimentary-subscription/': { signedIn: true, operator: true, params: () => ({ id: String(ID_MAX) }), body: () => ({ days: 30 }) },
  'DELETE /api/operator/users/{id}/complimentary-subscription/': { signedIn: true, operator: true },
  'POST /api/operator/users/{id}/resend-activation/': { signedIn: true, operator: true },
  'POST /api/operator/users/{id}/refund/': { signedIn: true, operator: true, params: () => ({ id: String(ID_MAX) }), body: () => ({ by: 'exception', payment_id: ID_MAX, reason: 'A refund outside the rule, for the fuzz test.' }) },
  'POST /api/operator/users/{id}/disable/': { signedIn: true, operator: true, params: () => ({ id: String(ID_MAX) }), body: () => ({ reason: 'Disabled by the fuzz test' }) },
  'POST /api/operator/users/{id}/enable/': { signedIn: true, operator: true },
  // Content calls: updates and deletes name a row that does not exist; creates make free plans
  // (nothing reaches Stripe), announced categories and draft posts.
  'POST /api/operator/images/': { signedIn: true, operator: true },
  'POST /api/operator/categories/': { signedIn: true, operator: true, body: () => fuzzCategory() },
  'PUT /api/operator/categories/{id}/': { signedIn: true, operator: true, params: missingRow, body: () => fuzzCategory() },
  'POST /api/operator/plans/': { signedIn: true, operator: true, body: () => fuzzPlan() },
  'PUT /api/operator/plans/{id}/': { signedIn: true, operator: true, params: missingRow, body: () => fuzzPlan() },
  'POST /api/operator/blog-posts/': { signedIn: true, operator: true, body: () => fuzzPost() },
  'PUT /api/operator/blog-posts/{id}/': { signedIn: true, operator: true, params: missingRow, body: () => fuzzPost() },
  'DELETE /api/operator/blog-posts/{id}/': { signedIn: true, operator: true, params: missingRow },
  'POST /api/operator/guide-resources/': { signedIn: true, operator: true },
  'PUT /api/operator/guide-resources/{id}/': { signedIn: true, operator: true, params: missingRow, body: () => ({ name: 'Fuzz guide', description: 'Written by the fuzz test' }) },
  'DELETE /api/operator/guide-resources/{id}/': { signedIn: true, operator: true, params: missingRow },
  'PUT /api/operator/guide-videos/{id}/': { signedIn: true, operator: true, params: missingRow, body: () => ({ title: 'Fuzz video', description: 'Written by the fuzz test' }) },
  'POST /api/operator/guide-videos/{id}/video/': { signedIn: true, operator: true, params: missingRow },
  'POST /api/operator/guide-videos/{id}/poster/': { signedIn: true, operator: true, params: missingRow },
  'POST /api/operator/guide-videos/{id}/captions/': { signedIn: true, operator: true, params: missingRow },
  // Edition and product-news calls: a publish names an upload that does not exist; news is previewed or test-sent, never sent.
  'POST /api/operator/edition-uploads/': { signedIn: true, operator: true },
  'POST /api/operator/edition-uploads/{id}/publish/': { signedIn: true, operator: true, params: () => ({ id: String(ID_MAX) }), body: () => ({ sha256: 'a'.repeat(64) }) },
  'DELETE /api/operator/editions/{id}/': { signedIn: true, operator: true },
  'POST /api/operator/product-news/': { signedIn: true, operator: true, body: () => ({ subject: 'Fuzz news', body: 'Hello **everyone**' }) },
  'POST /api/operator/product-news/preview/': { signedIn: true, operator: true, body: () => ({ subject: 'Fuzz news', body: 'Hello **everyone**' }) },
  'POST /api/operator/product-news/test/': { signedIn: true, operator: true, body: () => ({ subject: 'Fuzz news', body: 'Hello **everyone**' }) },
};

// A login password (and the current password that confirms a sensitive change) is only compared
// with a stored hash, never stored; it keeps accepting what earlier rules accepted, so no
// existing password stops working.
const exemptFromTextRule = new Set(['POST /api/login_page/ body:password', 'PUT /api/users/{id}/update/ body:current_password', 'DELETE /api/users/{id}/delete/ body:current_password']);

interface TextSite {
  operation: ApiOperation;
  key: string;
  name: string;
  where: 'path' | 'query' | 'body';
}

const controlCharacters = ['\u0000', '\n', '\r', '\t', '\u0001', '\u001b', '\u007f', '\u0085', '\u2028', '\uD800', '\uDFFF'];
const arbitraryText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.tuple(fc.string({ maxLength: 10 }), fc.constantFrom(...controlCharacters), fc.string({ maxLength: 10 })).map(([a, c, b]) => a + c + b),
);
/**
 * Characters no stored text may hold, wherever they stand (trimming does not remove them). A
 * lone surrogate cannot travel in a URL (its UTF-8 encoding is U+FFFD), so only a JSON body can
 * carry one to the server.
 */
const mustBeRefused = (value: string, where: TextSite['where']) =>
  value.includes('\u0000') || (where === 'body' && /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(value));

const log = new LogCapture();
let t: TestApp;
let fixture: CatalogFixture;
let member: { client: TestClient; userId: number | null };
let operator: { client: TestClient; userId: number | null };
let sites: TextSite[];
// Rate limits would turn later runs into 429s and hide what the text does.
setUpApiTest({ logStream: log.stream, env: { RATE_LIMIT_SCALE: '1000' } }, async (setup) => {
  ({ t } = setup);
  fixture = await createCatalogFixture(t);
  member = await clientFor(t, fixture, 'subscriber', 'text-fuzz');
  operator = await clientFor(t, fixture, 'free', 'text-fuzz-operator');
  await t.database.db.updateTable('users').set({ role: 'operator' }).where('id', '=', operator.userId!).execute();
  existingEmail = (await t.database.db.selectFrom('users').select('email').where('id', '=', member.userId!).executeTakeFirstOrThrow()).email;
  sites = (await apiOperations(t)).flatMap((operation) => {
    const key = `${operation.method} ${operation.path}`;
    return [
      ...operation.parameters.filter((p) => (p.in === 'path' || p.in === 'query') && acceptsString(p.schema)).map((p) => ({ operation, key, name: p.name, where: p.in as 'path' | 'query' })),
      ...Object.entries(operation.body?.properties ?? {}).filter(([, schema]) => acceptsString(schema)).map(([name]) => ({ operation, key, name, where: 'body' as const })),
    ];
  });
});

/** What a refused request must leave alone: row counts, the member's factor, quota and log. */
async function snapshot() {
  // One round trip: this runs twice per request.
  const { rows } = await sql<Record<string, unknown>>`
    SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM user_tokens) AS user_tokens,
      (SELECT count(*) FROM mail_outbox) AS mail_outbox, (SELECT count(*) FROM jobs) AS jobs,
      (SELECT count(*) FROM sessions) AS sessions, (SELECT count(*) FROM sync_runs) AS syncs,
      (SELECT count(*) FROM provider_connections) AS connections, (SELECT count(*) FROM download_log) AS downloads,
      (SELECT count(*) FROM profile_pictures) AS profile_pictures,
      (SELECT count(*) FROM download_log WHERE status <> 'aborted') AS downloads_counted,
      (SELECT row_to_json(f) FROM user_factors f WHERE user_id = ${member.userId}) AS factor,
      (SELECT row_to_json(o) FROM onboarding_answers o WHERE user_id = ${member.userId}) AS onboarding
  `.execute(t.database.db);
  return rows[0];
}

function send(site: TextSite, value: string) {
  const baseline = baselines[site.key]!;
  const client = baseline.operator ? operator.client : baseline.signedIn ? member.client : t.client({ remoteAddress: uniqueAddress() });
  const method = site.operation.method as 'GET' | 'POST' | 'DELETE';
  const path = fillPath(site.operation.path, { ...baseline.params?.(), ...(site.where === 'path' ? { [site.name]: encodePathSegment(value) } : {}) }, 'ALL');
  const url = site.where === 'query' ? `${path}?${site.name}=${encodePathSegment(value)}` : path;
  if (!baseline.body) return client.request(method, url);
  const body = baseline.body();
  if (site.where === 'body') {
    body[site.name] = value;
    const twin = baseline.twins?.[site.name];
    if (twin) body[twin] = value;
  }
  return client.request(method, url, { body });
}

describe('text in every field (issue 7 §1.2)', () => {
  test('every call with a text field has a baseline request', () => {
    const missing = [...new Set(sites.map((site) => site.key))].filter((key) => !baselines[key]);
    expect(missing, 'add a valid request for these calls to `baselines`').toEqual([]);
    expect(sites.length).toBeGreaterThanOrEqual(20);
  });

  test('NUL in a name or an inventory option: a field error, nothing stored', async () => {
    const before = await snapshot();
    const register = await t.client({ remoteAddress: uniqueAddress() }).post('/api/register/', { username: 'nul\u0000name', email: uniqueEmail('nul'), password, password2: password });
    expect(register.statusCode, register.body).toBe(400);
    expect(register.json().fields.username).toEqual(['Remove line breaks and control characters from this field.']);
    const factor = await member.client.post('/api/user_factor/', { inventory_option: 'a\u0000b' });
    expect(factor.statusCode, factor.body).toBe(400);
    expect(Object.keys(factor.json().fields)).toEqual(['inventory_option']);
    const crlf = await t.client({ remoteAddress: uniqueAddress() }).post('/api/register/', { username: 'Line\r\nBcc: x@evil.test', email: uniqueEmail('crlf'), password, password2: password });
    expect(crlf.statusCode, crlf.body).toBe(400);
    expect(Object.keys(crlf.json().fields)).toEqual(['username']);
    expect(await snapshot()).toEqual(before);
  });

  test('arbitrary strings: never a 5xx; a refusal is a 4xx with the error body and changes nothing', async () => {
    for (const site of sites) {
      const label = `${site.key} ${site.where}:${site.name}`;
      await fc.assert(
        fc.asyncProperty(arbitraryText, async (value) => {
          const before = await snapshot();
          const response = await send(site, value);
          expect(response.statusCode, `${label} ${JSON.stringify(value)}: ${response.body}`).toBeLessThan(500);
          if (response.statusCode >= 400) {
            expectErrorBody(response, `${label} ${JSON.stringify(value)}`);
            expect(await snapshot(), `${label} ${JSON.stringify(value)}`).toEqual(before);
          }
          if (mustBeRefused(value, site.where) && !exemptFromTextRule.has(label)) {
            expect(response.statusCode, `${label} ${JSON.stringify(value)}`).toBe(400);
            if (site.where === 'body') expect(Object.keys(response.json().fields ?? {}), label).toContain(site.name);
          }
        }),
        { numRuns: RUNS_PER_FIELD },
      );
    }
    // Many small requests, a few of them hashing a password: generous on a busy machine.
  }, 120_000);

  test('a saved inventory option comes back as sent (trimmed)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme', maxLength: 20 }), async (value) => {
        const response = await member.client.post('/api/user_factor/', { inventory_option: value, income_type: 'Sales' });
        if (response.statusCode !== 200) return;
        expect((await member.client.get('/api/user-factor/')).json().inventory_option).toBe(value.trim());
      }),
      { numRuns: RUNS_PER_FIELD },
    );
  });

  test('the server logged no 5xx and no error', () => {
    expect(log.lines.length).toBeGreaterThan(0);
    expect(log.serverErrors()).toEqual([]);
  });
});
