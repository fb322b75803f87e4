import { describe, expect, it } from 'vitest';
import { biggestMover, sinceFirstMonth } from './price-index-summary';

const point = (month: string, cumulative: number) => ({ month, change_bp: null, items_compared: 0, cumulative_bp: cumulative });

describe('price index summary', () => {
  it("says a series' change since its first month", () => {
    expect(sinceFirstMonth('Wires', [point('2026-06', 0), point('2026-07', 300), point('2026-08', 610)])).toBe('Wires +6.1% since Jun 2026');
    expect(sinceFirstMonth('Boxes', [point('2026-06', 0), point('2026-07', -45)])).toBe('Boxes -0.5% since Jun 2026');
    expect(sinceFirstMonth('Empty', [])).toBe('Empty');
  });

  it('names the group that went furthest at any month, up or down, and none when nothing moved', () => {
    const groups = [
      { group: 'Boxes', points: [point('2026-09', 0), point('2026-10', 120), point('2026-11', 120)] },
      { group: 'Wires', points: [point('2026-09', 0), point('2026-10', 530), point('2026-11', -45)] },
      { group: 'Breakers', points: [point('2026-09', 0), point('2026-10', -300), point('2026-11', -300)] },
    ];
    expect(biggestMover(groups)?.group).toBe('Wires');
    expect(biggestMover([{ group: 'Flat', points: [point('2026-09', 0), point('2026-10', 0)] }])).toBeNull();
  });
});
