/**
 * The deterministic sample electrical list (product §10.19): 1,000+ items named the
 * way an electrician types them, in the seven groups and counts of product §2 /electrical, with
 * costs spread across all six markup bands. The same seed always gives the same list.
 */
import { hashString, seededRandom, type Random } from './random.ts';

/** product §2 /electrical: the groups of the electrical list, with their advertised minimum counts. */
export const electricalGroupMinimums = {
  'Conduit Fittings': 300,
  Wires: 200,
  Breakers: 100,
  'Breaker Boxes': 50,
  'Junction Boxes': 75,
  'Wiring Accessories': 150,
  'Covers & Devices': 125,
} as const;

export type ElectricalGroup = keyof typeof electricalGroupMinimums;
export type SampleUnit = 'EA' | 'FT' | 'RL' | 'BX' | 'PK';

/** One item of a sample list, as a supplier file would give it (cost in integer cents). */
export interface SampleItem {
  sku: string;
  name: string;
  description: string;
  unit: SampleUnit;
  group: ElectricalGroup;
  costCents: number;
  manufacturerPartNumber: string | null;
  upc: string | null;
}

/**
 * What drives an item's cost from one month to the next: copper conductors follow the metals
 * market closely, aluminium a little less, steel and zinc fittings barely move.
 */
export type PriceDriver = 'copper' | 'aluminum' | 'steel' | 'other';

/** An item and what drives its price (the editions use the driver; files never show it). */
export interface SampleEntry {
  item: SampleItem;
  driver: PriceDriver;
}

export const DEFAULT_SAMPLE_SEED = 20_260_901;

interface Draft {
  sku: string;
  name: string;
  description: string;
  unit: SampleUnit;
  /** The list cost before the per-item spread, in cents. */
  cents: number;
}

/** Collects the entries of one generation; every item gets its own seeded spread, part number and UPC. */
class Builder {
  readonly entries: SampleEntry[] = [];

  constructor(private readonly seed: number) {}

  add(group: ElectricalGroup, driver: PriceDriver, draft: Draft): void {
    const random = seededRandom(hashString(draft.sku) ^ this.seed);
    // ±4 % around the list figure, in basis points, so neighbouring sizes never look machine-made.
    const spread = random.int(-400, 400);
    const costCents = Math.max(1, Math.round((draft.cents * (10_000 + spread)) / 10_000));
    const hasPartNumber = random.chance(0.85);
    const partNumber = manufacturerPartNumber(random, group);
    const hasUpc = random.chance(0.6);
    const upc = upcCode(random, group);
    this.entries.push({
      driver,
      item: {
        sku: draft.sku,
        name: draft.name,
        description: draft.description,
        unit: draft.unit,
        group,
        costCents,
        manufacturerPartNumber: hasPartNumber ? partNumber : null,
        upc: hasUpc ? upc : null,
      },
    });
  }
}

const PART_PREFIXES: Record<ElectricalGroup, readonly string[]> = {
  'Conduit Fittings': ['BF', 'RC', 'TB', 'HL'],
  Wires: ['SW', 'CW', 'EW'],
  Breakers: ['QB', 'BR', 'HC'],
  'Breaker Boxes': ['LC', 'PB', 'HM'],
  'Junction Boxes': ['RB', 'CB', 'SB'],
  'Wiring Accessories': ['WA', 'IT', 'GC', 'PN'],
  'Covers & Devices': ['LV', 'PS', 'HB', 'ES'],
};

function manufacturerPartNumber(random: Random, group: ElectricalGroup): string {
  return `${random.pick(PART_PREFIXES[group])}${random.int(1000, 99_999)}${random.chance(0.3) ? random.pick(['W', 'B', 'G', 'R']) : ''}`;
}

// Six-digit manufacturer codes (made up); the last digit of a UPC-A is its check digit.
const UPC_MAKERS = ['078477', '032664', '783310', '786776', '034481', '664392', '050844', '662275'];

