import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, test } from 'vitest';
import { samplePlans } from '../../../db/sample/sample-catalog.ts';
import type { CategoryRow } from '../../../db/schema.ts';
import { insertCategory } from '../repositories/catalog.ts';
import { insertPlanIfMissing, listSubscriptionsOfUser } from '../../billing/repositories/subscriptions.ts';
import { entitlingSubscription } from '../../billing/index.ts';
import { insertUser } from '../../accounts/repositories/users.ts';
import { importEdition } from '../services/import-edition.ts';
import { editionAnnouncements } from '../../mailings/index.ts';
import { runAdminCommand } from '../../operator/services/run-admin-command.ts';
import { uniqueEmail } from '../../../../test/support/accounts.ts';
import { setUpApiTest } from '../../../../test/support/api-test.ts';
import type { TestApp } from '../../../../test/support/test-app.ts';

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)));

let t: TestApp;
const categories: Record<string, CategoryRow> = {};

function run(argv: string[], files: Record<string, Uint8Array> = {}) {
  return runAdminCommand(t.ctx, argv, new Map(Object.entries(files)));
}

async function counts() {
  const n = async (table: 'products' | 'collections') =>
    Number((await t.database.db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
  return { products: await n('products'), collections: await n('collections') };
}

async function productsOf(code: string) {
  return t.database.db
    .selectFrom('products')
    .innerJoin('collections', 'collections.id', 'products.collection_id')
    .select(['products.sku', 'products.name', 'products.description', 'products.unit', 'products.group_name', 'products.cost_cents', 'products.manufacturer_part_number', 'products.upc'])
    .where('collections.collection_id', '=', code)
    .orderBy('products.id')
    .execute();
}

setUpApiTest({}, async (setup) => {
  ({ t } = setup);
  const now = t.clock.now();
  const add = async (name: string, slug: string, extra: Partial<Pick<CategoryRow, 'is_free' | 'is_announced'>> = {}) => {
    categories[slug] = await insertCategory(t.database.db, { name, slug, tagline: null, created_at: now, ...extra });
  };
  await add('Electrical', 'electrical');
  await add('Wire & Conduit Demo', 'wire-conduit-demo', { is_free: true });
  await add('Plumbing', 'plumbing', { is_announced: true });
  await add('Lumber', 'lumber', { is_announced: true });
  for (const plan of samplePlans) {
    await insertPlanIfMissing(t.database.db, {
      slug: plan.slug,
      name: plan.name,
      description: plan.description,
      price_cents: plan.priceCents,
      regular_price_cents: plan.regularPriceCents,
      billing_interval: plan.billingInterval,
      period_months: plan.periodMonths,
      download_max_per_period: plan.downloadMaxPerPeriod,
      stripe_price_id_recurring: null,
      stripe_price_id_one_time: null,
      is_free: plan.isFree,
    });
  }
});


describe('import-edition', () => {
  test('imports a supplier CSV and summarises it against the previous edition', async () => {
    const first = await run(['import-edition', 'Electrical', 'october.csv', '--rundate', '2026-10-01'], { 'october.csv': fixture('supplier-2026-10.csv') });
    expect(first.exitCode, first.output).toBe(0);
    expect(first.output).toContain('Imported: "Electrical Price List — October 2026" as ELECTRICAL-2026-10, run date 2026-10-01, paid, 8 items.');
    expect(first.output).toContain('No previous edition of this category to compare with.');

    // Header in another order and case, a BOM, extra columns, a blank row, "$" and thousands separators.
    const result = await importEdition(t.ctx, editionAnnouncements, { category: 'electrical', fileName: 'november.csv', content: fixture('supplier-2026-11.csv'), rundate: '2026-11-01' });
    expect(result.status).toBe('imported');
    if (result.status !== 'imported') return;
    expect(result.edition).toMatchObject({ code: 'ELECTRICAL-2026-11', name: 'Electrical Price List — November 2026', rundate: '2026-11-01', isFree: false, itemCount: 9 });
    const { comparison } = result;
    expect(comparison.previous).toEqual({ code: 'ELECTRICAL-2026-10', name: 'Electrical Price List — October 2026', rundate: '2026-10-01' });
    expect({ added: comparison.added, removed: comparison.removed, up: comparison.priceUp, down: comparison.priceDown, unchanged: comparison.unchanged }).toEqual({
      added: 2,
      removed: 1,
      up: 2,
      down: 1,
      unchanged: 4,
    });
    expect(comparison.examples.added.map((item) => item.sku)).toEqual(['REC-USB-20-WH', 'BRK-DF-2P-20']);
    expect(comparison.examples.removed.map((item) => item.sku)).toEqual(['NMB-12-2-250']);
    // Largest relative rise first: 8600 → 9159 is +6.5 %, 75 → 77 is +2.7 %.
    expect(comparison.examples.priceUp.map((c) => [c.sku, c.oldCents, c.newCents])).toEqual([
      ['THHN-12-SOL-BK-500', 8600, 9159],
      ['EMT-CONN-SS-ZN-075', 75, 77],
    ]);
    expect(comparison.examples.priceDown.map((c) => [c.sku, c.oldCents, c.newCents])).toEqual([['THHN-12-SOL-WH-500', 8600, 8000]]);

    const stored = await productsOf('ELECTRICAL-2026-11');
    expect(stored.map((p) => [p.sku, p.cost_cents])).toEqual([
      ['EMT-CONN-SS-ZN-050', 45],
      ['EMT-CONN-SS-ZN-075', 77],
      ['THHN-12-SOL-BK-500', 9159],
      ['THHN-12-SOL-WH-500', 8000],
      ['BRK-PO-1P-20', 980],
      ['LC-MB-200-40-IN', 34_900],
      ['REC-DUP-15-TR-WH', 110],
      ['REC-USB-20-WH', 3490],
      ['BRK-DF-2P-20', 115_400],
    ]);
    expect(stored[0]).toEqual({
      sku: 'EMT-CONN-SS-ZN-050',
      name: '1/2" EMT Set-Screw Connector, Die-Cast Zinc',
      description: 'Die-cast zinc set-screw connector for 1/2 in EMT.',
      unit: 'EA',
      group_name: 'Conduit Fittings',
      cost_cents: 45,
      manufacturer_part_number: null,
      upc: '078477015113',
    });
    expect(stored[1]!.upc).toBeNull();
  });

  test('prints the same summary on the command line, and list-editions lists newest first', async () => {
    const checked = await run(['import-edition', 'Electrical', 'november.csv', '--rundate', '2026-11-01', '--dry-run'], { 'november.csv': fixture('supplier-2026-11.csv') });
    expect(checked.exitCode, checked.output).toBe(0);
    // The month's code is taken, so the next one would get -2; nothing is stored by a dry run.
    expect(checked.output).toContain('Checked (dry run, nothing stored): "Electrical Price List — November 2026" as ELECTRICAL-2026-11-2');
    expect(checked.output).toContain('Compared with ELECTRICAL-2026-11 "Electrical Price List — November 2026" (2026-11-01):');
    expect(checked.output).toContain('new 0, removed 0, price up 0, price down 0, unchanged 9');

    const listed = await run(['list-editions', 'electrical']);
    expect(listed.exitCode).toBe(0);
    expect(listed.output.trimEnd().split('\n')).toEqual([
      'Run date    Code                Name                                   Items  Access',
      '2026-11-01  ELECTRICAL-2026-11  Electrical Price List — November 2026      9  paid',
      '2026-10-01  ELECTRICAL-2026-10  Electrical Price List — October 2026       8  paid',
    ]);
    const unknown = await run(['list-editions', 'Roofing']);
    expect(unknown.exitCode).toBe(1);
    expect(unknown.output).toContain('There is no category "Roofing".');
    // An id beyond the integer column is no category, not a database error (issue 7 §1.1).
    for (const id of ['2147483648', '99999999999999999999', '0']) {
      const huge = await run(['list-editions', id]);
      expect(huge.exitCode, id).toBe(1);
      expect(huge.output, id).toContain(`There is no category "${id}".`);
    }
  });

  test('reads an .xlsx workbook: number, formula and rich-text cells, extra columns ignored', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Price list');
    sheet.addRow(['Notes', 'SKU', 'Name', 'Description', 'Unit', 'Group', 'Cost']);
    sheet.addRow(['ignored', 'THHN-14-SOL-BK-500', '14 AWG THHN/THWN-2 Solid Copper Wire, Black, 500 ft Spool', 'Solid copper building wire.', 'RL', 'Wires', 58.49]);
    sheet.addRow(['', 'EMT-CPLG-SS-ZN-050', { richText: [{ text: '1/2" EMT ', font: { bold: true } }, { text: 'Set-Screw Coupling' }] }, 'Zinc coupling.', 'EA', 'Conduit Fittings', 0.1 + 0.2]);
    sheet.addRow(['', 'PVC-CPLG-050', '1/2" PVC Coupling, Schedule 40', 'Solvent-weld coupling.', 'EA', 'Conduit Fittings', { formula: 'G3*2', result: 0.6 }]);
    sheet.getCell('G2').numFmt = '"$"#,##0.00';
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());

    const result = await run(['import-edition', 'Wire & Conduit Demo', 'demo.xlsx', '--rundate', '2026-11-01', '--name', 'Wire & Conduit Demo — November 2026'], { 'demo.xlsx': bytes });
    expect(result.exitCode, result.output).toBe(0);
    expect(result.output).toContain('"Wire & Conduit Demo — November 2026" as WIRE-CONDUIT-DEMO-2026-11, run date 2026-11-01, free, 3 items.');
    expect((await productsOf('WIRE-CONDUIT-DEMO-2026-11')).map((p) => [p.sku, p.name, p.cost_cents])).toEqual([
      ['THHN-14-SOL-BK-500', '14 AWG THHN/THWN-2 Solid Copper Wire, Black, 500 ft Spool', 5849],
      ['EMT-CPLG-SS-ZN-050', '1/2" EMT Set-Screw Coupling', 30],
      ['PVC-CPLG-050', '1/2" PVC Coupling, Schedule 40', 60],
    ]);
    const collection = await t.database.db.selectFrom('collections').selectAll().where('collection_id', '=', 'WIRE-CONDUIT-DEMO-2026-11').executeTakeFirstOrThrow();
    expect(collection.is_free).toBe(true);
  });

  test('lists every problem with its row number and stores nothing', async () => {
    const before = await counts();
    const result = await run(['import-edition', 'Electrical', 'bad.csv', '--rundate', '2026-12-01'], { 'bad.csv': fixture('supplier-bad.csv') });
    expect(result.exitCode).toBe(1);
    expect(result.output.trimEnd().split('\n')).toEqual([
      'bad.csv was not imported (3 problems); nothing was stored.',
      '  Row 1: Missing column: unit (the header row needs sku, name, description, unit, group, cost).',
      '  Row 3: cost "12.345" has more than two decimals.',
      '  Row 5: SKU "A-1" repeats row 2.',
    ]);
    expect(await counts()).toEqual(before);
  });

  test('checks every field of every row', async () => {
    const csv = [
      'sku;name;description;unit;group;cost',
      'OK-1;Good item;Fine.;EA;Wires;$1,234.50',
      ';No SKU;;EA;Wires;1.00',
      'BAD-2;;Empty name.;EA;Wires;1.00',
      'BAD-3;Negative;Below zero.;EA;Wires;-1.00',
      'BAD-4;Words;Not money.;EA;Wires;twelve',
      'BAD-5;Empty cost;No cost.;;Wires;',
      `BAD-6;${'x'.repeat(201)};Too long.;EA;Wires;1.00`,
      'BAD-7;Too much;Over the limit.;EA;Wires;1000000.01',
      ';;;;;',
      'OK-8;Second good item;;FT;Wires;0.5',
    ].join('\n');
    const before = await counts();
    const result = await importEdition(t.ctx, editionAnnouncements, { category: 'Electrical', fileName: 'semicolons.csv', content: new TextEncoder().encode(csv), rundate: '2026-12-01' });
    expect(result.status).toBe('rejected');
    if (result.status !== 'rejected') return;
    expect(result.problems).toEqual([
      { row: 3, message: 'sku is empty.' },
      { row: 4, message: 'name is empty.' },
      { row: 5, message: 'cost "-1.00" is negative.' },
      { row: 6, message: 'cost "twelve" is not an amount in dollars such as 12.34.' },
      { row: 7, message: 'unit is empty.' },
      { row: 7, message: 'cost is empty.' },
      { row: 8, message: 'name is longer than 200 characters.' },
      { row: 9, message: 'cost "1000000.01" is above $1,000,000.00.' },
    ]);
    expect(await counts()).toEqual(before);

    const latin1 = new Uint8Array([...new TextEncoder().encode('sku,name,description,unit,group,cost\nX,Caf'), 0xe9, ...new TextEncoder().encode(',d,EA,Wires,1.00\n')]);
    const notUtf8 = await importEdition(t.ctx, editionAnnouncements, { category: 'Electrical', fileName: 'latin1.csv', content: latin1 });
    expect(notUtf8).toEqual({ status: 'rejected', problems: [{ row: null, message: 'The file is not UTF-8 text. In Excel, save it as "CSV UTF-8 (Comma delimited)".' }] });
    const headerOnly = await importEdition(t.ctx, editionAnnouncements, { category: 'Electrical', fileName: 'empty.csv', content: new TextEncoder().encode('sku,name,description,unit,group,cost\n') });
    expect(headerOnly).toEqual({ status: 'rejected', problems: [{ row: null, message: 'The file has no item rows below the header.' }] });
    expect(await counts()).toEqual(before);
  });

  test('refuses an unknown category, a bad run date and an unreadable file with clear messages', async () => {
    const files = { 'october.csv': fixture('supplier-2026-10.csv') };
    const unknown = await run(['import-edition', 'Roofing', 'october.csv'], files);
    expect(unknown.exitCode).toBe(1);
    expect(unknown.output).toMatch(/^There is no category "Roofing"\. Categories: "Electrical" \(id \d+\), "Wire & Conduit Demo" \(id \d+\), "Plumbing" \(id \d+\), "Lumber" \(id \d+\)\.\n$/);
    const badDate = await run(['import-edition', 'Electrical', 'october.csv', '--rundate', '2026-02-30'], files);
    expect(badDate).toEqual({ exitCode: 1, output: 'The run date "2026-02-30" is not a date written YYYY-MM-DD.\n' });
    const missing = await run(['import-edition', 'Electrical', 'nowhere.csv'], files);
    expect(missing).toEqual({ exitCode: 1, output: 'Cannot read the file nowhere.csv.\n' });
    const usage = await run(['import-edition', 'Electrical'], files);
    expect(usage.exitCode).toBe(2);
    expect(usage.output).toContain('Missing arguments.');
    const unknownOption = await run(['import-edition', 'Electrical', 'october.csv', '--colour', 'red'], files);
    expect(unknownOption.exitCode).toBe(2);
    const xls = await run(['import-edition', 'Electrical', 'old.xls'], { 'old.xls': new Uint8Array([0xd0, 0xcf, 0x11, 0xe0]) });
    expect(xls.output).toContain('Old .xls workbooks are not supported');
  });

  test('gives an announced category its first edition, with the default name and date from the clock', async () => {
    const result = await run(['import-edition', String(categories.plumbing!.id), 'plumbing.csv'], {
      'plumbing.csv': new TextEncoder().encode('sku,name,description,unit,group,cost\nPEX-050-100,"1/2"" PEX-A Tubing, 100 ft Coil",Cross-linked tubing.,RL,Pipe,54.00\n'),
    });
    expect(result.exitCode, result.output).toBe(0);
    // TestClock: 2026-03-01.
    expect(result.output).toContain('Imported: "Plumbing Price List — March 2026" as PLUMBING-2026-03, run date 2026-03-01, paid, 1 items.');
    expect(result.output).toContain('Plumbing is no longer only announced.');
    const plumbing = await t.database.db.selectFrom('categories').selectAll().where('slug', '=', 'plumbing').executeTakeFirstOrThrow();
    expect(plumbing.is_announced).toBe(false);
    const lumber = await t.database.db.selectFrom('categories').selectAll().where('slug', '=', 'lumber').executeTakeFirstOrThrow();
    expect(lumber.is_announced).toBe(true);
    const again = await run(['import-edition', 'plumbing', 'plumbing.csv'], { 'plumbing.csv': new TextEncoder().encode('sku,name,description,unit,group,cost\nPEX-050-100,PEX,Tubing.,RL,Pipe,55.00\n') });
    expect(again.output).toContain('as PLUMBING-2026-03-2,');
    expect(again.output).toContain('price up 1');
  });

  test('list-editions without a category lists every edition, newest first', async () => {
    const listed = await run(['list-editions']);
    expect(listed.exitCode).toBe(0);
    const codes = listed.output.trimEnd().split('\n').slice(1).map((line) => line.split(/\s+/)[1]);
    // Same run date: the later import first.
    expect(codes).toEqual(['WIRE-CONDUIT-DEMO-2026-11', 'ELECTRICAL-2026-11', 'ELECTRICAL-2026-10', 'PLUMBING-2026-03-2', 'PLUMBING-2026-03']);
    expect(listed.output).toMatch(/WIRE-CONDUIT-DEMO-2026-11 +Wire & Conduit Demo — November 2026 +3 +free/);
  });
});

