import { afterEach, describe, expect, test, vi } from 'vitest';
import { accessLifetimeSeconds, basicAuthorization, ProviderAccessRefusedError, ProviderError, requestTokens, retryAfterSeconds, sendWithRetries, type RetryPolicy } from './oauth-client.ts';

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

describe('token answers', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const now = Date.parse('2026-11-25T12:00:00Z');
  const jwt = (claims: Record<string, unknown>) => `${Buffer.from('{"alg":"HS256"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;
  const token = jwt({ exp: now / 1000 + 3600 });

  test('the lifetime comes from expires_in, else expires_at (Jobber\'s refresh), else the JWT\'s exp (Jobber\'s code exchange)', () => {
    expect(accessLifetimeSeconds({ expires_in: 3600 }, 'opaque', now)).toBe(3600);
    expect(accessLifetimeSeconds({ expires_in: '1800', expires_at: '2026-11-25 14:00:00 UTC' }, token, now)).toBe(1800);
    expect(accessLifetimeSeconds({ expires_at: '2026-11-25 12:30:00 UTC' }, token, now)).toBe(1800);
    expect(accessLifetimeSeconds({ expires_at: '2026-11-25T12:45:00Z' }, 'opaque', now)).toBe(2700);
    expect(accessLifetimeSeconds({}, token, now)).toBe(3600);
    expect(accessLifetimeSeconds({ expires_at: 'soon' }, token, now)).toBe(3600);
    expect(accessLifetimeSeconds({}, 'opaque', now)).toBeUndefined();
    expect(accessLifetimeSeconds({}, jwt({ exp: now / 1000 - 1 }), now)).toBeUndefined();
    expect(accessLifetimeSeconds({ expires_in: 0 }, token, now)).toBeUndefined();
  });

  test('an answer of only { access_token, refresh_token } (Jobber\'s documented one) is accepted, its lifetime read from the JWT', async () => {
    const access = jwt({ exp: Math.floor(Date.now() / 1000) + 3600 });
    vi.stubGlobal('fetch', async () => Response.json({ access_token: access, refresh_token: 'r-1' }));
    const tokens = await requestTokens({ tokenUrl: 'http://jobber.test/token', clientId: 'c', clientSecret: 's', authentication: 'form', grant: { grant_type: 'refresh_token', refresh_token: 'r-0' } });
    expect(tokens).toMatchObject({ accessToken: access, refreshToken: 'r-1', refreshExpiresIn: undefined });
    expect(tokens.accessExpiresIn).toBeGreaterThan(3590);
    expect(tokens.accessExpiresIn).toBeLessThanOrEqual(3600);
    vi.stubGlobal('fetch', async () => Response.json({ access_token: 'opaque', refresh_token: 'r-1' }));
    await expect(requestTokens({ tokenUrl: 'http://jobber.test/token', clientId: 'c', clientSecret: 's', authentication: 'form', grant: { grant_type: 'refresh_token', refresh_token: 'r-0' } })).rejects.toThrow(ProviderError);
  });
});

describe('sendWithRetries', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A policy whose token source hands out token-1, then token-2 after a 401; it records what happened. */
  function policy(overrides: Partial<RetryPolicy> = {}) {
    const events: string[] = [];
    let refreshes = 0;
    const value: RetryPolicy = {
      provider: 'Provider',
      tokens: {
        current: async () => 'token-1',
        afterUnauthorized: async (rejected) => {
          refreshes += 1;
          events.push(`refresh after ${rejected}`);
          return 'token-2';
        },
      },
      counts: { requests: 0, throttled: 0 },
      throttleWaitSeconds: 60,
      maxThrottledRetries: 2,
      maxServerRetries: 2,
      timeScale: 1,
      beforeAttempt: async () => {
        events.push('paced');
        return () => events.push('released');
      },
      ...overrides,
    };
    return { value, events, refreshes: () => refreshes };
  }

  /** Answers the given statuses in turn, recording the token each request carried. */
  function provider(...answers: Array<number | Response | Error>) {
    const tokens: string[] = [];
    const send = async (token: string) => {
      tokens.push(token);
      const answer = answers.shift();
      if (answer === undefined) throw new Error('no more answers');
      if (answer instanceof Error) throw answer;
      return answer instanceof Response ? answer : new Response(`{"status":${answer}}`, { status: answer });
    };
    return { send, tokens };
  }

  test('a 401 refreshes the token once and repeats the request with the new one; a second 401 is refused at once, never retried', async () => {
    const p = policy();
    const { send, tokens } = provider(401, 401, 200);
    const refused = await sendWithRetries(p.value, send).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ProviderAccessRefusedError);
    expect(refused).toMatchObject({ status: 401, message: expect.stringContaining('Provider refused access (401)') });
    expect(tokens).toEqual(['token-1', 'token-2']);
    expect(p.refreshes()).toBe(1);
    expect(p.events).toEqual(['paced', 'released', 'refresh after token-1', 'paced', 'released']);
    expect(p.value.counts).toEqual({ requests: 2, throttled: 0 });
  });

  test('a 403 (QuickBooks\' AuthorizationFailed for a company the token does not open) is refused at once: no refresh, no retry', async () => {
    const p = policy();
    const fault = { fault: { error: [{ message: 'message=ApplicationAuthorizationFailed; errorCode=003100; statusCode=403', detail: null, code: '3100', element: null }], type: 'SERVICE' } };
    const { send, tokens } = provider(new Response(JSON.stringify(fault), { status: 403 }), 200);
    const refused = await sendWithRetries(p.value, send).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ProviderAccessRefusedError);
    expect(refused).toMatchObject({ status: 403, message: expect.stringContaining('ApplicationAuthorizationFailed') });
    expect(tokens).toEqual(['token-1']);
    expect(p.refreshes()).toBe(0);
  });

  test('a 429 waits for Retry-After (divided by the time scale), or the default wait, and counts the throttle', async () => {
    vi.useFakeTimers();
    const p = policy({ timeScale: 2 });
    const { send } = provider(new Response('<Fault/>', { status: 429, headers: { 'retry-after': '10' } }), new Response(null, { status: 429 }), 200);
    const result = sendWithRetries(p.value, send);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(p.value.counts.requests).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(p.value.counts.requests).toBe(2);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(p.value.counts.requests).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect((await result).status).toBe(200);
    expect(p.value.counts).toEqual({ requests: 3, throttled: 2 });
  });

  test('too many 429s, or 5xx and network failures past the limit, end in a ProviderError', async () => {
    vi.useFakeTimers();
    const throttled = policy({ maxThrottledRetries: 1 });
    const tooMany = sendWithRetries(throttled.value, provider(429, 429).send);
    const tooManyFailure = expect(tooMany).rejects.toThrow(new ProviderError('Provider kept answering that the request limit was reached', 429));
    await vi.runAllTimersAsync();
    await tooManyFailure;

    const failing = policy({ maxServerRetries: 2 });
    const down = sendWithRetries(failing.value, provider(503, new TypeError('fetch failed'), 502).send);
    const downFailure = expect(down).rejects.toThrow('Provider answered 502');
    await vi.runAllTimersAsync();
    await downFailure;
    expect(failing.events.filter((e) => e === 'released')).toHaveLength(3);
  });

  test('a 5xx is retried after a wait, and the answer that follows is returned unread', async () => {
    vi.useFakeTimers();
    const p = policy();
    const result = sendWithRetries(p.value, provider(500, 200).send);
    await vi.advanceTimersByTimeAsync(2_000);
    const response = await result;
    expect(await response.json()).toEqual({ status: 200 });
  });
});
