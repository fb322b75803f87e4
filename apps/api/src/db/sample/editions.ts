/**
 * The sample editions: three monthly editions of the electrical list with believable price
 * movements (copper follows the metals market, steel barely moves), a few items added and a few
 * discontinued each month, and the free "Wire & Conduit Demo" subset. Deterministic.
 */
import { DEFAULT_SAMPLE_SEED, electricalEntries, type PriceDriver, type SampleEntry, type SampleItem } from './electrical-catalog.ts';
import { editionCode, editionName } from '../../modules/catalog/services/edition-naming.ts';
import { hashString, seededRandom } from './random.ts';

export interface SampleEdition {
  rundate: string;
  name: string;
  /** The edition's human code (collections.collection_id). */
  code: string;
  items: SampleItem[];
}

export const ELECTRICAL_RUNDATES = ['2026-09-01', '2026-10-01', '2026-11-01'] as const;

// New products appear and old ones are discontinued between editions (by SKU, so any seed works).
const ADDED: Record<string, readonly string[]> = {
  '2026-10-01': ['REC-USB-20-WH', 'BRK-DF-2P-20', 'SENSOR-VAC', 'LEVER-5-10', 'LC-MB-200-42-OUT'],
  '2026-11-01': ['REC-GFCI-20-BK', 'BRK-DF-2P-15', 'TIMER-DIGITAL', 'BOX-OW-RND-FAN', 'MC-10-4-250', 'PVC-EXP-400'],
};
const DISCONTINUED: Record<string, readonly string[]> = {
  '2026-10-01': ['DIM-ROT-IV', 'SW-SP-15-BR', 'TSTAT-18-8-250', 'BOX-FLOOR-2G'],
  '2026-11-01': ['SW-3W-15-BR', 'REC-1030', 'RGD-NIP-CL-400'],
};

/**
 * How much a cost moves in one month, in basis points. Copper moves 3–8 % with the market
 * (up in October, down in November), aluminium 2–5 %, steel 0–2 %, everything else mostly not.
 */
function monthlyMove(driver: PriceDriver, sku: string, rundate: string, seed: number): number {
  const random = seededRandom(hashString(`${sku}|${rundate}`) ^ seed);
  const marketUp = rundate !== '2026-11-01';
  const direction = (withMarket: number) => (random.chance(withMarket) === marketUp ? 1 : -1);
  switch (driver) {
    case 'copper':
      return direction(0.9) * random.int(300, 800);
    case 'aluminum':
      return direction(0.8) * random.int(200, 500);
    case 'steel':
      return random.chance(0.35) ? 0 : direction(0.7) * random.int(0, 200);
    case 'other':
      return random.chance(0.7) ? 0 : direction(0.6) * random.int(50, 200);
  }
}

function moved(entry: SampleEntry, rundate: string, seed: number): SampleEntry {
  const bp = monthlyMove(entry.driver, entry.item.sku, rundate, seed);
  const costCents = Math.max(1, Math.round((entry.item.costCents * (10_000 + bp)) / 10_000));
  return { driver: entry.driver, item: { ...entry.item, costCents } };
}

/** The three monthly editions of the electrical list, oldest first. */
export function electricalEditions(seed = DEFAULT_SAMPLE_SEED): SampleEdition[] {
  const base = electricalEntries(seed);
  const later = new Set(Object.values(ADDED).flat());
  let current = base.filter((entry) => !later.has(entry.item.sku));
  const editions: SampleEdition[] = [];
  for (const rundate of ELECTRICAL_RUNDATES) {
    if (editions.length > 0) {
      const added = new Set(ADDED[rundate] ?? []);
      const gone = new Set(DISCONTINUED[rundate] ?? []);
      const previous = new Map(current.map((entry) => [entry.item.sku, entry]));
      // Base order, so a new item sits beside its family.
      current = base
        .filter((entry) => !gone.has(entry.item.sku) && (previous.has(entry.item.sku) || added.has(entry.item.sku)))
        .map((entry) => {
          const before = previous.get(entry.item.sku);
          return before ? moved(before, rundate, seed) : entry;
        });
    }
    editions.push({
      rundate,
      name: editionName('Electrical', rundate),
      code: editionCode('electrical', rundate),
      items: current.map((entry) => entry.item),
    });
  }
  return editions;
}

const DEMO_FAMILIES = [
  'EMT-CONN-SS-ZN',
  'EMT-CONN-CP-ZN',
  'EMT-CPLG-SS-ZN',
  'EMT-CPLG-CP-ZN',
  'EMT-STRAP-1H',
  'EMT-ELB90',
  'RGD-CPLG',
  'RGD-LOCKNUT',
  'PVC-TA-M',
  'PVC-CPLG',
  'PVC-ELB90',
  'PVC-STRAP-1H',
];
const DEMO_SIZES = ['050', '075', '100'];
const DEMO_WIRES = [
  ...['14-SOL', '12-SOL'].flatMap((gauge) => ['BK', 'WH', 'RD', 'GN'].map((colour) => `THHN-${gauge}-${colour}-500`)),
  ...['BK', 'WH', 'RD', 'GN'].map((colour) => `THHN-10-STR-${colour}-500`),
  'NMB-14-2-250',
  'NMB-14-3-250',
  'NMB-12-2-250',
  'NMB-12-3-250',
  'UFB-14-2-250',
  'UFB-12-2-250',
  'MC-12-2-250',
];

/**
 * The free "Wire & Conduit Demo" list: common wire and conduit fittings (55 items) taken from
 * the newest electrical edition, at that edition's costs.
 */
export function wireAndConduitDemoItems(latest: readonly SampleItem[] = electricalEditions().at(-1)!.items): SampleItem[] {
  const wanted = new Set([...DEMO_FAMILIES.flatMap((family) => DEMO_SIZES.map((size) => `${family}-${size}`)), ...DEMO_WIRES]);
  return latest.filter((item) => wanted.has(item.sku));
}
