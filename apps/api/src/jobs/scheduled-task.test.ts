import { expect, test } from 'vitest';
import { nextRunAfter } from './scheduled-task.ts';

const at = (iso: string) => new Date(iso);

test('the next run keeps the grid of the first one and skips the periods the cluster missed', () => {
  const due = at('2026-03-01T12:00:00Z');
  expect(nextRunAfter(due, 3600, at('2026-03-01T12:00:00Z'))).toEqual(at('2026-03-01T13:00:00Z'));
  expect(nextRunAfter(due, 3600, at('2026-03-01T12:59:59Z'))).toEqual(at('2026-03-01T13:00:00Z'));
  expect(nextRunAfter(due, 3600, at('2026-03-01T13:00:00Z'))).toEqual(at('2026-03-01T14:00:00Z'));
  expect(nextRunAfter(due, 3600, at('2026-03-03T07:30:00Z'))).toEqual(at('2026-03-03T08:00:00Z'));
  // A clock that went back never schedules into the past of the grid.
  expect(nextRunAfter(due, 3600, at('2026-03-01T11:00:00Z'))).toEqual(at('2026-03-01T13:00:00Z'));
});
