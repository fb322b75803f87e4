import { describe, expect, it } from 'vitest';
import { continueSyncIntent, dashboardIntents, hasIntent, readContinueSync } from './dashboard-intents';

describe('hasIntent', () => {
  it('reads the intent a navigation carried', () => {
    expect(hasIntent(dashboardIntents.revealDownloads, 'revealDownloads')).toBe(true);
    expect(hasIntent(dashboardIntents.downloadAfterSave, 'downloadAfterSave')).toBe(true);
  });

  it('is false for another intent, no state, or a state from elsewhere', () => {
    expect(hasIntent(dashboardIntents.revealDownloads, 'downloadAfterSave')).toBe(false);
    expect(hasIntent(null, 'revealDownloads')).toBe(false);
    expect(hasIntent(undefined, 'revealDownloads')).toBe(false);
    expect(hasIntent('revealDownloads', 'revealDownloads')).toBe(false);
    expect(hasIntent({ revealDownloads: 'yes' }, 'revealDownloads')).toBe(false);
  });
});

describe('readContinueSync', () => {
  it('reads the sync a navigation asks the catalog to continue', () => {
    const sync = { collectionId: 7, categoryId: 'none' as const, provider: 'quickbooks' as const };
    expect(readContinueSync(continueSyncIntent(sync))).toEqual(sync);
    expect(readContinueSync(continueSyncIntent({ ...sync, categoryId: 2, provider: 'jobber' }))).toEqual({ ...sync, categoryId: 2, provider: 'jobber' });
  });

  it('is null for any other state', () => {
    expect(readContinueSync(null)).toBeNull();
    expect(readContinueSync(dashboardIntents.revealDownloads)).toBeNull();
    expect(readContinueSync({ continueSync: { collectionId: 0, categoryId: 'none', provider: 'jobber' } })).toBeNull();
    expect(readContinueSync({ continueSync: { collectionId: 3, categoryId: 1.5, provider: 'jobber' } })).toBeNull();
    expect(readContinueSync({ continueSync: { collectionId: 3, categoryId: 'none', provider: 'quickbook' } })).toBeNull();
  });
});
