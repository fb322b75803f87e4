import { storageKeys } from '@tradelist/contract/local-storage';
import { useEffect } from 'react';
import type { DashboardSection } from '../../../lib/session-storage';
import { setStoredValue } from '../../../lib/stored-session';

/** product §2: the shown dashboard section is remembered locally as `activeSection`. */
export function useRememberSection(section: DashboardSection): void {
  useEffect(() => {
    setStoredValue(storageKeys.activeSection, section);
  }, [section]);
}
