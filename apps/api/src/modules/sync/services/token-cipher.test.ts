import { randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { openToken, sealToken } from './token-cipher.ts';

const k1 = { id: 'k1', key: randomBytes(32) };
const k2 = { id: 'k2', key: randomBytes(32) };

describe('provider token encryption', () => {
  test('seals with the first key and a fresh IV; opens with the key of the stored id', () => {
    const a = sealToken([k2, k1], 'refresh-token-value', '7:jobber:refresh');
    const b = sealToken([k2, k1], 'refresh-token-value', '7:jobber:refresh');
    expect(a.keyId).toBe('k2');
    expect(a.value).not.toBe(b.value);
    expect(Buffer.from(a.value, 'base64').toString('utf8')).not.toContain('refresh-token-value');
    expect(openToken([k1, k2], a, '7:jobber:refresh')).toBe('refresh-token-value');
  });

  test('an old key still opens its rows after rotation; a missing key, another context or a changed byte does not', () => {
    const old = sealToken([k1], 'access', '1:quickbook:access');
    expect(openToken([k2, k1], old, '1:quickbook:access')).toBe('access');
    expect(() => openToken([k2], old, '1:quickbook:access')).toThrow(/k1 is not configured/);
    expect(() => openToken([k1], old, '2:quickbook:access')).toThrow();
    const bytes = Buffer.from(old.value, 'base64');
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 1, bytes.length - 1);
    expect(() => openToken([k1], { keyId: 'k1', value: bytes.toString('base64') }, '1:quickbook:access')).toThrow();
    expect(() => openToken([{ id: 'k1', key: randomBytes(32) }], old, '1:quickbook:access')).toThrow();
  });
});
