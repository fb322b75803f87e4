import { describe, expect, it } from 'vitest';
import { dashboardIntents, hasIntent } from './dashboard-intents';

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
