import { describe, expect, test } from 'vitest';
import { countAtLeast } from './count-at-least';

describe('group counts on /electrical', () => {
  test('read as product §2.2 shows them', () => {
    expect([327, 209, 110, 61, 81, 156, 130].map(countAtLeast)).toEqual(['300+', '200+', '100+', '50+', '75+', '150+', '125+']);
    expect(countAtLeast(1234)).toBe('1,200+');
    expect(countAtLeast(7)).toBe('7');
  });
});
