import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, test } from 'vitest';
import { deflatedSpaces, zip } from '../../../../test/support/zip-archives.ts';
import { checkSupplierFileOffThread } from './check-supplier-file.ts';
import type { PreviousPrice } from './edition-diff.ts';
import { checkSupplierFile } from './read-supplier-file.ts';

const HEADER = 'sku,name,description,unit,group,cost';

function csvOfSize(rows: number): Buffer {
  const lines = [HEADER];
  for (let index = 0; index < rows; index++) lines.push(`SKU-${index},Item ${index},"A supplier line, with a comma",EA,Wire,${(index % 900) + 1}.25`);
  return Buffer.from(lines.join('\n'));
}

async function* pages(prices: PreviousPrice[], size: number): AsyncGenerator<PreviousPrice[]> {
  for (let start = 0; start < prices.length; start += size) yield prices.slice(start, start + size);
}

// Each check starts a worker, which loads the TypeScript sources through tsx: seconds on a busy machine.
describe('checking a supplier file on a worker thread (issue 17 §10)', { timeout: 60_000 }, () => {
  test('the worker answers what the same check answers on this thread, with the sha256 of the bytes, and the rows only when asked', async () => {
    const content = csvOfSize(50);
    const previous: PreviousPrice[] = [
      { sku: 'SKU-1', name: 'Item 1', cost_cents: 100 },
      { sku: 'GONE-1', name: 'Gone', cost_cents: 500 },
    ];
    const inline = await checkSupplierFile('list.csv', content, previous);
    if (inline.status !== 'checked') throw new Error('the file should pass');
    const withItems = await checkSupplierFileOffThread({ fileName: 'list.csv', content, previousPrices: pages(previous, 1), keepItems: true });
    expect(withItems).toEqual({ status: 'checked', sha256: createHash('sha256').update(content).digest('hex'), itemCount: 50, comparison: inline.comparison, items: inline.items });
    const preview = await checkSupplierFileOffThread({ fileName: 'list.csv', content, previousPrices: null, keepItems: false });
    expect(preview).toMatchObject({ status: 'checked', itemCount: 50, items: null, comparison: { previous: null, added: 0, removed: 0 } });
  });

  test("a Buffer that shares a larger pool (as a small file read from disk does) is sent as exactly the file's bytes", async () => {
    const pooled = Buffer.from(`${HEADER}\nW-1,Wire,Copper,ft,Wire,1.00\n`);
    expect(pooled.buffer.byteLength).toBeGreaterThan(pooled.length);
    const result = await checkSupplierFileOffThread({ fileName: 'list.csv', content: pooled, previousPrices: null, keepItems: false });
    expect(result).toMatchObject({ status: 'checked', itemCount: 1 });
  });

  test('problems come back with their row numbers; a workbook bomb is refused as a 413', async () => {
    const bad = Buffer.from(`${HEADER}\nW-1,Wire,Copper,ft,Wire,lots\n`);
    expect(await checkSupplierFileOffThread({ fileName: 'list.csv', content: bad, previousPrices: null, keepItems: false })).toEqual({
      status: 'rejected',
      problems: [{ row: 2, message: 'cost "lots" is not an amount in dollars such as 12.34.' }],
    });
    const bomb = zip([{ name: 'xl/worksheets/sheet1.xml', data: deflatedSpaces(320), declaredSize: 1000 }]);
    await expect(checkSupplierFileOffThread({ fileName: 'list.xlsx', content: bomb, previousPrices: null, keepItems: false })).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The workbook unpacks to more than 256 MB; the limit is 256 MB.',
    });
  });

  test('this thread keeps turning while a large file is read: the check is not done on it', async () => {
    const content = csvOfSize(100_000);
    let settled = false;
    const check = checkSupplierFileOffThread({ fileName: 'list.csv', content, previousPrices: null, keepItems: false }).finally(() => (settled = true));
    // Parsing 100,000 rows on this thread would let it turn only at the check's few awaits.
    let turns = 0;
    while (!settled) {
      await nextTurn();
      turns++;
    }
    expect(await check).toMatchObject({ status: 'checked', itemCount: 100_000 });
    expect(turns).toBeGreaterThan(1000);
  });
});
