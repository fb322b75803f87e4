import { describe, expect, test } from 'vitest';
import { multirangeOf } from './preview-views.ts';

describe('multirangeOf', () => {
  test.each([
    [[], '{}'],
    [[7], '{[7,8)}'],
    [[3, 4, 5, 6], '{[3,7)}'],
    [[9, 3, 4, 4, 12, 10], '{[3,5),[9,11),[12,13)}'],
  ])('%j is %s', (ids, text) => {
    expect(multirangeOf(ids)).toBe(text);
  });
});
