import { describe, expect, it } from 'vitest';
import { formatMonth, linePath, valueScale, xOf, yOf, type ChartBox } from './chart-geometry';

const box: ChartBox = { width: 100, height: 60, left: 10, right: 10, top: 5, bottom: 15 };

describe('chart geometry', () => {
  it.each([
    ['cents of an item', [1001, 1101, 1211], { min: 1000, max: 1300, ticks: [1000, 1100, 1200, 1300] }],
    ['changes around 0', [-120, 0, 610], { min: -250, max: 750, ticks: [-250, 0, 250, 500, 750] }],
    ['a flat series gets room', [500], { min: 450, max: 550, ticks: [450, 500, 550] }],
    ['nothing to draw', [], { min: 0, max: 1, ticks: [0, 1] }],
  ])('valueScale: %s', (_name, values, expected) => {
    expect(valueScale(values)).toEqual(expected);
  });

  it('places points from left to right and values from bottom to top', () => {
    expect([0, 1, 2].map((index) => xOf(box, index, 3))).toEqual([10, 50, 90]);
    expect(xOf(box, 0, 1)).toBe(50);
    expect(yOf(box, 0, 0, 100)).toBe(45);
    expect(yOf(box, 100, 0, 100)).toBe(5);
  });

  it('lifts the line over a missing value', () => {
    expect(linePath([{ x: 0, y: 1 }, { x: 2, y: 3 }, null, { x: 4, y: 5 }])).toBe('M0.0,1.0L2.0,3.0M4.0,5.0');
  });

  it('names a month', () => {
    expect(formatMonth('2026-06')).toBe('Jun 2026');
    expect(formatMonth('2026-11-01')).toBe('Nov 2026');
    expect(formatMonth('bad')).toBe('bad');
  });
});
