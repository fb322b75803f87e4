import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { LINK_LIFETIME_SECONDS, decodeUid, encodeUid } from './user-links.ts';

describe('encodeUid and decodeUid', () => {
  test('base64url of the decimal id, as Django spells it', () => {
    expect(encodeUid(1)).toBe('MQ');
    expect(encodeUid(42)).toBe('NDI');
    expect(decodeUid('MQ')).toBe(1);
  });

  test('round trip for every positive int4 id', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2_147_483_647 }), (id) => {
        expect(decodeUid(encodeUid(id))).toBe(id);
      }),
    );
    expect(decodeUid(encodeUid(2_147_483_647))).toBe(2_147_483_647);
  });

  test.each([
    ['empty', ''],
    ['overflow (Django test)', 'zzzzzzzzzzzzz'],
    ['beyond int4', encodeUid(2_147_483_648)],
    ['eleven digits', Buffer.from('12345678901').toString('base64url')],
    ['zero', Buffer.from('0').toString('base64url')],
    ['leading zero', Buffer.from('012').toString('base64url')],
    ['negative', Buffer.from('-5').toString('base64url')],
    ['not a number', Buffer.from('abc').toString('base64url')],
    ['padding', 'MQ=='],
    ['standard base64 alphabet', 'a+b/'],
    ['html', '<script>'],
    ['too long', 'M'.repeat(17)],
    ['whitespace', ' MQ'],
  ])('%s is rejected', (_name, uid) => {
    expect(decodeUid(uid)).toBeNull();
  });

  test('never throws, whatever the input', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (uid) => {
        const id = decodeUid(uid);
        expect(id === null || (Number.isInteger(id) && id >= 1 && id <= 2_147_483_647)).toBe(true);
      }),
    );
  });
});

test('links live 3 days (activation, a new email) and 1 hour (reset)', () => {
  expect(LINK_LIFETIME_SECONDS).toEqual({ activate: 259_200, reset: 3_600, confirm_email: 259_200 });
});