function upcCode(random: Random, group: ElectricalGroup): string {
  const maker = UPC_MAKERS[(Object.keys(PART_PREFIXES).indexOf(group) + random.int(0, 1)) % UPC_MAKERS.length]!;
  const body = `${maker}${String(random.int(0, 99_999)).padStart(5, '0')}`;
  let sum = 0;
  for (let i = 0; i < 11; i++) sum += Number(body[i]) * (i % 2 === 0 ? 3 : 1);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

// ---------------------------------------------------------------------------------------------
// Conduit Fittings

interface TradeSize {
  code: string;
  label: string;
}

const TRADE_SIZES: readonly TradeSize[] = [
  { code: '050', label: '1/2"' },
  { code: '075', label: '3/4"' },
  { code: '100', label: '1"' },
  { code: '125', label: '1-1/4"' },
  { code: '150', label: '1-1/2"' },
  { code: '200', label: '2"' },
  { code: '250', label: '2-1/2"' },
  { code: '300', label: '3"' },
  { code: '400', label: '4"' },
];
const SMALL_TRADE_SIZES = TRADE_SIZES.slice(0, 6);
const FLEX_SIZES: readonly TradeSize[] = [{ code: '038', label: '3/8"' }, ...SMALL_TRADE_SIZES];

interface SizedFamily {
  sku: string;
  /** The name after the trade size: '1/2"' + ' ' + name. */
  name: string;
  description: string;
  /** List cost per size, in cents, in the order of `sizes`. */
  cents: readonly number[];
  sizes?: readonly TradeSize[];
  driver?: PriceDriver;
}

function addSizedFamilies(builder: Builder, group: ElectricalGroup, families: readonly SizedFamily[]): void {
  for (const family of families) {
    const sizes = family.sizes ?? TRADE_SIZES;
    if (sizes.length !== family.cents.length) throw new Error(`${family.sku}: ${sizes.length} sizes but ${family.cents.length} costs`);
    sizes.forEach((size, index) => {
      builder.add(group, family.driver ?? 'steel', {
        sku: `${family.sku}-${size.code}`,
        name: `${size.label} ${family.name}`,
        description: family.description.replaceAll('{size}', size.label),
        unit: 'EA',
        cents: family.cents[index]!,
      });
    });
  }
}

function conduitFittings(builder: Builder): void {
  addSizedFamilies(builder, 'Conduit Fittings', [
    // EMT
    { sku: 'EMT-CONN-SS-ZN', name: 'EMT Set-Screw Connector, Die-Cast Zinc', description: 'Die-cast zinc set-screw connector joining {size} EMT to a box or enclosure.', cents: [45, 75, 125, 235, 320, 460, 1150, 1475, 2380] },
    { sku: 'EMT-CONN-SS-ST', name: 'EMT Set-Screw Connector, Steel', description: 'Steel set-screw connector for {size} EMT with a zinc-plated body and locknut.', cents: [95, 155, 265, 480, 690, 980, 2640, 3250, 5200] },
    { sku: 'EMT-CONN-CP-ZN', name: 'EMT Compression Connector, Die-Cast Zinc', description: 'Die-cast zinc compression connector for {size} EMT, concrete-tight when taped.', cents: [85, 135, 230, 445, 620, 890, 2450, 3100, 4800] },
    { sku: 'EMT-CONN-CP-ST', name: 'EMT Compression Connector, Steel, Raintight', description: 'Raintight steel compression connector for {size} EMT in wet locations.', cents: [185, 295, 490, 940, 1320, 1980, 6200, 7800, 11_800] },
    { sku: 'EMT-CONN-CPI-ST', name: 'EMT Insulated Compression Connector, Steel', description: 'Steel compression connector for {size} EMT with an insulated throat to protect conductors.', cents: [240, 380, 630, 1210, 1690, 2520, 7900, 9900, 14_900] },
    { sku: 'EMT-CPLG-SS-ZN', name: 'EMT Set-Screw Coupling, Die-Cast Zinc', description: 'Die-cast zinc set-screw coupling joining two lengths of {size} EMT.', cents: [55, 90, 150, 280, 385, 540, 1390, 1750, 2800] },
    { sku: 'EMT-CPLG-SS-ST', name: 'EMT Set-Screw Coupling, Steel', description: 'Steel set-screw coupling joining two lengths of {size} EMT.', cents: [110, 180, 310, 560, 800, 1140, 3050, 3800, 6100] },
    { sku: 'EMT-CPLG-CP-ZN', name: 'EMT Compression Coupling, Die-Cast Zinc', description: 'Die-cast zinc compression coupling for {size} EMT, concrete-tight when taped.', cents: [95, 155, 260, 500, 700, 1000, 2750, 3500, 5400] },
    { sku: 'EMT-CPLG-CP-ST', name: 'EMT Compression Coupling, Steel, Raintight', description: 'Raintight steel compression coupling for {size} EMT in wet locations.', cents: [210, 330, 550, 1050, 1480, 2200, 6900, 8600, 13_100] },
    { sku: 'EMT-ELB90', name: 'EMT 90 Degree Elbow, Factory Bent', description: 'Factory-bent {size} EMT 90 degree elbow with standard radius.', cents: [310, 440, 720, 1180, 1490, 2250, 5800, 7600, 11_800] },
    { sku: 'EMT-STRAP-1H', name: 'EMT One-Hole Strap, Steel', description: 'Zinc-plated steel one-hole strap securing {size} EMT to a surface.', cents: [18, 24, 38, 62, 85, 120, 280, 360, 590] },
    { sku: 'EMT-STRAP-2H', name: 'EMT Two-Hole Strap, Steel', description: 'Zinc-plated steel two-hole strap securing {size} EMT to a surface.', cents: [14, 20, 32, 55, 75, 105, 240, 320, 510] },
    // Rigid (GRC) and IMC
    { sku: 'RGD-CPLG', name: 'Rigid Conduit Coupling, Galvanized Steel', description: 'Threaded galvanized steel coupling for {size} rigid or IMC conduit.', cents: [190, 240, 350, 460, 570, 740, 1650, 2100, 3300] },
    { sku: 'RGD-LOCKNUT', name: 'Rigid Conduit Locknut, Steel', description: 'Zinc-plated steel locknut for {size} threaded rigid conduit and fittings.', cents: [22, 30, 48, 72, 95, 130, 380, 490, 780] },
    { sku: 'RGD-BUSH-GRD', name: 'Insulated Grounding Bushing, Malleable Iron', description: 'Malleable iron grounding bushing with lay-in lug and insulated throat for {size} conduit.', cents: [420, 510, 680, 920, 1140, 1560, 3400, 4200, 6600] },
    { sku: 'RGD-ELB90', name: 'Rigid 90 Degree Elbow, Galvanized Steel', description: 'Hot-dip galvanized {size} rigid conduit 90 degree elbow, threaded both ends.', cents: [890, 1050, 1600, 2250, 2700, 3800, 9200, 12_800, 21_500] },
    { sku: 'RGD-STRAP-1H', name: 'Rigid One-Hole Strap, Malleable Iron', description: 'Malleable iron one-hole strap for {size} rigid conduit.', cents: [55, 75, 110, 170, 220, 330, 750, 960, 1580] },
    { sku: 'RGD-NIP-CL', name: 'Rigid Conduit Nipple, Close, Galvanized', description: 'Close galvanized steel nipple, threaded full length, for {size} rigid conduit.', cents: [140, 180, 260, 350, 430, 580, 1300, 1680, 2650] },
    { sku: 'RGD-CPLG-3PC', name: 'Three-Piece Coupling, Malleable Iron', description: 'Three-piece union coupling joining {size} rigid conduit where neither length can turn.', cents: [980, 1240, 1790, 2850, 3600, 5200, 13_800, 17_800, 29_000] },
    { sku: 'IMC-CPLG', name: 'IMC Coupling, Galvanized Steel', description: 'Threaded galvanized steel coupling for {size} intermediate metal conduit.', cents: [170, 215, 315, 410, 510, 660, 1480, 1890, 2950] },
    { sku: 'IMC-ELB90', name: 'IMC 90 Degree Elbow, Galvanized Steel', description: 'Galvanized {size} IMC 90 degree elbow, threaded both ends.', cents: [760, 890, 1360, 1910, 2300, 3230, 7800, 10_900, 18_300] },
    // PVC Schedule 40
    { sku: 'PVC-TA-M', name: 'PVC Male Terminal Adapter, Schedule 40', description: 'Schedule 40 PVC male terminal adapter for {size} conduit entering a box.', cents: [32, 45, 70, 95, 120, 165, 360, 480, 790], driver: 'other' },
    { sku: 'PVC-TA-F', name: 'PVC Female Adapter, Schedule 40', description: 'Schedule 40 PVC female adapter joining {size} conduit to a threaded fitting.', cents: [42, 55, 85, 115, 145, 200, 430, 570, 940], driver: 'other' },
    { sku: 'PVC-CPLG', name: 'PVC Coupling, Schedule 40', description: 'Solvent-weld Schedule 40 PVC coupling for {size} conduit.', cents: [28, 38, 58, 82, 105, 145, 320, 430, 730], driver: 'other' },
    { sku: 'PVC-ELB90', name: 'PVC 90 Degree Elbow, Schedule 40', description: 'Schedule 40 PVC 90 degree elbow, belled one end, for {size} conduit.', cents: [95, 135, 210, 330, 440, 680, 1450, 2200, 4200], driver: 'other' },
    { sku: 'PVC-ELB45', name: 'PVC 45 Degree Elbow, Schedule 40', description: 'Schedule 40 PVC 45 degree elbow, belled one end, for {size} conduit.', cents: [85, 120, 185, 290, 380, 590, 1240, 1850, 3500], driver: 'other' },
    { sku: 'PVC-EXP', name: 'PVC Expansion Coupling, 6" Travel', description: 'PVC expansion coupling with 6 in of travel for {size} conduit runs exposed to heat.', cents: [1450, 1680, 2100, 2600, 3100, 3800, 6400, 8200, 11_800], driver: 'other' },
    { sku: 'PVC-STRAP-1H', name: 'PVC One-Hole Strap', description: 'Non-metallic one-hole strap for {size} PVC conduit.', cents: [22, 30, 45, 70, 90, 125, 260, 340, 560], driver: 'other' },
    { sku: 'PVC-STRAP-2H', name: 'PVC Two-Hole Strap', description: 'Non-metallic two-hole strap for {size} PVC conduit.', cents: [20, 28, 40, 62, 82, 112, 235, 310, 505], driver: 'other' },
    { sku: 'PVC-BELL', name: 'PVC End Bell', description: 'PVC end bell that protects cable entering {size} conduit from a trench or pull box.', cents: [110, 145, 220, 310, 380, 520, 980, 1290, 1950], driver: 'other' },
    { sku: 'PVC-LB', name: 'PVC Type LB Conduit Body with Cover', description: 'Schedule 40 PVC type LB conduit body with cover and gasket for {size} conduit.', cents: [360, 440, 630, 980, 1270, 1950, 4100, 5800, 9600], driver: 'other' },
  ]);

  // Form 8 malleable iron conduit bodies, cover and gasket included.
  const bodies: Array<[string, string, number]> = [
    ['LB', 'Type LB', 100],
    ['LL', 'Type LL', 100],
    ['LR', 'Type LR', 100],
    ['T', 'Type T', 125],
    ['C', 'Type C', 90],
  ];
  const lbCents = [780, 940, 1390, 2150, 2780, 4400];
  for (const [code, label, percent] of bodies) {
    addSizedFamilies(builder, 'Conduit Fittings', [
      {
        sku: `CB-${code}`,
        name: `${label} Conduit Body with Cover and Gasket, Malleable Iron`,
        description: `Threaded Form 8 ${label} conduit body for {size} rigid conduit, cover and gasket included.`,
        cents: lbCents.map((cents) => Math.round((cents * percent) / 100)),
        sizes: SMALL_TRADE_SIZES,
      },
    ]);
  }

  addSizedFamilies(builder, 'Conduit Fittings', [
    { sku: 'LFMC-CONN-ST', name: 'Liquidtight Straight Connector, Zinc', description: 'Straight liquidtight connector with sealing ring for {size} flexible metal conduit.', cents: [210, 290, 460, 840, 1120, 1750], sizes: SMALL_TRADE_SIZES },
    { sku: 'LFMC-CONN-90', name: 'Liquidtight 90 Degree Connector, Zinc', description: '90 degree liquidtight connector with sealing ring for {size} flexible metal conduit.', cents: [480, 630, 990, 1780, 2400, 3800], sizes: SMALL_TRADE_SIZES },
    { sku: 'FMC-CONN-SQ', name: 'Flexible Conduit Squeeze Connector, Die-Cast Zinc', description: 'Die-cast zinc squeeze connector for {size} flexible metal conduit.', cents: [65, 85, 140, 260, 420, 580, 950], sizes: FLEX_SIZES },
  ]);
}

// ---------------------------------------------------------------------------------------------
// Wires

const WIRE_COLOURS = [
  ['BK', 'Black'],
  ['WH', 'White'],
  ['RD', 'Red'],
  ['GN', 'Green'],
  ['BL', 'Blue'],
  ['YL', 'Yellow'],
  ['OR', 'Orange'],
  ['BR', 'Brown'],
  ['GY', 'Gray'],
  ['PR', 'Purple'],
] as const;

/** '1/0' → '1-0' and '250 kcmil' → '250': the gauge as it appears in a SKU. */
const gaugeCode = (gauge: string) => gauge.replace(' kcmil', '').replace('/', '-');
const gaugeLabel = (gauge: string) => (gauge.includes('kcmil') ? gauge : `${gauge} AWG`);

function wires(builder: Builder): void {
  const spools: Array<[string, 'SOL' | 'STR', number, number]> = [
    // gauge, stranding, colours offered, cost of a 500 ft spool
    ['14', 'SOL', 10, 5800],
    ['12', 'SOL', 10, 8600],
    ['10', 'SOL', 5, 13_600],
    ['14', 'STR', 10, 6200],
    ['12', 'STR', 10, 9200],
    ['10', 'STR', 10, 14_200],
    ['8', 'STR', 6, 24_500],
    ['6', 'STR', 5, 38_900],
  ];
  for (const [gauge, stranding, colourCount, cents] of spools) {
    const kind = stranding === 'SOL' ? 'Solid' : 'Stranded';
    for (const [code, colour] of WIRE_COLOURS.slice(0, colourCount)) {
      builder.add('Wires', 'copper', {
        sku: `THHN-${gauge}-${stranding}-${code}-500`,
        name: `${gauge} AWG THHN/THWN-2 ${kind} Copper Wire, ${colour}, 500 ft Spool`,
        description: `${kind} copper building wire, 600 V, nylon jacket, 90°C dry or wet; 500 ft spool.`,
        unit: 'RL',
        cents,
      });
    }
  }
  for (const [gauge, cents] of [
    ['14', 29_500],
    ['12', 44_500],
  ] as const) {
    for (const [code, colour] of WIRE_COLOURS.slice(0, 4)) {
      builder.add('Wires', 'copper', {
        sku: `THHN-${gauge}-STR-${code}-2500`,
        name: `${gauge} AWG THHN/THWN-2 Stranded Copper Wire, ${colour}, 2,500 ft Reel`,
        description: 'Stranded copper building wire, 600 V, nylon jacket, 90°C dry or wet; 2,500 ft reel for long pulls.',
        unit: 'RL',
        cents,
      });
    }
  }
  const perFoot: Array<[string, number, number]> = [
    // gauge, cents per foot, colours offered
    ['4', 125, 3],
    ['3', 155, 3],
    ['2', 195, 3],
    ['1', 250, 3],
    ['1/0', 305, 3],
    ['2/0', 380, 2],
    ['3/0', 475, 2],
    ['4/0', 595, 2],
    ['250 kcmil', 710, 2],
    ['350 kcmil', 980, 2],
    ['500 kcmil', 1390, 2],
  ];
  for (const [gauge, cents, colourCount] of perFoot) {
    for (const [code, colour] of WIRE_COLOURS.slice(0, colourCount)) {
      builder.add('Wires', 'copper', {
        sku: `THHN-${gaugeCode(gauge)}-STR-${code}-FT`,
        name: `${gaugeLabel(gauge)} THHN/THWN-2 Stranded Copper Wire, ${colour}, per ft`,
        description: 'Stranded copper feeder wire, 600 V, nylon jacket, cut to length and sold by the foot.',
        unit: 'FT',
        cents,
      });
    }
  }
  const xhhw: Array<[string, number, number]> = [
    // gauge, copper cents per foot, aluminium cents per foot
    ['8', 72, 0],
    ['6', 105, 32],
    ['4', 150, 40],
    ['2', 230, 55],
    ['1/0', 360, 85],
    ['2/0', 450, 98],
    ['3/0', 560, 120],
    ['4/0', 700, 140],
    ['250 kcmil', 840, 165],
    ['350 kcmil', 1150, 215],
    ['500 kcmil', 0, 290],
  ];
  for (const [gauge, copperCents, aluminumCents] of xhhw) {
    if (copperCents > 0) {
      builder.add('Wires', 'copper', {
        sku: `XHHW-${gaugeCode(gauge)}-CU-BK-FT`,
        name: `${gaugeLabel(gauge)} XHHW-2 Stranded Copper Wire, Black, per ft`,
        description: 'Cross-linked polyethylene insulated copper conductor, 600 V, 90°C wet or dry; sold by the foot.',
        unit: 'FT',
        cents: copperCents,
      });
    }
    if (aluminumCents > 0) {
      builder.add('Wires', 'aluminum', {
        sku: `XHHW-${gaugeCode(gauge)}-AL-BK-FT`,
        name: `${gaugeLabel(gauge)} XHHW-2 Aluminum Wire, Black, per ft`,
        description: 'Compact-stranded AA-8000 aluminum conductor with XLPE insulation, 600 V; sold by the foot.',
        unit: 'FT',
        cents: aluminumCents,
      });
    }
  }

  const lengths: Array<[number, number]> = [
    // feet, price of the coil relative to 250 ft pricing per foot, in percent
    [25, 145],
    [50, 130],
    [100, 115],
    [250, 100],
  ];
  const cable = (kind: 'NMB' | 'UFB', label: string, description: string, sizes: Array<[string, number]>) => {
    for (const [conductors, cents250] of sizes) {
      for (const [feet, percent] of lengths) {
        builder.add('Wires', 'copper', {
          sku: `${kind}-${conductors.replace('/', '-')}-${feet}`,
          name: `${conductors} ${label} with Ground, ${feet} ft Coil`,
          description,
          unit: 'RL',
          cents: Math.round((cents250 * feet * percent) / (250 * 100)),
        });
      }
    }
  };
  cable('NMB', 'NM-B Cable', 'Non-metallic sheathed copper cable for dry indoor branch circuits, 600 V, 90°C conductors.', [
    ['14/2', 9500],
    ['14/3', 14_500],
    ['12/2', 14_200],
    ['12/3', 21_500],
    ['10/2', 25_500],
    ['10/3', 35_500],
    ['8/2', 48_000],
    ['8/3', 62_000],
    ['6/2', 70_000],
    ['6/3', 92_000],
  ]);
  cable('UFB', 'UF-B Cable', 'Underground feeder cable with solid PVC jacket, rated for direct burial and wet locations.', [
    ['14/2', 11_900],
    ['12/2', 17_500],
    ['10/2', 30_500],
    ['14/3', 18_500],
    ['12/3', 26_500],
    ['10/3', 42_500],
  ]);
  const mc: Array<[string, number, number]> = [
    ['14/2', 250, 14_500],
    ['12/2', 250, 17_900],
    ['10/2', 250, 31_500],
    ['14/3', 250, 19_800],
    ['12/3', 250, 24_500],
    ['10/3', 250, 43_000],
    ['12/4', 250, 33_500],
    ['10/4', 250, 56_000],
    ['14/2', 1000, 56_500],
    ['12/2', 1000, 69_500],
  ];
  for (const [conductors, feet, cents] of mc) {
    builder.add('Wires', 'copper', {
      sku: `MC-${conductors.replace('/', '-')}-${feet}`,
      name: `${conductors} MC Cable with Ground, Aluminum Armor, ${feet === 1000 ? '1,000 ft Reel' : `${feet} ft Coil`}`,
      description: 'Metal-clad cable with copper THHN conductors and an interlocked aluminum armor.',
      unit: 'RL',
      cents,
    });
  }
  const ser: Array<[string, number]> = [
    ['4-4-4-6', 175],
    ['2-2-2-4', 225],
    ['1/0-1/0-1/0-2', 290],
    ['2/0-2/0-2/0-1/0', 330],
    ['3/0-3/0-3/0-1/0', 385],
    ['4/0-4/0-4/0-2/0', 440],
  ];
  for (const [conductors, cents] of ser) {
    builder.add('Wires', 'aluminum', {
      sku: `SER-AL-${conductors.replaceAll('/', '').replaceAll('-', '')}-FT`,
      name: `${conductors} SER Aluminum Service Entrance Cable, per ft`,
      description: 'Aluminum service entrance cable with insulated neutral and bare ground for panel feeders.',
      unit: 'FT',
      cents,
    });
  }
  const bare: Array<[string, string, number]> = [
    ['10', 'Solid', 28],
    ['8', 'Solid', 48],
    ['6', 'Solid', 85],
    ['4', 'Solid', 135],
    ['2', 'Stranded', 210],
  ];
  for (const [gauge, kind, cents] of bare) {
    builder.add('Wires', 'copper', {
      sku: `BARE-CU-${gauge}-${kind === 'Solid' ? 'SOL' : 'STR'}-FT`,
      name: `${gauge} AWG Bare Copper Ground Wire, ${kind}, per ft`,
      description: 'Soft-drawn bare copper conductor for grounding electrode and bonding runs.',
      unit: 'FT',
      cents,
    });
  }
  for (const [conductors, cents] of [
    ['18/2', 4500],
    ['18/3', 5900],
    ['18/5', 8900],
    ['18/8', 13_900],
  ] as const) {
    builder.add('Wires', 'copper', {
      sku: `TSTAT-${conductors.replace('/', '-')}-250`,
      name: `${conductors} Thermostat Wire, Solid Copper, 250 ft Coil`,
      description: 'Class 2 solid copper thermostat and control cable for HVAC low-voltage wiring.',
      unit: 'RL',
      cents,
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Breakers

function breakers(builder: Builder): void {
  const series = (
    sku: string,
    label: string,
    poles: 1 | 2 | 3,
    description: string,
    priced: Array<[number, number]>,
  ) => {
    for (const [amps, cents] of priced) {
      builder.add('Breakers', 'other', {
        sku: `BRK-${sku}-${poles}P-${amps}`,
        name: `${amps} A ${poles}-Pole ${label}`,
        description,
        unit: 'EA',
        cents,
      });
    }
  };
  const plugOn = 'Plug-on thermal-magnetic breaker for residential load centers, 10 kA interrupting rating.';
  series('PO', 'Plug-On Circuit Breaker', 1, plugOn, [
    [15, 980],
    [20, 980],
    [25, 1190],
    [30, 1190],
    [35, 1450],
    [40, 1450],
    [45, 1650],
    [50, 1650],
    [60, 2150],
  ]);
  series('PO', 'Plug-On Circuit Breaker', 2, plugOn, [
    [15, 2250],
    [20, 2250],
    [25, 2450],
    [30, 2450],
    [35, 2890],
    [40, 2890],
    [45, 3150],
    [50, 3150],
    [60, 3690],
    [70, 7450],
    [80, 8900],
    [90, 9800],
    [100, 11_900],
    [110, 21_500],
    [125, 22_900],
    [150, 27_900],
    [175, 39_500],
    [200, 45_900],
  ]);
  series('PO', 'Plug-On Circuit Breaker', 3, 'Three-phase plug-on breaker for residential and light commercial load centers, 10 kA.', [
    [15, 6900],
    [20, 6900],
    [30, 7400],
    [40, 8900],
    [50, 9600],
    [60, 11_200],
    [70, 18_900],
    [80, 21_500],
    [90, 24_900],
    [100, 27_900],
  ]);
  for (const [amps, cents] of [
    ['15/15', 1590],
    ['20/20', 1690],
    ['15/20', 1690],
  ] as const) {
    builder.add('Breakers', 'other', {
      sku: `BRK-PO-TND-${amps.replace('/', '-')}`,
      name: `${amps} A Tandem Plug-On Circuit Breaker, 1-Pole Space`,
      description: 'Twin plug-on breaker that puts two 120 V circuits in one load center space.',
      unit: 'EA',
      cents,
    });
  }
  for (const [amps, cents] of [
    ['20/20', 4890],
    ['30/30', 5290],
    ['40/40', 5890],
  ] as const) {
    builder.add('Breakers', 'other', {
      sku: `BRK-PO-QUAD-${amps.replace('/', '-')}`,
      name: `${amps} A Quad Plug-On Circuit Breaker, Two 2-Pole Circuits`,
      description: 'Quadplex plug-on breaker carrying two 240 V circuits in two load center spaces.',
      unit: 'EA',
      cents,
    });
  }
  series('GFCI', 'GFCI Plug-On Circuit Breaker', 1, 'Plug-on breaker with Class A ground-fault protection and self-test, pigtail neutral.', [
    [15, 4990],
    [20, 5290],
    [25, 7900],
    [30, 8200],
  ]);
  series('GFCI', 'GFCI Plug-On Circuit Breaker', 2, 'Two-pole plug-on breaker with Class A ground-fault protection for spas, pumps and heaters.', [
    [15, 11_900],
    [20, 12_400],
    [30, 13_900],
    [40, 15_900],
    [50, 16_900],
    [60, 18_900],
  ]);
  series('AFCI', 'Combination AFCI Plug-On Circuit Breaker', 1, 'Combination arc-fault plug-on breaker for bedroom and living-area branch circuits.', [
    [15, 4690],
    [20, 4790],
  ]);
  series('AFCI', 'Combination AFCI Plug-On Circuit Breaker', 2, 'Two-pole combination arc-fault plug-on breaker for multiwire branch circuits.', [
    [15, 12_900],
    [20, 13_400],
  ]);
  series('DF', 'Dual Function AFCI/GFCI Plug-On Circuit Breaker', 1, 'Plug-on breaker combining arc-fault and Class A ground-fault protection for kitchens and laundry.', [
    [15, 5590],
    [20, 5690],
  ]);
  series('DF', 'Dual Function AFCI/GFCI Plug-On Circuit Breaker', 2, 'Two-pole breaker combining arc-fault and Class A ground-fault protection.', [
    [15, 14_900],
    [20, 15_400],
  ]);
  const boltOn = 'Bolt-on molded case breaker for commercial panelboards, 240 V, 10 kA interrupting rating.';
  series('BO', 'Bolt-On Circuit Breaker', 1, boltOn, [
    [15, 2890],
    [20, 2890],
    [25, 3150],
    [30, 3150],
    [35, 4100],
    [40, 4100],
    [45, 4400],
    [50, 4400],
    [60, 5200],
    [70, 9900],
    [80, 11_900],
    [90, 12_900],
    [100, 13_900],
  ]);
  series('BO', 'Bolt-On Circuit Breaker', 2, boltOn, [
    [15, 8900],
    [20, 8900],
    [30, 9400],
    [40, 10_900],
    [50, 11_900],
    [60, 12_900],
    [70, 21_900],
    [80, 24_500],
    [90, 27_500],
    [100, 29_900],
    [125, 45_500],
  ]);
  series('BO', 'Bolt-On Circuit Breaker', 3, 'Three-pole bolt-on molded case breaker for 208Y/120 V and 240 V panelboards, 10 kA.', [
    [15, 15_500],
    [20, 15_500],
    [30, 16_900],
    [40, 18_900],
    [50, 20_500],
    [60, 22_900],
    [70, 37_500],
    [80, 41_900],
    [90, 45_900],
    [100, 49_900],
    [125, 72_500],
    [150, 84_900],
    [175, 99_500],
    [200, 112_500],
    [225, 129_500],
  ]);
  series('BO22', 'Bolt-On Circuit Breaker, 22 kAIC', 2, 'High-interrupting bolt-on breaker for panelboards with 22 kA available fault current.', [
    [15, 13_900],
    [20, 13_900],
    [30, 14_500],
    [40, 16_900],
    [50, 18_500],
    [60, 19_900],
  ]);
  series('MAIN', 'Main Breaker Conversion Kit', 2, 'Two-pole main breaker with hardware to convert a main-lug load center to main breaker.', [
    [100, 13_900],
    [125, 18_900],
    [150, 23_900],
    [200, 31_900],
  ]);
}

// ---------------------------------------------------------------------------------------------
// Breaker Boxes

function breakerBoxes(builder: Builder): void {
  const loadCenters: Array<[string, 'Indoor' | 'Outdoor', number, number, number]> = [
    // main breaker (MB) or main lug (ML), location, amps, spaces, cost
    ['MB', 'Indoor', 100, 12, 11_900],
    ['MB', 'Indoor', 100, 20, 15_900],
    ['MB', 'Indoor', 100, 24, 17_900],
    ['MB', 'Indoor', 125, 24, 19_900],
    ['MB', 'Indoor', 125, 30, 22_900],
    ['MB', 'Indoor', 150, 30, 27_900],
    ['MB', 'Indoor', 150, 40, 33_900],
    ['MB', 'Indoor', 200, 30, 29_900],
    ['MB', 'Indoor', 200, 40, 34_900],
    ['MB', 'Indoor', 200, 42, 38_900],
    ['MB', 'Outdoor', 100, 12, 14_900],
    ['MB', 'Outdoor', 100, 20, 18_900],
    ['MB', 'Outdoor', 125, 24, 23_900],
    ['MB', 'Outdoor', 150, 30, 32_900],
    ['MB', 'Outdoor', 200, 30, 36_900],
    ['MB', 'Outdoor', 200, 40, 42_900],
    ['MB', 'Outdoor', 200, 42, 46_900],
    ['ML', 'Indoor', 100, 6, 3900],
    ['ML', 'Indoor', 100, 8, 4900],
    ['ML', 'Indoor', 100, 12, 6900],
    ['ML', 'Indoor', 125, 16, 8900],
    ['ML', 'Indoor', 125, 24, 11_900],
    ['ML', 'Indoor', 200, 30, 18_900],
    ['ML', 'Indoor', 200, 40, 23_900],
    ['ML', 'Indoor', 225, 42, 27_900],
    ['ML', 'Outdoor', 60, 2, 2290],
    ['ML', 'Outdoor', 70, 4, 3490],
    ['ML', 'Outdoor', 100, 6, 5490],
    ['ML', 'Outdoor', 100, 8, 6490],
    ['ML', 'Outdoor', 125, 12, 8900],
    ['ML', 'Outdoor', 200, 24, 19_900],
  ];
  for (const [kind, location, amps, spaces, cents] of loadCenters) {
    const main = kind === 'MB' ? 'Main Breaker' : 'Main Lug';
    builder.add('Breaker Boxes', 'steel', {
      sku: `LC-${kind}-${amps}-${spaces}-${location === 'Indoor' ? 'IN' : 'OUT'}`,
      name: `${amps} A ${main} Load Center, ${spaces} Spaces / ${spaces * 2} Circuits, ${location === 'Indoor' ? 'Indoor NEMA 1' : 'Outdoor NEMA 3R'}`,
      description: `${location === 'Indoor' ? 'Indoor' : 'Raintight outdoor'} 120/240 V single-phase ${main.toLowerCase()} load center with ground bar ${location === 'Indoor' ? 'kit sold separately' : 'included'}.`,
      unit: 'EA',
      cents,
    });
  }
  const panelboards: Array<['MB' | 'ML', number, number, number]> = [
    ['ML', 125, 30, 38_900],
    ['ML', 225, 42, 79_900],
    ['ML', 400, 42, 189_000],
    ['MB', 100, 30, 64_900],
    ['MB', 225, 42, 139_000],
    ['MB', 400, 42, 289_000],
  ];
  for (const [kind, amps, circuits, cents] of panelboards) {
    builder.add('Breaker Boxes', 'steel', {
      sku: `PNL-3PH-${kind}-${amps}-${circuits}`,
      name: `${amps} A ${kind === 'MB' ? 'Main Breaker' : 'Main Lug'} 3-Phase Panelboard, ${circuits} Circuits, 208Y/120 V`,
      description: 'Three-phase four-wire bolt-on panelboard with copper bus for commercial tenant spaces.',
      unit: 'EA',
      cents,
    });
  }
  const meterMains: Array<[number, number, number]> = [
    [100, 8, 21_900],
    [125, 24, 32_900],
    [200, 8, 34_900],
    [200, 30, 49_900],
    [200, 40, 56_900],
    [320, 40, 124_900],
  ];
  for (const [amps, spaces, cents] of meterMains) {
    builder.add('Breaker Boxes', 'steel', {
      sku: `MTR-MAIN-${amps}-${spaces}`,
      name: amps === 320
        ? `400 A Meter-Main Combination, 320 A Continuous, ${spaces} Spaces, Outdoor`
        : `${amps} A Meter-Main Combination, ${spaces} Spaces, Outdoor NEMA 3R`,
      description: 'Ringless meter socket and main breaker load center in one outdoor enclosure for new services.',
      unit: 'EA',
      cents,
    });
  }
  for (const [amps, cents] of [
    [50, 11_900],
    [60, 12_900],
  ] as const) {
    builder.add('Breaker Boxes', 'steel', {
      sku: `SPA-PNL-${amps}`,
      name: `${amps} A Spa Panel with GFCI Breaker, Outdoor NEMA 3R`,
      description: 'Outdoor spa and hot tub disconnect with a two-pole Class A GFCI breaker installed.',
      unit: 'EA',
      cents,
    });
  }
  const switches: Array<[number, 'Fused' | 'Non-Fused', 'NEMA 1' | 'NEMA 3R', number]> = [
    [30, 'Non-Fused', 'NEMA 3R', 5490],
    [30, 'Fused', 'NEMA 3R', 7990],
    [60, 'Non-Fused', 'NEMA 3R', 8990],
    [60, 'Fused', 'NEMA 3R', 11_900],
    [100, 'Non-Fused', 'NEMA 1', 21_900],
    [100, 'Fused', 'NEMA 3R', 32_900],
    [200, 'Non-Fused', 'NEMA 3R', 52_900],
    [200, 'Fused', 'NEMA 3R', 68_900],
  ];
  for (const [amps, fusing, rating, cents] of switches) {
    builder.add('Breaker Boxes', 'steel', {
      sku: `SWD-${amps}-${fusing === 'Fused' ? 'F' : 'NF'}-${rating === 'NEMA 1' ? 'N1' : 'N3R'}`,
      name: `${amps} A ${fusing} Safety Switch, 240 V, General Duty, ${rating}`,
      description: `General duty ${fusing.toLowerCase()} safety switch with padlockable handle for equipment disconnecting means.`,
      unit: 'EA',
      cents,
    });
  }
  for (const [fusing, cents] of [
    ['Non-Fused', 1890],
    ['Fused', 2490],
  ] as const) {
    builder.add('Breaker Boxes', 'steel', {
      sku: `AC-DISC-60-${fusing === 'Fused' ? 'F' : 'NF'}`,
      name: `60 A ${fusing} Pull-Out AC Disconnect, Outdoor`,
      description: 'Pull-out disconnect for air-conditioner and heat-pump condensers, 240 V.',
      unit: 'EA',
      cents,
    });
  }
  for (const spaces of [20, 30, 40] as const) {
    for (const [mount, cents] of [
      ['Flush', 4290 + spaces * 60],
      ['Surface', 3690 + spaces * 55],
    ] as const) {
      builder.add('Breaker Boxes', 'steel', {
        sku: `LC-CVR-${spaces}-${mount === 'Flush' ? 'FL' : 'SF'}`,
        name: `Load Center Cover, ${mount} Mount, ${spaces}-Space, with Door`,
        description: `Replacement ${mount.toLowerCase()}-mount dead front and door for a ${spaces}-space load center.`,
        unit: 'EA',
        cents,
      });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Junction Boxes

function junctionBoxes(builder: Builder): void {
  const box = (sku: string, name: string, description: string, cents: number, driver: PriceDriver = 'steel') =>
    builder.add('Junction Boxes', driver, { sku, name, description, unit: 'EA', cents });

  box('BOX-4SQ-150', '4" Square Box, 1-1/2" Deep, 1/2" and 3/4" KOs', 'Drawn steel 4 in square box, 21 cu in, with combination knockouts.', 220);
  box('BOX-4SQ-212', '4" Square Box, 2-1/8" Deep, 1/2" and 3/4" KOs', 'Drawn steel 4 in square box, 30.3 cu in, with combination knockouts.', 290);
  box('BOX-4SQ-150-BKT', '4" Square Box, 1-1/2" Deep, with Bracket', 'Drawn steel 4 in square box with a stud bracket for new construction.', 360);
  box('BOX-4SQ-212-BKT', '4" Square Box, 2-1/8" Deep, with Bracket', 'Drawn steel 4 in square box, 30.3 cu in, with a stud bracket.', 420);
  box('BOX-4SQ-150-NM', '4" Square Box, 1-1/2" Deep, with NM Clamps', 'Steel 4 in square box with built-in clamps for NM-B cable.', 310);
  box('BOX-4SQ-150-MC', '4" Square Box, 1-1/2" Deep, with MC/AC Clamps', 'Steel 4 in square box with built-in clamps for MC and AC cable.', 340);
  box('BOX-4SQ-WELD-212', '4" Square Box, 2-1/8" Deep, Welded', 'Welded steel 4 in square box for heavy conduit work.', 480);
  box('BOX-411-212', '4-11/16" Square Box, 2-1/8" Deep, 3/4" and 1" KOs', 'Drawn steel 4-11/16 in square box, 42 cu in, for larger splices.', 610);
  box('BOX-411-212-BKT', '4-11/16" Square Box, 2-1/8" Deep, with Bracket', 'Drawn steel 4-11/16 in square box with stud bracket.', 780);
  box('BOX-OCT-150', '4" Octagon Box, 1-1/2" Deep', 'Drawn steel octagon box, 15.5 cu in, for ceiling fixtures.', 190);
  box('BOX-OCT-212', '4" Octagon Box, 2-1/8" Deep', 'Drawn steel octagon box, 21.5 cu in, for ceiling fixtures.', 260);
  box('BOX-OCT-150-BKT', '4" Octagon Box, 1-1/2" Deep, with Bracket', 'Steel octagon box with a side bracket for mounting to joists.', 330);
  box('BOX-OCT-FAN', '4" Octagon Ceiling Fan Box, 2-1/8" Deep, Fan Rated', 'Steel octagon box listed for ceiling fans up to 70 lb.', 690);
  box('BOX-HANDY-150', 'Handy Box, 4" x 2-1/8", 1-1/2" Deep', 'Drawn steel utility box, 10.3 cu in, for surface mounting.', 180);
  box('BOX-HANDY-178', 'Handy Box, 4" x 2-1/8", 1-7/8" Deep', 'Drawn steel utility box, 13 cu in, for surface mounting.', 215);
  box('BOX-HANDY-212', 'Handy Box, 4" x 2-1/8", 2-1/8" Deep', 'Drawn steel utility box, 15.5 cu in, for surface mounting.', 255);
  box('BOX-GANG-250', 'Gangable Device Box, 3" x 2", 2-1/2" Deep', 'Steel gangable switch box, 12.5 cu in, with ears.', 265);
  box('BOX-GANG-350', 'Gangable Device Box, 3" x 2", 3-1/2" Deep', 'Steel gangable switch box, 18 cu in, with ears.', 340);
  box('BOX-GANG-250-NM', 'Gangable Device Box, 2-1/2" Deep, with NM Clamps', 'Steel gangable switch box with NM cable clamps.', 295);
  box('BOX-GANG-350-NM', 'Gangable Device Box, 3-1/2" Deep, with NM Clamps', 'Steel gangable switch box, 18 cu in, with NM cable clamps.', 375);

  const nonMetallic: Array<[string, string, number]> = [
    ['1G-18', '1-Gang New Work Box, 18 cu in, PVC', 65],
    ['1G-20', '1-Gang New Work Box, 20 cu in, PVC', 78],
    ['1G-225', '1-Gang New Work Box, 22.5 cu in, PVC', 95],
    ['2G-32', '2-Gang New Work Box, 32 cu in, PVC', 145],
    ['2G-35', '2-Gang New Work Box, 35 cu in, PVC', 175],
    ['3G-53', '3-Gang New Work Box, 53 cu in, PVC', 295],
    ['4G-68', '4-Gang New Work Box, 68 cu in, PVC', 485],
    ['RND-20', 'Round Ceiling Box, 4", 20 cu in, PVC', 185],
    ['RND-FAN', 'Round Ceiling Fan Box, 4", Fan Rated, PVC', 590],
    ['1G-WP', '1-Gang New Work Box, Vapor Barrier, PVC', 245],
  ];
  for (const [code, name, cents] of nonMetallic) {
    box(`BOX-NW-${code}`, name, 'Non-metallic nail-on box for NM-B cable in new construction.', cents, 'other');
  }
  const oldWork: Array<[string, string, number]> = [
    ['1G-14', '1-Gang Old Work Box, 14 cu in', 145],
    ['1G-18', '1-Gang Old Work Box, 18 cu in', 165],
    ['1G-20', '1-Gang Old Work Box, 20 cu in', 189],
    ['2G-25', '2-Gang Old Work Box, 25 cu in', 265],
    ['2G-34', '2-Gang Old Work Box, 34 cu in', 310],
    ['3G-49', '3-Gang Old Work Box, 49 cu in', 520],
    ['RND-20', 'Round Old Work Ceiling Box, 20 cu in', 345],
    ['RND-FAN', 'Old Work Ceiling Fan Box with Brace, Fan Rated', 1890],
  ];
  for (const [code, name, cents] of oldWork) {
    box(`BOX-OW-${code}`, name, 'Remodel box with swing-out clamps for existing drywall or plaster.', cents, 'other');
  }
  const weatherproof: Array<[string, string, number]> = [
    ['1G-3-050', '1-Gang Weatherproof Box, Three 1/2" Outlets', 520],
    ['1G-3-075', '1-Gang Weatherproof Box, Three 3/4" Outlets', 590],
    ['1G-5-050', '1-Gang Weatherproof Box, Five 1/2" Outlets', 610],
    ['1G-5-075', '1-Gang Weatherproof Box, Five 3/4" Outlets', 690],
    ['2G-3-050', '2-Gang Weatherproof Box, Three 1/2" Outlets', 890],
    ['2G-3-075', '2-Gang Weatherproof Box, Three 3/4" Outlets', 960],
    ['2G-5-050', '2-Gang Weatherproof Box, Five 1/2" Outlets', 1020],
    ['2G-5-075', '2-Gang Weatherproof Box, Five 3/4" Outlets', 1120],
  ];
  for (const [code, name, cents] of weatherproof) {
    box(`BOX-WP-${code}`, `${name}, Die-Cast Aluminum`, 'Die-cast aluminum box with threaded hubs and plugs for wet locations.', cents, 'aluminum');
  }
  const pvcJunction: Array<[string, number]> = [
    ['4x4x2', 690],
    ['4x4x4', 1090],
    ['6x6x4', 1590],
    ['6x6x6', 2190],
    ['8x8x4', 2490],
    ['8x8x6', 3190],
    ['10x10x6', 5690],
    ['12x12x6', 7490],
    ['12x12x8', 9890],
  ];
  for (const [size, cents] of pvcJunction) {
    box(`BOX-PVC-JB-${size.toUpperCase()}`, `${size.replaceAll('x', '" x ')}" PVC Junction Box with Cover, NEMA 4X`, 'Non-metallic junction box with screw cover and gasket for wet and corrosive locations.', cents, 'other');
  }
  const pull: Array<[string, number]> = [
    ['4x4x4', 1190],
    ['6x6x4', 1590],
    ['8x8x4', 2190],
    ['10x10x4', 2890],
    ['12x12x4', 3590],
    ['12x12x6', 4690],
    ['16x16x6', 7990],
    ['18x18x6', 9990],
    ['24x24x6', 16_900],
  ];
  for (const [size, cents] of pull) {
    box(`BOX-PULL-${size.toUpperCase()}`, `${size.replaceAll('x', '" x ')}" Screw Cover Pull Box, NEMA 1`, 'Galvanized steel screw-cover pull box with knockouts for indoor conduit runs.', cents);
  }
  const hinged: Array<[string, number]> = [
    ['6x6x4', 3190],
    ['8x8x6', 5490],
    ['12x12x6', 8990],
    ['16x12x6', 12_900],
    ['24x24x8', 42_900],
  ];
  for (const [size, cents] of hinged) {
    box(`BOX-3R-${size.toUpperCase()}`, `${size.replaceAll('x', '" x ')}" Hinged Cover Enclosure, NEMA 3R`, 'Painted steel raintight enclosure with hinged cover and padlock hasp.', cents);
  }
  box('BOX-FLOOR-1G', '1-Gang Floor Box, Adjustable, Cast Iron', 'Adjustable cast iron floor box for a duplex receptacle in concrete pours.', 3890);
  box('BOX-FLOOR-2G', '2-Gang Floor Box, Adjustable, Cast Iron', 'Adjustable cast iron floor box for two devices in concrete pours.', 6890);
  box('BOX-4SQ-EXT-150', '4" Square Extension Ring, 1-1/2" Deep', 'Steel extension ring adding 1-1/2 in of depth and 21 cu in to a 4 in square box.', 250);
  box('BOX-OCT-EXT-150', '4" Octagon Extension Ring, 1-1/2" Deep', 'Steel extension ring adding depth to a 4 in octagon box.', 240);
  box('BOX-CONC-RING-3', '4" Octagon Concrete Ring, 3" Deep', 'Steel ring that forms a ceiling outlet in poured concrete decks.', 690);
  box('BOX-CONC-RING-6', '4" Octagon Concrete Ring, 6" Deep', 'Deep steel ring for ceiling outlets in thick concrete pours.', 1090);
  box('BOX-GANG-250-MC', 'Gangable Device Box, 2-1/2" Deep, with MC/AC Clamps', 'Steel gangable switch box with clamps for MC and AC cable.', 320);
  box('BOX-WP-RND-4-050', '4" Round Weatherproof Box, Four 1/2" Outlets, Die-Cast Aluminum', 'Die-cast round box for outdoor fixtures and lampholders.', 640, 'aluminum');
  box('BOX-FAN-BRACE', 'Adjustable Ceiling Fan Brace and Box, Fan Rated', 'Expandable steel brace with saddle box for fans up to 70 lb between joists.', 1690);
  box('BOX-FAN-BRACE-OW', 'Retrofit Ceiling Fan Brace and Box, Old Work', 'Through-the-hole fan brace and box for existing ceilings.', 1990);
  for (const [gang, cents] of [
    [1, 390],
    [2, 560],
    [3, 790],
  ] as const) {
    box(`BOX-MSNRY-${gang}G`, `${gang}-Gang Masonry Box, 3-1/2" Deep`, 'Steel through-wall box for block and brick walls.', cents);
  }
}

// ---------------------------------------------------------------------------------------------
// Wiring Accessories

function wiringAccessories(builder: Builder): void {
  const add = (sku: string, name: string, description: string, unit: SampleUnit, cents: number, driver: PriceDriver = 'other') =>
    builder.add('Wiring Accessories', driver, { sku, name, description, unit, cents });

  const nuts: Array<[string, string, string, number]> = [
    ['GY', 'Gray', '22-16 AWG', 790],
    ['BL', 'Blue', '22-14 AWG', 850],
    ['OR', 'Orange', '22-14 AWG', 890],
    ['YL', 'Yellow', '18-10 AWG', 1190],
    ['RD', 'Red', '18-8 AWG', 1590],
    ['TN', 'Tan', '20-10 AWG', 1390],
  ];
  for (const [code, colour, range, cents100] of nuts) {
    const description = `Twist-on wire connector with a square-wire spring for ${range} splices.`;
    add(`WN-${code}-25`, `${colour} Twist-On Wire Connector, ${range}, Pack of 25`, description, 'PK', Math.round((cents100 * 35) / 100));
    add(`WN-${code}-100`, `${colour} Twist-On Wire Connector, ${range}, Box of 100`, description, 'BX', cents100);
    add(`WN-${code}-500`, `${colour} Twist-On Wire Connector, ${range}, Jar of 500`, description, 'BX', cents100 * 4);
  }
  for (const [ports, cents] of [
    [2, 1690],
    [3, 1990],
    [4, 2290],
    [5, 2590],
    [8, 3890],
  ] as const) {
    add(`PUSH-${ports}P-100`, `${ports}-Port Push-In Wire Connector, Box of 100`, 'Push-in connector for solid 22-12 AWG copper conductors.', 'BX', cents);
  }
  for (const [conductors, cents] of [
    [2, 790],
    [3, 990],
    [5, 1390],
  ] as const) {
    add(`LEVER-${conductors}-10`, `${conductors}-Conductor Lever Wire Connector, Pack of 10`, 'Lever-actuated splicing connector for solid or stranded 24-12 AWG wire.', 'PK', cents);
  }
  const mechanicalLugs: Array<[string, number]> = [
    ['14-2/0', 290],
    ['6-250', 590],
    ['4-350', 890],
    ['1/0-600', 1690],
  ];
  for (const [range, cents] of mechanicalLugs) {
    const [low, high] = range.split('-') as [string, string];
    add(`LUG-AL-${range.replace('/', '')}`, `Mechanical Lug, Aluminum, #${low} to ${/^\d{3}$/.test(high) ? `${high} kcmil` : high}`, 'Dual-rated aluminum set-screw lug for copper or aluminum conductors.', 'EA', cents, 'aluminum');
  }
  const compressionLugs: Array<[string, number]> = [
    ['8', 145],
    ['6', 165],
    ['4', 210],
    ['2', 290],
    ['1/0', 420],
    ['2/0', 510],
    ['4/0', 760],
    ['250 kcmil', 990],
  ];
  for (const [gauge, cents] of compressionLugs) {
    add(`LUG-CU-${gaugeCode(gauge)}-1H`, `${gaugeLabel(gauge)} Copper Compression Lug, One Hole`, 'Tinned copper long-barrel compression lug for crimping with a hydraulic tool.', 'EA', cents, 'copper');
  }
  const splitBolts: Array<[string, number]> = [
    ['8', 290],
    ['6', 340],
    ['4', 450],
    ['2', 620],
    ['1/0', 890],
    ['2/0', 1090],
  ];
  for (const [gauge, cents] of splitBolts) {
    add(`SPLT-${gaugeCode(gauge)}`, `${gaugeLabel(gauge)} Split Bolt Connector, Copper Alloy`, 'High-strength copper alloy split bolt for splicing and tapping copper conductors.', 'EA', cents, 'copper');
  }
  const rods: Array<[string, string, number]> = [
    ['12-8', '1/2" x 8 ft', 1490],
    ['58-8', '5/8" x 8 ft', 1990],
    ['58-10', '5/8" x 10 ft', 2890],
    ['34-10', '3/4" x 10 ft', 4290],
  ];
  for (const [code, size, cents] of rods) {
    add(`GRD-ROD-${code}`, `${size} Copper-Bonded Ground Rod`, 'Copper-bonded steel grounding electrode, UL listed.', 'EA', cents, 'copper');
  }
  for (const [code, size, cents] of [
    ['12', '1/2"', 290],
    ['58', '5/8"', 340],
    ['34', '3/4"', 490],
  ] as const) {
    add(`GRD-CLAMP-${code}`, `${size} Ground Rod Clamp, Bronze`, 'Direct-burial bronze acorn clamp joining the grounding conductor to a rod.', 'EA', cents, 'copper');
  }
  for (const [terminals, cents] of [
    [5, 590],
    [10, 790],
    [15, 990],
    [21, 1290],
  ] as const) {
    add(`GRD-BAR-${terminals}`, `Ground Bar Kit, ${terminals} Terminals`, 'Equipment ground bar kit that mounts in a load center or panelboard.', 'EA', cents);
  }
  add('GRD-PIPE-050-100', 'Water Pipe Ground Clamp, 1/2" to 1"', 'Bronze clamp bonding a grounding conductor to metal water pipe.', 'EA', 490, 'copper');
  add('GRD-PIPE-125-200', 'Water Pipe Ground Clamp, 1-1/4" to 2"', 'Bronze clamp bonding a grounding conductor to metal water pipe.', 'EA', 890, 'copper');
  add('GRD-IBT', 'Intersystem Bonding Termination, 4 Terminals', 'Bonding bridge for telephone, cable and satellite grounding conductors at the service.', 'EA', 1290);
  const ties: Array<[string, string, number]> = [
    ['04', '4"', 290],
    ['08', '8"', 590],
    ['11', '11"', 890],
    ['14', '14"', 1290],
    ['24', '24"', 2890],
  ];
  for (const [code, length, cents] of ties) {
    add(`TIE-${code}-NAT-100`, `${length} Cable Tie, Natural Nylon, Pack of 100`, 'General purpose nylon 6/6 cable tie for indoor bundling.', 'PK', cents);
    add(`TIE-${code}-UV-100`, `${length} Cable Tie, UV Black, Pack of 100`, 'UV-resistant black nylon cable tie for outdoor and exposed runs.', 'PK', Math.round((cents * 125) / 100));
  }
  add('TIE-MOUNT-100', 'Adhesive Cable Tie Mount, 1" Square, Pack of 100', 'Self-adhesive mount with screw hole for anchoring cable ties.', 'PK', 1890);
  const staples: Array<[string, string, string, number]> = [
    ['NM-050-100', 'Metal Cable Staple, 1/2", Box of 100', 'Galvanized staple for securing NM-B cable to framing.', 390],
    ['NM-INS-100', 'Insulated Cable Staple, 14/2 to 12/2 NM, Box of 100', 'Plastic-saddle staple for securing one NM-B cable without damaging the jacket.', 690],
    ['NM-INS-103-100', 'Insulated Cable Staple, 10/2 to 10/3 NM, Box of 100', 'Plastic-saddle staple sized for 10 AWG NM-B cable.', 890],
    ['STACK-4-50', 'Cable Stacker, Holds Up to 4 NM Cables, Pack of 50', 'Nail-on stacker that keeps multiple NM-B cables separated on a stud.', 1690],
    ['COAX-100', 'Coaxial and Low-Voltage Cable Staple, Box of 100', 'Plastic staple for RG6 and Cat6 cable runs.', 490],
    ['MC-STRAP-100', 'One-Hole MC Cable Strap, Box of 100', 'Steel strap securing 14/2 through 12/3 MC cable to framing.', 1490],
  ];
  for (const [code, name, description, cents] of staples) add(`STAPLE-${code}`, name, description, 'BX', cents, 'steel');
  TRADE_SIZES.forEach((size, index) => {
    add(
      `BUSH-PLAS-${size.code}`,
      `${size.label} Plastic Insulating Bushing`,
      `Thermoplastic bushing protecting conductors at the end of ${size.label} threaded conduit.`,
      'EA',
      [22, 30, 48, 70, 95, 140, 290, 390, 690][index]!,
    );
  });
  const cableConnectors: Array<[string, string, string, number, PriceDriver]> = [
    ['NM-CLAMP-038', '3/8" NM Cable Clamp Connector', 'Two-screw clamp connector for NM-B cable in a 1/2 in knockout.', 45, 'steel'],
    ['NM-PUSH-050', '1/2" Push-In NM Cable Connector', 'Tool-free push-in connector for one or two NM-B cables.', 38, 'other'],
    ['NM-CLAMP-075', '3/4" NM Cable Clamp Connector', 'Two-screw clamp connector for NM-B cable in a 3/4 in knockout.', 95, 'steel'],
    ['NM-SNAP-050-25', '1/2" Snap-In NM Connector, Pack of 25', 'Plastic snap-in connector for NM-B cable, 25 per pack.', 890, 'other'],
    ['NM-SNAP-075-10', '3/4" Snap-In NM Connector, Pack of 10', 'Plastic snap-in connector for larger NM-B cable, 10 per pack.', 790, 'other'],
    ['MC-SNAP-038', '3/8" Snap-In MC/AC Cable Connector', 'Zinc snap-in connector for 14/2 through 12/3 MC and AC cable.', 48, 'steel'],
    ['MC-SCREW-038', '3/8" Screw-In MC/AC Cable Connector', 'Zinc screw-in connector with locknut for MC and AC cable.', 62, 'steel'],
    ['MC-SCREW-050', '1/2" MC/AC Cable Connector, Die-Cast', 'Die-cast connector for 10/3 and larger MC and AC cable.', 110, 'steel'],
    ['MC-SCREW-075', '3/4" MC/AC Cable Connector, Die-Cast', 'Die-cast connector for large MC and AC cable.', 240, 'steel'],
    ['CORD-050-A', '1/2" Cord Grip, 0.187"-0.250" Cord Range', 'Nylon strain relief cord grip for portable cord entries.', 290, 'other'],
    ['CORD-050-B', '1/2" Cord Grip, 0.250"-0.375" Cord Range', 'Nylon strain relief cord grip for portable cord entries.', 310, 'other'],
    ['CORD-050-C', '1/2" Cord Grip, 0.375"-0.500" Cord Range', 'Nylon strain relief cord grip for portable cord entries.', 340, 'other'],
    ['CORD-075-A', '3/4" Cord Grip, 0.375"-0.625" Cord Range', 'Nylon strain relief cord grip for larger portable cord entries.', 460, 'other'],
    ['CORD-075-B', '3/4" Cord Grip, 0.500"-0.750" Cord Range', 'Nylon strain relief cord grip for larger portable cord entries.', 490, 'other'],
    ['CORD-100-A', '1" Cord Grip, 0.625"-0.875" Cord Range', 'Nylon strain relief cord grip for heavy portable cord.', 790, 'other'],
  ];
  for (const [code, name, description, cents, driver] of cableConnectors) add(`CONN-${code}`, name, description, 'EA', cents, driver);
  add('TAPE-VNL-BK', '3/4" x 66 ft Vinyl Electrical Tape, Black', 'General purpose 7 mil vinyl electrical tape rated 600 V.', 'RL', 290);
  for (const colour of ['Red', 'White', 'Green', 'Blue', 'Yellow', 'Brown', 'Orange', 'Gray', 'Violet']) {
    add(`TAPE-VNL-${colour.slice(0, 3).toUpperCase()}`, `3/4" x 66 ft Vinyl Electrical Tape, ${colour}`, 'Colour-coding vinyl electrical tape for phase identification.', 'RL', 390);
  }
  add('TAPE-RUBBER', '3/4" x 22 ft Rubber Splicing Tape', 'Self-fusing ethylene propylene rubber tape for splices up to 69 kV.', 'RL', 1190);
  add('TAPE-FRICTION', '3/4" x 60 ft Friction Tape', 'Cotton friction tape protecting rubber splices from abrasion.', 'RL', 590);
  add('TAPE-PREMIUM-BK', '3/4" x 66 ft Premium Vinyl Tape, All-Weather, Black', 'All-weather vinyl tape that stays flexible down to 0°F.', 'RL', 690);
  SMALL_TRADE_SIZES.forEach((size, index) => {
    add(`KO-SEAL-${size.code}`, `${size.label} Knockout Seal, Steel`, `Snap-in steel seal closing an unused ${size.label} knockout.`, 'EA', [35, 45, 65, 95, 130, 190][index]!, 'steel');
  });
  add('STRUT-158-10-PG', '1-5/8" x 10 ft Slotted Strut Channel, Pre-Galvanized', '12 gauge slotted steel strut channel for supporting conduit and equipment.', 'EA', 3290, 'steel');
  add('STRUT-158-10-HDG', '1-5/8" x 10 ft Slotted Strut Channel, Hot-Dip Galvanized', '12 gauge hot-dip galvanized strut for outdoor and damp locations.', 'EA', 5490, 'steel');
  SMALL_TRADE_SIZES.forEach((size, index) => {
    add(`STRUT-STRAP-${size.code}`, `${size.label} Strut Conduit Strap, Two-Piece`, `Two-piece strap clamping ${size.label} conduit to strut channel.`, 'EA', [65, 75, 95, 125, 150, 190][index]!, 'steel');
  });
  add('ROD-038-10', '3/8"-16 x 10 ft Threaded Rod, Zinc', 'Zinc-plated all-thread rod for trapeze hangers and strut supports.', 'EA', 890, 'steel');
  add('ROD-050-10', '1/2"-13 x 10 ft Threaded Rod, Zinc', 'Zinc-plated all-thread rod for heavier hangers.', 'EA', 1590, 'steel');
  add('STRUT-NUT-038', '3/8" Strut Spring Nut', 'Spring nut that locks into strut channel for 3/8 in rod or bolts.', 'EA', 48, 'steel');
  add('STRUT-NUT-050', '1/2" Strut Spring Nut', 'Spring nut that locks into strut channel for 1/2 in rod or bolts.', 'EA', 62, 'steel');
  add('BEAM-CLAMP-038', '3/8" Beam Clamp, Malleable Iron', 'Right-angle beam clamp hanging 3/8 in rod from steel flanges.', 'EA', 290, 'steel');
  add('BEAM-CLAMP-050', '1/2" Beam Clamp, Malleable Iron', 'Right-angle beam clamp hanging 1/2 in rod from steel flanges.', 'EA', 450, 'steel');
  SMALL_TRADE_SIZES.forEach((size, index) => {
    add(`HANGER-${size.code}`, `${size.label} Conduit Hanger with Bolt`, `Steel hanger supporting ${size.label} conduit from threaded rod.`, 'EA', [55, 65, 85, 110, 135, 175][index]!, 'steel');
  });
  add('LUBE-QT', 'Wire Pulling Lubricant, 1 Quart', 'Clear gel lubricant that reduces pulling tension in conduit.', 'EA', 1290);
  add('LUBE-GAL', 'Wire Pulling Lubricant, 1 Gallon', 'Clear gel lubricant for long or heavy conductor pulls.', 'EA', 2890);
  add('DUCT-SEAL-1LB', 'Duct Seal Compound, 1 lb', 'Non-hardening putty that seals conduit ends against moisture and pests.', 'EA', 490);
  add('OXIDE-8OZ', 'Anti-Oxidant Joint Compound, 8 oz', 'Inhibitor for aluminum conductor terminations.', 'EA', 890);
  add('FIRE-CAULK-10', 'Intumescent Firestop Sealant, 10.1 oz', 'Firestop caulk for conduit and cable penetrations of rated walls.', 'EA', 1890);
  add('PULL-STRING-6500', 'Polyester Pull Line, 210 lb, 6,500 ft', 'Measuring pull tape for installing conductors in long conduit runs.', 'RL', 6990);
  add('MARKER-BOOK-09', 'Wire Marker Book, Numbers 0-9', 'Vinyl cloth wire markers for identifying circuits.', 'EA', 790);
  const fuses: Array<[string, string, number]> = [
    ['RK5-250-30', '30 A Time-Delay Cartridge Fuse, 250 V, Class RK5', 690],
    ['RK5-250-60', '60 A Time-Delay Cartridge Fuse, 250 V, Class RK5', 1190],
    ['RK5-250-100', '100 A Time-Delay Cartridge Fuse, 250 V, Class RK5', 2890],
    ['RK5-250-200', '200 A Time-Delay Cartridge Fuse, 250 V, Class RK5', 5990],
    ['RK5-600-30', '30 A Time-Delay Cartridge Fuse, 600 V, Class RK5', 1290],
    ['RK5-600-60', '60 A Time-Delay Cartridge Fuse, 600 V, Class RK5', 2190],
    ['RK5-600-100', '100 A Time-Delay Cartridge Fuse, 600 V, Class RK5', 4990],
    ['RK5-600-200', '200 A Time-Delay Cartridge Fuse, 600 V, Class RK5', 10_900],
  ];
  for (const [code, name, cents] of fuses) add(`FUSE-${code}`, name, 'Dual-element time-delay fuse for motor and transformer circuits.', 'EA', cents);
  add('TERM-RING-100', 'Insulated Ring Terminal Assortment, 22-10 AWG, Box of 100', 'Nylon-insulated copper ring terminals for crimped connections.', 'BX', 1490, 'copper');
  add('TERM-BUTT-100', 'Insulated Butt Splice Assortment, 22-10 AWG, Box of 100', 'Nylon-insulated copper butt splices for crimped connections.', 'BX', 1390, 'copper');
  add('TERM-HEAT-100', 'Heat-Shrink Butt Splice Assortment, 22-10 AWG, Box of 100', 'Adhesive-lined heat-shrink butt splices for damp locations.', 'BX', 2490, 'copper');
}

// ---------------------------------------------------------------------------------------------
// Covers & Devices

function coversAndDevices(builder: Builder): void {
  const add = (sku: string, name: string, description: string, cents: number, unit: SampleUnit = 'EA', driver: PriceDriver = 'other') =>
    builder.add('Covers & Devices', driver, { sku, name, description, unit, cents });
  const colourCodes: Record<string, string> = { White: 'WH', Ivory: 'IV', 'Light Almond': 'LA', Black: 'BK', Gray: 'GY', Brown: 'BR' };
  const colourCode = (colour: string) => colourCodes[colour] ?? colour.slice(0, 2).toUpperCase();

  const devices: Array<[string, string, string, readonly string[], number]> = [
    ['REC-DUP-15-TR', '15 A Duplex Receptacle, Tamper-Resistant, Residential Grade', 'Tamper-resistant 125 V NEMA 5-15R duplex receptacle with side and push-in wiring.', ['White', 'Ivory', 'Light Almond', 'Black', 'Gray'], 110],
    ['REC-DUP-20-TR', '20 A Duplex Receptacle, Tamper-Resistant, Commercial Grade', 'Tamper-resistant 125 V NEMA 5-20R duplex receptacle with back and side wiring.', ['White', 'Ivory', 'Gray', 'Black'], 390],
    ['REC-DEC-15-TR', '15 A Decora Duplex Receptacle, Tamper-Resistant', 'Tamper-resistant decorator-style 125 V NEMA 5-15R duplex receptacle.', ['White', 'Ivory', 'Light Almond', 'Black'], 190],
    ['REC-DEC-20-TR', '20 A Decora Duplex Receptacle, Tamper-Resistant', 'Tamper-resistant decorator-style 125 V NEMA 5-20R duplex receptacle.', ['White', 'Ivory', 'Gray'], 490],
    ['REC-GFCI-15', '15 A GFCI Receptacle, Tamper- and Weather-Resistant, Self-Test', 'Self-testing ground-fault receptacle with wall plate, for kitchens, baths and outdoors.', ['White', 'Ivory', 'Black'], 1690],
    ['REC-GFCI-20', '20 A GFCI Receptacle, Tamper- and Weather-Resistant, Self-Test', 'Self-testing 20 A ground-fault receptacle with wall plate.', ['White', 'Ivory', 'Gray', 'Black'], 2190],
    ['REC-USB-15', '15 A USB Type-A/C Charger Receptacle, Tamper-Resistant', 'Duplex receptacle with one USB-A and one USB-C charging port.', ['White', 'Ivory', 'Black'], 2490],
    ['REC-USB-20', '20 A USB Type-C Charger Receptacle, Tamper-Resistant', '20 A duplex receptacle with two USB-C power delivery ports.', ['White'], 3490],
    ['SW-SP-15', '15 A Single-Pole Toggle Switch, Residential Grade', 'Quiet single-pole 120 V toggle switch with side and push-in wiring.', ['White', 'Ivory', 'Brown', 'Black'], 95],
    ['SW-SP-20', '20 A Single-Pole Toggle Switch, Commercial Grade', 'Commercial grade single-pole toggle switch with back and side wiring.', ['White', 'Ivory', 'Gray'], 390],
    ['SW-3W-15', '15 A 3-Way Toggle Switch, Residential Grade', 'Three-way toggle switch for controlling a light from two locations.', ['White', 'Ivory', 'Brown'], 240],
    ['SW-3W-20', '20 A 3-Way Toggle Switch, Commercial Grade', 'Commercial grade three-way toggle switch.', ['White'], 690],
    ['SW-4W-15', '15 A 4-Way Toggle Switch', 'Four-way toggle switch for lights controlled from three or more locations.', ['White', 'Ivory'], 1090],
    ['SW-DEC-SP-15', '15 A Decora Rocker Switch, Single-Pole', 'Decorator-style single-pole rocker switch.', ['White', 'Ivory', 'Light Almond', 'Black'], 260],
    ['SW-DEC-3W-15', '15 A Decora Rocker Switch, 3-Way', 'Decorator-style three-way rocker switch.', ['White', 'Ivory', 'Black'], 420],
    ['SW-DEC-4W-15', '15 A Decora Rocker Switch, 4-Way', 'Decorator-style four-way rocker switch.', ['White'], 1290],
    ['DIM-LED-DEC', 'LED Dimmer, Decora, Single-Pole/3-Way, 150 W LED', 'Rocker dimmer with preset for dimmable LED and CFL loads.', ['White', 'Ivory', 'Black'], 2190],
    ['DIM-ROT', 'Rotary Dimmer, Single-Pole, 600 W Incandescent', 'Push on/off rotary dimmer for incandescent and halogen loads.', ['White', 'Ivory'], 890],
    ['DIM-SLIDE', 'Slide Dimmer with Switch, Single-Pole/3-Way, LED', 'Slide dimmer with separate on/off switch for LED loads.', ['White', 'Ivory'], 2690],
    ['FAN-CTRL', 'Ceiling Fan Speed Control, 3-Speed, 1.5 A', 'Quiet three-speed rotary control for one ceiling fan.', ['White', 'Ivory'], 2890],
    ['COMBO-SW-REC', 'Combination Single-Pole Switch and 15 A Receptacle', 'Decorator combination device with a switch over a receptacle.', ['White', 'Ivory'], 790],
  ];
  for (const [sku, name, description, colours, cents] of devices) {
    for (const colour of colours) add(`${sku}-${colourCode(colour)}`, `${name}, ${colour}`, description, cents);
  }
  const single: Array<[string, string, string, number]> = [
    ['REC-DUP-15-WR', '15 A Duplex Receptacle, Weather-Resistant, White', 'Weather- and tamper-resistant duplex receptacle for outdoor boxes.', 390],
    ['REC-DUP-20-WR', '20 A Duplex Receptacle, Weather-Resistant, White', 'Weather- and tamper-resistant 20 A duplex receptacle for outdoor boxes.', 590],
    ['REC-DUP-20-HG', '20 A Duplex Receptacle, Hospital Grade, White', 'Hospital grade duplex receptacle with green-dot rating.', 1890],
    ['REC-DUP-20-IG', '20 A Duplex Receptacle, Isolated Ground, Orange', 'Isolated ground duplex receptacle for sensitive equipment circuits.', 1590],
    ['REC-1430', '30 A Dryer Receptacle, NEMA 14-30R, Surface Mount', 'Four-wire 125/250 V dryer receptacle in a surface-mount housing.', 1290],
    ['REC-1450', '50 A Range Receptacle, NEMA 14-50R, Flush Mount', 'Four-wire 125/250 V range and EV charger receptacle.', 1490],
    ['REC-1030', '30 A Dryer Receptacle, NEMA 10-30R, Surface Mount', 'Three-wire dryer receptacle for replacing existing installations.', 990],
    ['REC-1050', '50 A Range Receptacle, NEMA 10-50R, Surface Mount', 'Three-wire range receptacle for replacing existing installations.', 1190],
    ['REC-TT30', '30 A RV Receptacle, NEMA TT-30R', 'Travel trailer receptacle for 30 A RV pedestals and garages.', 1290],
    ['REC-620', '20 A 250 V Single Receptacle, NEMA 6-20R', 'Single receptacle for 240 V air conditioners and tools.', 890],
    ['REC-615', '15 A 250 V Duplex Receptacle, NEMA 6-15R', 'Duplex receptacle for 240 V window air conditioners.', 1190],
    ['REC-L520', '20 A Locking Receptacle, NEMA L5-20R', 'Twist-lock 125 V receptacle for equipment that must not come unplugged.', 2490],
    ['REC-L1430', '30 A Locking Receptacle, NEMA L14-30R', 'Twist-lock 125/250 V receptacle for generator inlets and equipment.', 3290],
    ['SW-SP-15-PILOT', '15 A Single-Pole Pilot Light Switch, Red Light', 'Toggle switch with red pilot light that glows when the load is on.', 1490],
    ['SENSOR-OCC', 'Occupancy Sensor Switch, 180 Degree, Decora, White', 'Passive infrared sensor switch that turns lights on and off automatically.', 2490],
    ['SENSOR-VAC', 'Vacancy Sensor Switch, 180 Degree, Decora, White', 'Manual-on, automatic-off sensor switch meeting energy codes.', 2290],
    ['TIMER-COUNTDOWN', 'Countdown Timer Switch, 5-60 Minutes, White', 'Countdown timer for bath fans and heat lamps.', 2690],
    ['TIMER-DIGITAL', 'Programmable Digital Timer Switch, 7-Day, White', 'In-wall seven-day programmable timer for lights and motors.', 3490],
    ['GFCI-BLANK', 'GFCI Dead Front, 20 A, White', 'Ground-fault protection without receptacle face, for protecting downstream loads.', 2990],
    ['SW-DP-30', '30 A Double-Pole Toggle Switch, Industrial Grade, White', 'Double-pole 240 V switch for water heaters, pumps and motors.', 1890],
    ['REC-SGL-20', '20 A Single Receptacle, NEMA 5-20R, White', 'Commercial grade single receptacle for a dedicated appliance circuit.', 690],
    ['DOORBELL-PUSH', 'Lighted Doorbell Push Button, Decora, White', 'Lighted push button for low-voltage door chimes.', 790],
  ];
  for (const [sku, name, description, cents] of single) add(sku, name, description, cents);

  const plates: Array<[string, string, number]> = [
    ['1G-DUP', '1-Gang Duplex Receptacle Wall Plate', 45],
    ['1G-TOG', '1-Gang Toggle Switch Wall Plate', 45],
    ['1G-DEC', '1-Gang Decora Wall Plate', 55],
    ['1G-BLANK', '1-Gang Blank Wall Plate', 55],
    ['2G-DUP', '2-Gang Duplex Receptacle Wall Plate', 95],
    ['2G-TOG', '2-Gang Toggle Switch Wall Plate', 95],
    ['2G-DEC', '2-Gang Decora Wall Plate', 110],
    ['3G-DEC', '3-Gang Decora Wall Plate', 190],
  ];
  for (const [code, name, cents] of plates) {
    for (const colour of ['White', 'Ivory']) {
      add(`PLATE-NY-${code}-${colourCode(colour)}`, `${name}, Nylon, ${colour}`, 'Unbreakable nylon wall plate, standard size, screws included.', cents);
    }
  }
  for (const [code, name, cents] of [
    ['1G-DUP', '1-Gang Duplex Receptacle Wall Plate, Midway', 75],
    ['1G-TOG', '1-Gang Toggle Switch Wall Plate, Midway', 75],
    ['1G-DEC', '1-Gang Decora Wall Plate, Midway', 85],
    ['3G-TOG', '3-Gang Toggle Switch Wall Plate', 190],
    ['4G-DEC', '4-Gang Decora Wall Plate', 390],
  ] as const) {
    add(`PLATE-NY-${code}${name.includes('Midway') ? '-MID' : ''}-W`, `${name}, Nylon, White`, 'Unbreakable nylon wall plate, screws included.', cents);
  }
  for (const [code, name, cents] of [
    ['1G-DUP', '1-Gang Duplex Receptacle Wall Plate', 190],
    ['1G-TOG', '1-Gang Toggle Switch Wall Plate', 190],
    ['1G-DEC', '1-Gang Decora Wall Plate', 220],
    ['1G-BLANK', '1-Gang Blank Wall Plate', 220],
    ['2G-TOG', '2-Gang Toggle Switch Wall Plate', 390],
    ['2G-DEC', '2-Gang Decora Wall Plate', 440],
    ['3G-DEC', '3-Gang Decora Wall Plate', 690],
  ] as const) {
    add(`PLATE-SS-${code}`, `${name}, Stainless Steel`, 'Type 302 stainless steel wall plate for commercial and kitchen use.', cents, 'EA', 'steel');
  }
  const weatherproof: Array<[string, string, number]> = [
    ['INUSE-1G-V', '1-Gang In-Use Weatherproof Cover, Extra Duty, Vertical', 1290],
    ['INUSE-1G-H', '1-Gang In-Use Weatherproof Cover, Extra Duty, Horizontal', 1290],
    ['INUSE-2G', '2-Gang In-Use Weatherproof Cover, Extra Duty', 2490],
    ['FLIP-1G-DUP', '1-Gang Weatherproof Flip Cover, Duplex, Die-Cast', 590],
    ['FLIP-1G-GFCI', '1-Gang Weatherproof Flip Cover, GFCI/Decora, Die-Cast', 690],
    ['FLIP-2G-GFCI', '2-Gang Weatherproof Flip Cover, GFCI/Decora, Die-Cast', 1190],
    ['BLANK-1G', '1-Gang Weatherproof Blank Cover, Die-Cast', 290],
  ];
  for (const [code, name, cents] of weatherproof) {
    add(`WPC-${code}`, name, 'Weatherproof cover that keeps a wet-location box closed against rain.', cents, 'EA', code.startsWith('INUSE') ? 'other' : 'aluminum');
  }
  const boxCovers: Array<[string, string, number]> = [
    ['4SQ-BLANK', '4" Square Blank Cover, Flat', 85],
    ['4SQ-1DUP', '4" Square Raised Cover, One Duplex Receptacle', 145],
    ['4SQ-2DUP', '4" Square Raised Cover, Two Duplex Receptacles', 165],
    ['4SQ-DEC', '4" Square Raised Cover, One GFCI/Decora Device', 165],
    ['4SQ-TOG', '4" Square Raised Cover, One Toggle Switch', 145],
    ['4SQ-2TOG', '4" Square Raised Cover, Two Toggle Switches', 165],
    ['4SQ-MUD-1G-050', '4" Square Mud Ring, 1-Gang, 1/2" Raised', 110],
    ['4SQ-MUD-1G-058', '4" Square Mud Ring, 1-Gang, 5/8" Raised', 120],
    ['4SQ-MUD-1G-075', '4" Square Mud Ring, 1-Gang, 3/4" Raised', 130],
    ['4SQ-MUD-2G-050', '4" Square Mud Ring, 2-Gang, 1/2" Raised', 130],
    ['OCT-BLANK', '4" Octagon Blank Cover', 75],
    ['HANDY-DUP', 'Handy Box Cover, Duplex Receptacle', 70],
    ['HANDY-TOG', 'Handy Box Cover, Toggle Switch', 70],
    ['HANDY-DEC', 'Handy Box Cover, GFCI/Decora', 80],
    ['HANDY-BLANK', 'Handy Box Cover, Blank', 65],
    ['411-BLANK', '4-11/16" Square Blank Cover, Flat', 165],
    ['411-MUD-2G-050', '4-11/16" Square Mud Ring, 2-Gang, 1/2" Raised', 240],
    ['411-MUD-1G-050', '4-11/16" Square Mud Ring, 1-Gang, 1/2" Raised', 210],
  ];
  for (const [code, name, cents] of boxCovers) add(`CVR-${code}`, name, 'Galvanized steel cover that finishes a metal box for exposed work.', cents, 'EA', 'steel');
}

// ---------------------------------------------------------------------------------------------

/** The base list, in catalog order, with what drives each item's price. */
export function electricalEntries(seed = DEFAULT_SAMPLE_SEED): SampleEntry[] {
  const builder = new Builder(seed);
  conduitFittings(builder);
  wires(builder);
  breakers(builder);
  breakerBoxes(builder);
  junctionBoxes(builder);
  wiringAccessories(builder);
  coversAndDevices(builder);
  return builder.entries;
}

/**
 * Variant `n` (1, 2, ...) of an entry, for lists larger than the base list: the same item from
 * another supplier line, with its own SKU suffix and a slightly different cost.
 */
function variantOf(entry: SampleEntry, n: number, seed: number): SampleEntry {
  const { item } = entry;
  const sku = `${item.sku}-V${n}`;
  const random = seededRandom(hashString(sku) ^ seed);
  const costCents = Math.max(1, Math.round((item.costCents * (10_000 + random.int(-600, 600))) / 10_000));
  return {
    driver: entry.driver,
    item: {
      ...item,
      sku,
      name: `${item.name} (Line ${n + 1})`,
      costCents,
      manufacturerPartNumber: item.manufacturerPartNumber ? `${item.manufacturerPartNumber}-${n + 1}` : null,
      upc: null,
    },
  };
}

/** The base list resized: fewer items picked evenly across it, or more as supplier-line variants. */
export function resizeEntries(base: readonly SampleEntry[], size: number, seed = DEFAULT_SAMPLE_SEED): SampleEntry[] {
  if (!Number.isSafeInteger(size) || size < 0) throw new RangeError(`size must be a non-negative integer, got ${size}`);
  if (size <= base.length) {
    return Array.from({ length: size }, (_, i) => base[Math.floor((i * base.length) / size)]!);
  }
  const result = [...base];
  for (let n = 1; result.length < size; n++) {
    for (const entry of base) {
      if (result.length >= size) break;
      result.push(variantOf(entry, n, seed));
    }
  }
  return result;
}

/**
 * The sample electrical list: 1,000+ realistic items by default, or exactly `size` items (the
 * benchmarks ask for 100,000: every family repeated as supplier lines, SKUs still unique).
 */
export function generateElectricalItems(options: { size?: number; seed?: number } = {}): SampleItem[] {
  const seed = options.seed ?? DEFAULT_SAMPLE_SEED;
  const base = electricalEntries(seed);
  const entries = options.size === undefined ? base : resizeEntries(base, options.size, seed);
  return entries.map((entry) => entry.item);
}
