import { describe, expect, it } from 'vitest';
import { readCallbackParams } from './callback-params';

describe('the callback query (product §2.12)', () => {
  it('gives QuickBooks its code, state and realmId', () => {
    expect(readCallbackParams('quickbooks', new URLSearchParams('code=AB11c&state=s1&realmId=9341453071836290'))).toEqual({
      ok: true,
      request: { code: 'AB11c', state: 's1', realmId: '9341453071836290' },
    });
  });

  it('gives Jobber its code and state only', () => {
    expect(readCallbackParams('jobber', new URLSearchParams('code=j1&state=s2&realmId=1'))).toEqual({ ok: true, request: { code: 'j1', state: 's2' } });
  });

  it('has no request without a code, and keeps the provider error', () => {
    expect(readCallbackParams('jobber', new URLSearchParams('error=access_denied&state=s2'))).toEqual({ ok: false, providerError: 'access_denied' });
    expect(readCallbackParams('quickbooks', new URLSearchParams('code=%20&state=s'))).toEqual({ ok: false, providerError: null });
  });

  it('reads a return with no parameters at all (Jobber\'s answer to a declined consent) as cancelled', () => {
    expect(readCallbackParams('jobber', new URLSearchParams(''))).toEqual({ ok: false, providerError: null, cancelled: true });
    expect(readCallbackParams('jobber', new URLSearchParams('state=s2'))).toEqual({ ok: false, providerError: null });
  });

  it('leaves a missing state to the server, which refuses it', () => {
    expect(readCallbackParams('jobber', new URLSearchParams('code=j1'))).toEqual({ ok: true, request: { code: 'j1', state: '' } });
  });
});
