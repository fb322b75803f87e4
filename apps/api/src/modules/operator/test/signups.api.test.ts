import { api } from '@tradelist/contract/api';
import { describe, expect, test } from 'vitest';
import { setUpApiTest } from '../../../../test/support/api-test.ts';
import { clientFor, createCatalogFixture, type CatalogFixture } from '../../../../test/support/catalog.ts';
import type { TestApp, TestClient } from '../../../../test/support/test-app.ts';

let t: TestApp;
let fixture: CatalogFixture;
let op: TestClient;
let operatorEmail: string;
setUpApiTest({}, async (setup) => {
  ({ t } = setup);
  fixture = await createCatalogFixture(t);
  const { client, userId } = await clientFor(t, fixture, 'free', 'signups-op');
  const row = await t.database.db.updateTable('users').set({ role: 'operator' }).where('id', '=', userId!).returning('email').executeTakeFirstOrThrow();
  op = client;
  operatorEmail = row.email;
});

const at = (minute: number) => new Date(Date.UTC(2026, 1, 20, 9, minute));

/** Parses the simple CSV these exports write (no quoted commas in the test data). */
function csvRows(body: string): string[][] {
  return body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(','));
}

describe('signup lists and their CSV files', () => {
  test('the newsletter: listed newest first, and a CSV whose formula-looking cells are neutralised', async () => {
    const db = t.database.db;
    await db
      .insertInto('newsletter_subscribers')
      .values([
        { email: 'alice@example.com', subscribed_at: at(1), unsubscribed_at: null, client_address: null },
        { email: '=HYPERLINK("http://evil.example")@example.com', subscribed_at: at(2), unsubscribed_at: null, client_address: null },
        { email: '+cmd@example.com', subscribed_at: at(3), unsubscribed_at: at(4), client_address: null },
      ])
      .execute();
    const list = await op.get(api.operator.newsletterSignups.path);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({ total: 3, page: 1, page_size: 25 });
    expect(list.json().items.map((i: { email: string }) => i.email)).toEqual(['+cmd@example.com', '=HYPERLINK("http://evil.example")@example.com', 'alice@example.com']);
    expect(list.json().items[0].unsubscribed_at).toBe(at(4).toISOString());

    const csv = await op.get(api.operator.newsletterSignupsCsv.path);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="tradelist-newsletter-2026-03-01.csv"');
    expect(csv.body.startsWith('\uFEFFEmail,Subscribed at,Unsubscribed at\r\n')).toBe(true);
    expect(csv.body).toContain(`'+cmd@example.com,${at(3).toISOString()},${at(4).toISOString()}\r\n`);
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil.example"")@example.com"`);
    expect(csv.body).not.toMatch(/(^|\r\n|,)[=+\-@]/);
  });

  test('setup-call requests: every field, neutralised', async () => {
    await t.database.db
      .insertInto('setup_call_requests')
      .values([
        { name: '@SUM(A1)', email: 'sam@example.com', phone: '-1 555 0100', preferred_time: '\tMornings', requested_at: at(5), client_address: null },
        { name: 'Pat Volt', email: 'pat@example.com', phone: null, preferred_time: 'Any weekday', requested_at: at(6), client_address: null },
      ])
      .execute();
    const list = (await op.get(api.operator.setupCallRequests.path)).json();
    expect(list.items.map((i: { name: string }) => i.name)).toEqual(['Pat Volt', '@SUM(A1)']);
    const csv = await op.get(api.operator.setupCallRequestsCsv.path);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="tradelist-setup-call-requests-2026-03-01.csv"');
    const rows = csvRows(csv.body);
    expect(rows[0]).toEqual(['Name', 'Email', 'Phone', 'Preferred time', 'Requested at']);
    expect(rows).toContainEqual(["'@SUM(A1)", 'sam@example.com', "'-1 555 0100", "'\tMornings", at(5).toISOString()]);
    expect(rows).toContainEqual(['Pat Volt', 'pat@example.com', '', 'Any weekday', at(6).toISOString()]);
  });
});

describe('the free-year draw', () => {
  test('nobody entered: nothing to draw', async () => {
    const response = await op.post(api.operator.drawWinner.path, {});
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'CONFLICT', error: 'Nobody has entered the draw yet.' });
  });

  test('draws one entry, stores and logs it; drawing again needs asking and never picks the same address twice', async () => {
    const emails = ['d1@example.com', 'd2@example.com', '-d3@example.com'];
    await t.database.db
      .insertInto('marketing_signups')
      .values(emails.map((email, index) => ({ email, signed_up_at: at(10 + index), client_address: null })))
      .execute();

    const first = await op.post(api.operator.drawWinner.path, {});
    expect(first.statusCode, first.body).toBe(200);
    const winner = first.json().winner;
    expect(emails).toContain(winner.email);
    expect(winner).toMatchObject({ entries: 3, drawn_by: operatorEmail, drawn_at: t.clock.now().toISOString() });
    expect(first.json().message).toBe(`${winner.email} won the free-year draw (among 3 entries).`);

    const refused = await op.post(api.operator.drawWinner.path, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('A winner has already been drawn. To draw another winner among the other entries, draw again explicitly.');

    const second = (await op.post(api.operator.drawWinner.path, { again: true })).json().winner;
    const third = (await op.post(api.operator.drawWinner.path, { again: true })).json().winner;
    expect(new Set([winner.email, second.email, third.email])).toEqual(new Set(emails));
    expect([second.entries, third.entries]).toEqual([2, 1]);
    const exhausted = await op.post(api.operator.drawWinner.path, { again: true });
    expect(exhausted.json().error).toBe('Every entry has already won; there is nobody left to draw.');

    const list = (await op.get(api.operator.drawSignups.path)).json();
    expect(list.total).toBe(3);
    expect(list.winners.map((w: { email: string }) => w.email)).toEqual([third.email, second.email, winner.email]);

    const log = await t.database.db.selectFrom('operator_audit_log').selectAll().where('action', '=', 'draw.pick_winner').orderBy('id').execute();
    expect(log.map((e) => [e.operator_email, e.subject_type, e.subject_id, (e.after as { email: string }).email, (e.before as { winners: number }).winners])).toEqual([
      [operatorEmail, 'draw_winner', String(winner.id), winner.email, 0],
      [operatorEmail, 'draw_winner', String(second.id), second.email, 1],
      [operatorEmail, 'draw_winner', String(third.id), third.email, 2],
    ]);

    const csv = await op.get(api.operator.drawSignupsCsv.path);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="tradelist-free-year-draw-2026-03-01.csv"');
    const rows = csvRows(csv.body);
    expect(rows[0]).toEqual(['Email', 'Signed up at', 'Won at']);
    expect(rows).toContainEqual(["'-d3@example.com", at(12).toISOString(), t.clock.now().toISOString()]);
  });
});
