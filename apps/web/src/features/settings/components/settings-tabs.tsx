import type { KeyboardEvent, ReactNode } from 'react';
import settingsStyles from './settings.module.css';

export const settingsTabs = [
  { id: 'general', label: 'General Settings' },
  { id: 'connections', label: 'Connections' },
  { id: 'updates', label: 'Updates' },
  { id: 'security', label: 'Security' },
  { id: 'profile', label: 'Profile' },
] as const;
export type SettingsTabId = (typeof settingsTabs)[number]['id'];

/** The tab a link opens (`/dashboard/settings?tab=connections`, as the emails about syncs link); General otherwise. */
export function settingsTabFrom(value: string | null): SettingsTabId {
  return settingsTabs.find((tab) => tab.id === value)?.id ?? 'general';
}

/** The row of tabs. Keyboard: arrow keys move between tabs (WAI-ARIA tabs pattern). */
export function SettingsTabList({ tab, onSelect }: { tab: SettingsTabId; onSelect: (tab: SettingsTabId) => void }) {
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = settingsTabs.findIndex((t) => t.id === tab);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = settingsTabs[(index + step + settingsTabs.length) % settingsTabs.length]!;
    onSelect(next.id);
    document.getElementById(`settings-tab-${next.id}`)?.focus();
  };
  return (
    <div role="tablist" aria-label="Settings" className={settingsStyles.settingsTabs}>
      {settingsTabs.map((t) => (
        <button
          key={t.id}
          id={`settings-tab-${t.id}`}
          type="button"
          role="tab"
          aria-selected={tab === t.id}
          aria-controls={`settings-panel-${t.id}`}
          tabIndex={tab === t.id ? 0 : -1}
          className={settingsStyles.settingsTab}
          onClick={() => onSelect(t.id)}
          onKeyDown={onTabKey}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}

/** One tab's panel, shown while its tab is selected. */
export function SettingsPanel({ id, selected, children }: { id: SettingsTabId; selected: SettingsTabId; children: ReactNode }) {
  return (
    <div role="tabpanel" id={`settings-panel-${id}`} aria-labelledby={`settings-tab-${id}`} hidden={selected !== id} className={settingsStyles.settingsPanel}>
      {children}
    </div>
  );
}
