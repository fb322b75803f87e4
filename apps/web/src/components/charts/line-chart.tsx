import { useState, type KeyboardEvent, type PointerEvent } from 'react';
import { linePath, valueScale, xOf, yOf, type ChartBox } from './chart-geometry';
import chartStyles from './line-chart.module.css';

/** One line: a value per point (null where it has none). */
export interface ChartSeries {
  name: string;
  values: ReadonlyArray<number | null>;
  tone: 'primary' | 'secondary';
}

interface LineChartProps {
  /** What the chart shows: its accessible name and its table's caption. */
  label: string;
  /** The heading of the points' column in the table ("Edition", "Month"). */
  pointHeader: string;
  /** One label per point, oldest first ("Sep 2026"). */
  pointLabels: readonly string[];
  series: readonly ChartSeries[];
  formatValue: (value: number) => string;
}

const box: ChartBox = { width: 320, height: 150, left: 52, right: 14, top: 10, bottom: 24 };

const toneClass = { primary: chartStyles.chartPrimary, secondary: chartStyles.chartSecondary };

/** The point the pointer is nearest to, from its place across the plot. */
function nearestIndex(event: PointerEvent<HTMLDivElement>, count: number): number {
  const rect = event.currentTarget.getBoundingClientRect();
  const x = ((event.clientX - rect.left) / rect.width) * box.width;
  let nearest = 0;
  for (let index = 1; index < count; index += 1) {
    if (Math.abs(xOf(box, index, count) - x) < Math.abs(xOf(box, nearest, count) - x)) nearest = index;
  }
  return nearest;
}

/** The axis: gridlines with their values, and the first, middle and last point's labels. */
function Axes({ ticks, min, max, pointLabels, formatValue }: { ticks: number[]; min: number; max: number; pointLabels: readonly string[]; formatValue: (value: number) => string }) {
  const count = pointLabels.length;
  const labelled = [...new Set([0, count > 2 ? Math.floor((count - 1) / 2) : 0, count - 1])];
  return (
    <g className={chartStyles.chartAxis}>
      {ticks.map((tick) => (
        <g key={tick}>
          <line x1={box.left} x2={box.width - box.right} y1={yOf(box, tick, min, max)} y2={yOf(box, tick, min, max)} />
          <text x={box.left - 6} y={yOf(box, tick, min, max)} textAnchor="end" dominantBaseline="middle">
            {formatValue(tick)}
          </text>
        </g>
      ))}
      {labelled.map((index) => (
        <text key={index} x={xOf(box, index, count)} y={box.height - 6} textAnchor={count === 1 ? 'middle' : index === 0 ? 'start' : index === count - 1 ? 'end' : 'middle'}>
          {pointLabels[index]}
        </text>
      ))}
    </g>
  );
}

/** The chart's figures as a table, for screen readers. */
function ChartTable({ label, pointHeader, pointLabels, series, formatValue }: LineChartProps) {
  // A table does not shrink to 1 px: the hidden box around it does.
  return (
    <div className="visually-hidden">
      <table>
        <caption>{label}</caption>
        <thead>
          <tr>
            <th scope="col">{pointHeader}</th>
            {series.map((line) => (
              <th key={line.name} scope="col">
                {line.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {pointLabels.map((pointLabel, index) => (
            <tr key={pointLabel}>
              <th scope="row">{pointLabel}</th>
              {series.map((line) => (
                <td key={line.name}>{line.values[index] === null || line.values[index] === undefined ? '—' : formatValue(line.values[index])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A small line chart in plain SVG (decision 0045): one or two lines over dated points, the
 * figures of a point on hover, on focus and with the arrow keys, and the same figures as a table
 * for screen readers.
 */
export function LineChart({ label, pointHeader, pointLabels, series, formatValue }: LineChartProps) {
  const [active, setActive] = useState<number | null>(null);
  const count = pointLabels.length;
  const { min, max, ticks } = valueScale(series.flatMap((line) => line.values.filter((value): value is number => value !== null)));
  const at = (value: number | null, index: number) => (value === null ? null : { x: xOf(box, index, count), y: yOf(box, value, min, max) });
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, Home: -count, End: count };
    const move = moves[event.key];
    if (move === undefined) return;
    event.preventDefault();
    setActive(Math.min(count - 1, Math.max(0, (active ?? count - 1) + move)));
  };
  const tipEdge = active === 0 ? chartStyles.chartTipStart : active === count - 1 ? chartStyles.chartTipEnd : undefined;

  return (
    <figure className={chartStyles.chart}>
      <div
        className={chartStyles.chartPlot}
        role="group"
        aria-label={`${label}. Arrow keys show each point's figures.`}
        tabIndex={0}
        onFocus={() => setActive((current) => current ?? count - 1)}
        onBlur={() => setActive(null)}
        onKeyDown={onKeyDown}
        onPointerMove={(event) => setActive(nearestIndex(event, count))}
        onPointerLeave={() => setActive(null)}
      >
        <svg viewBox={`0 0 ${box.width} ${box.height}`} className={chartStyles.chartSvg} aria-hidden="true" focusable="false">
          <Axes ticks={ticks} min={min} max={max} pointLabels={pointLabels} formatValue={formatValue} />
          {active === null ? null : <line className={chartStyles.chartCursor} x1={xOf(box, active, count)} x2={xOf(box, active, count)} y1={box.top} y2={box.height - box.bottom} />}
          {/* The first series is drawn last, on top of the others. */}
          {series.toReversed().map((line) => (
            <g key={line.name} className={toneClass[line.tone]}>
              <path d={linePath(line.values.map(at))} className={chartStyles.chartLine} />
              {line.values.map((value, index) => {
                const point = at(value, index);
                return point ? <circle key={index} cx={point.x} cy={point.y} r={index === active ? 4.5 : 3} className={chartStyles.chartDot} /> : null;
              })}
            </g>
          ))}
        </svg>
        {active === null ? null : (
          <div className={`${chartStyles.chartTip} ${tipEdge ?? ''}`} style={{ left: `${(xOf(box, active, count) / box.width) * 100}%` }} aria-hidden="true">
            <strong>{pointLabels[active]}</strong>
            {series.map((line) => (
              <span key={line.name}>
                {line.name}: {line.values[active] === null || line.values[active] === undefined ? '—' : formatValue(line.values[active])}
              </span>
            ))}
          </div>
        )}
      </div>
      <p className="visually-hidden" aria-live="polite">
        {active === null ? '' : `${pointLabels[active]}: ${series.map((line) => `${line.name} ${line.values[active] === null || line.values[active] === undefined ? 'none' : formatValue(line.values[active])}`).join(', ')}`}
      </p>
      <div className={chartStyles.chartLegend} aria-hidden="true">
        {series.map((line) => (
          <span key={line.name} className={toneClass[line.tone]}>
            <span className={chartStyles.chartSwatch} />
            {line.name}
          </span>
        ))}
      </div>
      <ChartTable label={label} pointHeader={pointHeader} pointLabels={pointLabels} series={series} formatValue={formatValue} />
    </figure>
  );
}
