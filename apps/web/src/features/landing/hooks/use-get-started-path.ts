import { storageKeys } from '@tradelist/contract/local-storage';
import { paths } from '../../../config/paths';
import { useStoredValue } from '../../../lib/stored-value';

/** product §2: 'Get started' leads to the subscriptions screen when an email is stored, else to sign-up. */
export function getStartedPath(storedEmail: string | null): string {
  return storedEmail ? paths.dashboardSubscriptions : paths.register;
}

/** Where 'Get started' goes for the current visitor. */
export function useGetStartedPath(): string {
  return getStartedPath(useStoredValue(storageKeys.email));
}
