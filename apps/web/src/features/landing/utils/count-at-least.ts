/**
 * A group's count as the /electrical table shows it (product §2.2, "300+"): rounded down to a
 * multiple of 25 under 200, of 50 under 1,000 and of 100 above, so it stays true as the list grows.
 */
export function countAtLeast(count: number): string {
  if (count < 25) return String(count);
  const step = count < 200 ? 25 : count < 1000 ? 50 : 100;
  return `${(Math.floor(count / step) * step).toLocaleString('en-US')}+`;
}
