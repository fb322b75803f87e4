/** Byte copies for filling a file from its template (file-template.ts), faster than native calls for short pieces. */

/** Pieces longer than this are copied by one native call; shorter ones byte by byte, which is faster. */
const SHORT_PIECE = 64;

/** Copies `source[from, to)` into `target` at `at`; returns where the copy ends. */
export function put(target: Buffer, at: number, source: Uint8Array, from: number, to: number): number {
  if (to - from > SHORT_PIECE) {
    target.set(source.subarray(from, to), at);
    return at + to - from;
  }
  let end = at;
  for (let i = from; i < to; i += 1) target[end++] = source[i]!;
  return end;
}

/** How many decimal digits `value` (a positive integer) has. */
export function digitCount(value: number): number {
  let digits = 1;
  for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits += 1;
  return digits;
}

/** Writes `value`'s decimal digits into `target` at `at`, `digits` of them; returns where they end. */
export function putDigits(target: Buffer, at: number, value: number, digits: number): number {
  let rest = value;
  for (let i = at + digits - 1; i >= at; i -= 1) {
    target[i] = 0x30 + (rest % 10);
    rest = Math.floor(rest / 10);
  }
  return at + digits;
}
