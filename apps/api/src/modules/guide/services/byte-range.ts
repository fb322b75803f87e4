/**
 * Reads a `Range: bytes=...` header (RFC 9110 §14.2) for a body of `size` bytes: one range
 * (`a-b`, `a-` or the suffix `-n`), clamped to the body. Several ranges, another unit or a
 * malformed header are ignored (the whole body is sent, as the RFC allows); a range that starts
 * past the end is unsatisfiable (416).
 */
export function byteRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const match = header?.trim().match(/^bytes=(\d*)-(\d*)$/);
  if (!match || (match[1] === '' && match[2] === '')) return null;
  const [, first = '', last = ''] = match;
  if (first === '') {
    const length = Number(last);
    if (length === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return null;
  return { start, end };
}
