import { expect, test } from 'vitest';
import { XSRF_HEADER_NAME, xsrfCookieName } from './public-config.ts';

test('the XSRF cookie is __Host- prefixed over https; the header name is the same on both', () => {
  expect(xsrfCookieName(false)).toBe('XSRF-TOKEN');
  expect(xsrfCookieName(true)).toBe('__Host-XSRF-TOKEN');
  expect(XSRF_HEADER_NAME).toBe('X-XSRF-TOKEN');
});
