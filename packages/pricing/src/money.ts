/**
 * Money and percentages as integers: amounts are integer cents, percentages
 * are basis points (1 % = 100 bp). Every function here is pure and runs in the browser too.
 * Floats appear only at the edge, where a user's percent is read in (`percentToBasisPoints`).
 * The one way to write money is `formatUsd` (for people) or `centsToDecimal` (for files and
 * payloads); the one way to read it is `parseDollars`. None of them divides a float.
 */

/** An amount of money in integer cents. */
export type Cents = number;
/** A percentage in integer basis points: 12.5 % = 1250 bp. */
export type BasisPoints = number;

const BASIS_POINTS_PER_UNIT = 10_000;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** Throws unless `value` is a safe integer (cents and basis points are never fractional). */
export function requireSafeInteger(value: number, what: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be a safe integer, got ${value}`);
}

/** Throws unless `value` is a safe integer of 0 or more. */
export function requireNonNegativeInteger(value: number, what: string): void {
  requireSafeInteger(value, what);
  if (value < 0) throw new RangeError(`${what} must not be negative, got ${value}`);
}

/**
 * `value` × 10^places rounded half-up, read from the shortest decimal that prints as `value`
 * (so 1.005 gives 101 at 2 places, where `Math.round(1.005 * 100)` gives 100). `value` ≥ 0.
 */
function shiftDecimalHalfUp(value: number, places: number): number {
  const match = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(value));
  if (!match) throw new RangeError(`Not a non-negative decimal: ${value}`);
  const digits = match[1]! + (match[2] ?? '');
  const point = match[1]!.length + Number(match[3] ?? 0) + places;
  let whole: string;
  if (point <= 0) whole = '0';
  else if (point >= digits.length) whole = digits + '0'.repeat(point - digits.length);
  else whole = digits.slice(0, point);
  const firstDropped = point < 0 ? 0 : Number(digits[point] ?? '0');
  return Number(whole) + (firstDropped >= 5 ? 1 : 0);
}

/** 12.5 → 1250. Rounds half-up at two decimals of percent; a negative, NaN or infinite percent throws a RangeError. */
export function percentToBasisPoints(percent: number): BasisPoints {
  if (!Number.isFinite(percent) || percent < 0) throw new RangeError(`A percent must be a finite number of 0 or more, got ${percent}`);
  const basisPoints = shiftDecimalHalfUp(percent, 2);
  requireSafeInteger(basisPoints, 'Basis points');
  return basisPoints;
}

/** 1250 → 12.5 (the double nearest the exact decimal, so it prints as "12.5"). */
export function basisPointsToPercent(basisPoints: BasisPoints): number {
  requireSafeInteger(basisPoints, 'Basis points');
  return basisPoints / 100;
}

/** Splits |value| into whole units and the remainder, with integer arithmetic only. */
function splitHundredths(value: number): { sign: string; whole: number; hundredths: number } {
  const magnitude = Math.abs(value);
  const hundredths = magnitude % 100;
  return { sign: value < 0 ? '-' : '', whole: (magnitude - hundredths) / 100, hundredths };
}

/**
 * 1234 → "12.34", 5 → "0.05", -1234 → "-12.34": a plain decimal with exactly two places, as
 * files, structured data and provider payloads carry amounts.
 */
export function centsToDecimal(cents: Cents): string {
  return formatUsd(cents, { symbol: false, grouping: false });
}

/** How `formatUsd` writes an amount; each option names a variant the product shows. */
export interface UsdFormat {
  /** Start with "$" (default true): "$1,234.50", or "1,234.50" when a currency code follows. */
  symbol?: boolean;
  /** Group thousands with commas (default true): "$1,234.50", or "$1234.50" as the console and CLI write it. */
  grouping?: boolean;
  /** Leave out ".00" on whole dollars, as plan prices are advertised (default false): "$35", "$35.50". */
  wholeDollars?: boolean;
}

/** Commas between groups of three digits: "1234567" → "1,234,567". */
function groupThousands(digits: string): string {
  const head = digits.length % 3 || 3;
  let text = digits.slice(0, head);
  for (let at = head; at < digits.length; at += 3) text += `,${digits.slice(at, at + 3)}`;
  return text;
}

/**
 * 123456 → "$1,234.56", -5 → "-$0.05": an amount of US dollars for people to read, written from
 * integer cents with integer arithmetic only (see `UsdFormat` for the variants).
 */
export function formatUsd(cents: Cents, format: UsdFormat = {}): string {
  requireSafeInteger(cents, 'Cents');
  const { sign, whole, hundredths } = splitHundredths(cents);
  const dollars = format.grouping === false ? String(whole) : groupThousands(String(whole));
  const fraction = format.wholeDollars && hundredths === 0 ? '' : `.${hundredths < 10 ? '0' : ''}${hundredths}`;
  return `${sign}${format.symbol === false ? '' : '$'}${dollars}${fraction}`;
}

/** 1250 → "12.5", 1234 → "12.34", 5 → "0.05", 0 → "0": a plain decimal percent without trailing zeros. */
export function formatPercent(basisPoints: BasisPoints): string {
  requireSafeInteger(basisPoints, 'Basis points');
  const { sign, whole, hundredths } = splitHundredths(basisPoints);
  if (hundredths === 0) return `${sign}${whole}`;
  if (hundredths % 10 === 0) return `${sign}${whole}.${hundredths / 10}`;
  return `${sign}${whole}.${hundredths < 10 ? '0' : ''}${hundredths}`;
}

/**
 * 1000 → "+10.0%", -235 → "-2.4%", 4 → "0.0%": a change in basis points as the product shows a
 * price's move, to a tenth of a percent rounded half away from zero, with integer arithmetic only.
 */
export function formatPercentChange(basisPoints: BasisPoints): string {
  requireSafeInteger(basisPoints, 'Basis points');
  const tenths = Math.floor((Math.abs(basisPoints) + 5) / 10);
  const sign = tenths === 0 ? '' : basisPoints < 0 ? '-' : '+';
  return `${sign}${Math.floor(tenths / 10)}.${tenths % 10}%`;
}

const DOLLARS = /^\$?(\d{1,3}(?:,\d{3})+|\d*)(?:\.(\d{1,2}))?$/;
const PLAIN_DOLLARS = /^(\d*)(?:\.(\d{1,2}))?$/;

/** What `parseDollars` accepts besides digits and up to two decimals. */
export interface DollarsInput {
  /** Refuse a "$" and thousands separators: plain "1234.50", as a form asks for (default false). */
  plain?: boolean;
}

/**
 * Reads a dollar amount as typed or found in a supplier file: "12", "12.3", "12.34",
 * "$1,234.50", " 7.00 ", ".99". Returns null for negatives, more than two decimals,
 * misplaced thousands separators, amounts beyond a safe integer of cents, or anything else;
 * with `plain` also for any "$" or comma.
 */
export function parseDollars(text: string, input: DollarsInput = {}): Cents | null {
  const match = (input.plain ? PLAIN_DOLLARS : DOLLARS).exec(text.trim());
  if (!match) return null;
  const whole = match[1]!.replaceAll(',', '');
  const fraction = match[2] ?? '';
  if (whole === '' && fraction === '') return null;
  const cents = Number(`${whole}${fraction.padEnd(2, '0')}`);
  return Number.isSafeInteger(cents) ? cents : null;
}

/**
 * cents × (10000 + bp) / 10000, rounded half-up to the cent with integer arithmetic only
 * (exact Number arithmetic while the product is a safe integer, BigInt beyond). Both
 * arguments must be non-negative safe integers; a result beyond a safe integer throws.
 */
export function applyBasisPoints(cents: Cents, basisPoints: BasisPoints): Cents {
  requireNonNegativeInteger(cents, 'Cents');
  requireNonNegativeInteger(basisPoints, 'Basis points');
  const factor = BASIS_POINTS_PER_UNIT + basisPoints;
  const product = cents * factor;
  if (Number.isSafeInteger(product)) {
    const remainder = product % BASIS_POINTS_PER_UNIT;
    const quotient = (product - remainder) / BASIS_POINTS_PER_UNIT;
    return remainder * 2 >= BASIS_POINTS_PER_UNIT ? quotient + 1 : quotient;
  }
  const exact = BigInt(cents) * BigInt(factor);
  const unit = BigInt(BASIS_POINTS_PER_UNIT);
  const rounded = exact / unit + (((exact % unit) * 2n >= unit) ? 1n : 0n);
  if (rounded > MAX_SAFE) throw new RangeError(`The amount ${cents} × ${factor}/10000 is beyond a safe integer of cents`);
  return Number(rounded);
}
