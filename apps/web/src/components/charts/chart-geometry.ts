/**
 * Where the line chart draws: values to coordinates, and a few round gridline values. Pure, so
 * the chart's arithmetic is tested without a browser.
 */

/** The drawing box of the chart's viewBox, in its units. */
export interface ChartBox {
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** The 1, 2, 2.5 or 5 × 10ⁿ step that cuts `span` into about `count` parts. */
function niceStep(span: number, count: number): number {
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= raw);
  return step ?? 10 * power;
}

/**
 * The range the values are drawn in (from gridline to gridline) and the gridlines' values. A flat
 * series gets some room above and below; integers stay integers.
 */
export function valueScale(values: readonly number[], gridlines = 3): { min: number; max: number; ticks: number[] } {
  if (values.length === 0) return { min: 0, max: 1, ticks: [0, 1] };
  let low = Math.min(...values);
  let high = Math.max(...values);
  if (low === high) {
    const room = Math.max(1, Math.abs(low) / 10);
    [low, high] = [low - room, high + room];
  }
  const step = Math.max(1, niceStep(high - low, gridlines));
  const min = Math.floor(low / step) * step;
  const max = Math.ceil(high / step) * step;
  const ticks: number[] = [];
  for (let tick = min; tick <= max + step / 2; tick += step) ticks.push(Math.round(tick));
  return { min, max, ticks };
}

/** The x of the point `index` of `count`, spread evenly across the box (one point sits in the middle). */
export function xOf(box: ChartBox, index: number, count: number): number {
  const span = box.width - box.left - box.right;
  return count <= 1 ? box.left + span / 2 : box.left + (span * index) / (count - 1);
}

/** The y of `value` between `min` (bottom) and `max` (top). */
export function yOf(box: ChartBox, value: number, min: number, max: number): number {
  const span = box.height - box.top - box.bottom;
  return box.top + span - ((value - min) / (max - min)) * span;
}

/** The SVG path through the points, lifted where a value is missing. */
export function linePath(points: ReadonlyArray<{ x: number; y: number } | null>): string {
  let path = '';
  let drawing = false;
  for (const point of points) {
    if (!point) {
      drawing = false;
      continue;
    }
    path += `${drawing ? 'L' : 'M'}${point.x.toFixed(1)},${point.y.toFixed(1)}`;
    drawing = true;
  }
  return path;
}

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2026-06" or "2026-06-01" → "Jun 2026": the month of an edition, the same in every time zone. */
export function formatMonth(isoMonthOrDate: string): string {
  const [year, month] = isoMonthOrDate.split('-').map(Number);
  const name = month ? monthNames[month - 1] : undefined;
  return year && name ? `${name} ${year}` : isoMonthOrDate;
}
