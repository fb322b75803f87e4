/**
 * Micro-benchmark of the export writers (compare docs/benchmarks.md): 100,000 synthetic
 * price-list rows, generated lazily, through csvChunks and xlsxStream into sinks that discard
 * the bytes. Reports time, peak RSS growth and the longest event-loop stall (1 ms probe).
 *
 *   npx tsx packages/pricing/bench/writers.ts [rows] [runs]
 *   node --expose-gc --import tsx packages/pricing/bench/writers.ts   (steadier RSS baseline)
 */
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { csvChunks } from '../src/csv.ts';
import { columnsFor, createRowBuilder, type ProductInput } from '../src/layouts.ts';
import { markupsFromPercents } from '../src/markups.ts';
import { rulesFromMarkups } from '../src/rules.ts';
import { xlsxStream } from '../src/xlsx.ts';

const rowCount = Number(process.argv[2] ?? 100_000);
const runs = Number(process.argv[3] ?? 3);

const markups = markupsFromPercents({ markup1_10: 35, markup11_20: 30, markup21_50: 25, markup51_150: 20, markup151_500: 15, markup501: 10, tax: 8.25 });

/** Deterministic products like the writers benchmark in docs/benchmarks.md: 40-character names and descriptions, every 50th quoted. */
function* products(count: number): Generator<ProductInput> {
  for (let index = 0; index < count; index += 1) {
    const description = `Description of item ${index} with some text`.padEnd(40, '.');
    yield {
      sku: `SKU-${String(index).padStart(7, '0')}`,
      name: `Product ${index} 1/2 in EMT set screw conn`.slice(0, 40).padEnd(40, ' '),
      description: index % 50 === 0 ? `${description.slice(0, 28)}, "quoted"` : description,
      unit: 'EA',
      group: 'Conduit Fittings',
      costCents: (index * 7919) % 120_000,
    };
  }
}

function* rows(count: number) {
  const build = createRowBuilder('price-list', rulesFromMarkups(markups), { inventoryOption: '', incomeType: '' });
  for (const product of products(count)) yield build(product);
}

function discard(): Writable & { bytes: number } {
  const sink = new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      sink.bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
      callback();
    },
  }) as Writable & { bytes: number };
  sink.bytes = 0;
  return sink;
}

async function measure(label: string, write: () => Promise<number>): Promise<void> {
  (globalThis as { gc?: () => void }).gc?.();
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  let stall = 0;
  let last = performance.now();
  const probe = setInterval(() => {
    const now = performance.now();
    stall = Math.max(stall, now - last);
    last = now;
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }, 1);
  const started = performance.now();
  const bytes = await write();
  const elapsed = performance.now() - started;
  clearInterval(probe);
  rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  const mb = (value: number) => (value / 1024 / 1024).toFixed(1);
  console.log(
    `${label.padEnd(5)} ${elapsed.toFixed(0).padStart(5)} ms  ${mb(bytes).padStart(5)} MB out  ΔRSS peak ${mb(rssPeak - rssBefore).padStart(5)} MB  longest stall ${stall.toFixed(1)} ms`,
  );
}

console.log(`${rowCount.toLocaleString('en-US')} rows × ${columnsFor('price-list').length} columns, ${runs} runs, Node ${process.version}`);
for (let run = 1; run <= runs; run += 1) {
  await measure('csv', async () => {
    const sink = discard();
    // The HTTP layer's shape: the generator wrapped in a Readable, piped with backpressure.
    await pipeline(csvChunks(columnsFor('price-list'), rows(rowCount)), sink);
    return sink.bytes;
  });
  await measure('xlsx', async () => {
    const sink = discard();
    await pipeline(xlsxStream(columnsFor('price-list'), rows(rowCount)), sink);
    return sink.bytes;
  });
}