describe('grant-subscription and revoke-subscription', () => {
  async function newUser(): Promise<{ id: number; email: string }> {
    const now = t.clock.now();
    const email = uniqueEmail('support');
    const user = await insertUser(t.database.db, {
      name: 'Support Case',
      email,
      password_hash: null,
      google_subject: null,
      password_changed_at: null,
      last_login_at: null,
      created_at: now,
      updated_at: now,
    });
    return { id: user.id, email };
  }
  const entitled = async (userId: number) => entitlingSubscription(await listSubscriptionsOfUser(t.database.db, userId), t.clock.now()) !== undefined;

  test('a complimentary annual subscription runs for the given days, can be extended, and is revoked now', async () => {
    const user = await newUser();
    expect(await entitled(user.id)).toBe(false);

    const granted = await run(['grant-subscription', user.email.toUpperCase()]);
    expect(granted).toEqual({ exitCode: 0, output: `Granted ${user.email} a complimentary annual subscription until 2027-03-01.\n` });
    const [subscription] = await listSubscriptionsOfUser(t.database.db, user.id);
    expect(subscription).toMatchObject({ status: 'active', source: 'complimentary', auto_renew: false, period_start: t.clock.now() });
    expect(await entitled(user.id)).toBe(true);

    t.clock.advance(364 * 86_400);
    expect(await entitled(user.id)).toBe(true);
    expect((await run(['grant-subscription', user.email, '--days', '30'])).output).toContain(`Extended ${user.email}'s complimentary subscription until 2027-03-30.`);
    expect((await run(['grant-subscription', user.email, '--days', '10'])).output).toContain('nothing changed');
    expect(await listSubscriptionsOfUser(t.database.db, user.id)).toHaveLength(1);

    const revoked = await run(['revoke-subscription', user.email]);
    expect(revoked).toEqual({ exitCode: 0, output: `Ended ${user.email}'s complimentary subscription now.\n` });
    expect(await entitled(user.id)).toBe(false);
    const [ended] = await listSubscriptionsOfUser(t.database.db, user.id);
    expect(ended).toMatchObject({ status: 'expired', period_end: t.clock.now() });

    const again = await run(['revoke-subscription', user.email]);
    expect(again).toEqual({ exitCode: 1, output: `${user.email} has no complimentary subscription to revoke.\n` });

    // A lapsed grant: a new one starts now.
    t.clock.advance(86_400);
    expect((await run(['grant-subscription', user.email, '--days', '7'])).output).toContain('Granted');
    expect(await entitled(user.id)).toBe(true);
    t.clock.advance(7 * 86_400);
    expect(await entitled(user.id)).toBe(false);
  });

  test('revoking in the same instant as granting ends it, and unknown users and bad days are refused clearly', async () => {
    const user = await newUser();
    expect((await run(['grant-subscription', user.email])).exitCode).toBe(0);
    expect((await run(['revoke-subscription', user.email])).exitCode).toBe(0);
    expect(await entitled(user.id)).toBe(false);

    expect(await run(['grant-subscription', 'nobody@example.com'])).toEqual({ exitCode: 1, output: 'There is no user with the email nobody@example.com.\n' });
    expect(await run(['revoke-subscription', 'nobody@example.com'])).toEqual({ exitCode: 1, output: 'There is no user with the email nobody@example.com.\n' });
    for (const days of ['0', '-3', 'ten', '99999']) {
      const result = await run(['grant-subscription', user.email, `--days=${days}`]);
      expect(result.exitCode, days).toBe(1);
      expect(result.output).toBe('The number of days must be a whole number from 1 to 3650.\n');
    }
    expect((await run(['grant-subscription'])).exitCode).toBe(2);
  });
});
