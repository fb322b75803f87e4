import { describe, expect, test } from 'vitest';
import { basicAuthorization, retryAfterSeconds } from './oauth-client.ts';

describe('provider client helpers', () => {
  test('Retry-After: seconds when given, undefined when absent or unreadable (never "wait 0 s")', () => {
    const withHeader = (value?: string) => new Response(null, { status: 429, headers: value === undefined ? {} : { 'retry-after': value } });
    expect(retryAfterSeconds(withHeader('30'))).toBe(30);
    expect(retryAfterSeconds(withHeader('0'))).toBe(0);
    expect(retryAfterSeconds(withHeader())).toBeUndefined();
    expect(retryAfterSeconds(withHeader(' '))).toBeUndefined();
    expect(retryAfterSeconds(withHeader('soon'))).toBeUndefined();
  });

  test('HTTP Basic client credentials are form-encoded before base64', () => {
    expect(basicAuthorization('id', 'se:cret')).toBe(`Basic ${Buffer.from('id:se%3Acret').toString('base64')}`);
  });
});
