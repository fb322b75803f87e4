import { automaticSyncMessages, automaticSyncWords, type SyncProvider } from '@tradelist/contract/sync';
import { useId } from 'react';
import { isApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useSetAutomaticSync } from '../api/connections';
import switchStyles from '../../../components/ui/switch.module.css';
import connectionStyles from './connection.module.css';

/**
 * product §10.22 in Settings → Connections: the switch that keeps a connection's prices current
 * each month, and the line that says what it will and will not do. The server's status is the
 * switch's position; each change is confirmed by a toast (product §8.10).
 */
export function AutomaticSyncSwitch({ provider, on }: { provider: SyncProvider; on: boolean }) {
  const hintId = useId();
  const messages = automaticSyncMessages(provider);
  const change = useSetAutomaticSync(provider, {
    onSuccess: (status) => notify.success(status.automatic_sync ? messages.turnedOn : messages.turnedOff, { form: `automatic-sync-${provider}` }),
    onError: (error) => notify.error(isApiError(error) ? error.message : messages.failed, { form: `automatic-sync-${provider}` }),
  });
  const checked = change.isPending && change.variables !== undefined ? change.variables : on;
  return (
    <div className={connectionStyles.automatic}>
      <label className={connectionStyles.automaticLabel}>
        <input
          type="checkbox"
          role="switch"
          className={switchStyles.switch}
          checked={checked}
          disabled={change.isPending}
          aria-describedby={hintId}
          onChange={(event) => change.mutate(event.currentTarget.checked)}
        />
        <span className={connectionStyles.automaticTitle}>{automaticSyncWords.label}</span>
      </label>
      <p className={connectionStyles.automaticHint} id={hintId}>
        {automaticSyncWords.explanation}
      </p>
    </div>
  );
}
