import type { SyncProvider } from '@tradelist/contract/sync';
import { useId } from 'react';
import { Link } from 'react-router';
import { buildPath, paths } from '../../../config/paths';
import { cx } from '../../../lib/cx';
import { notify } from '../../../lib/notify';
import { useConnectionStatus, useConnectProvider, useDisconnectProvider } from '../api/connections';
import { formatSyncTime } from '../utils/sync-run';
import { AutomaticSyncSwitch } from './automatic-sync-switch';
import { forgetSyncAfterConnect } from '../utils/sync-after-connect';
import { disconnectedMessage, disconnectFailedMessage, providerName } from '../utils/messages';
import buttonStyles from '../../../components/ui/button.module.css';
import connectionStyles from './connection.module.css';

/**
 * product §2.13 Connections: one provider shown as connected or disconnected, as the server says,
 * with the QuickBooks company or Jobber account it opens, the switch that keeps its prices current
 * each month (product §10.22), and Disconnect (product §8.10's messages) or Connect.
 */
export function ConnectionStatusCard({ provider }: { provider: SyncProvider }) {
  const headingId = useId();
  const status = useConnectionStatus(provider);
  const connect = useConnectProvider({ onError: (error) => notify.error(error.message) });
  const disconnect = useDisconnectProvider(provider, {
    onSuccess: () => notify.success(disconnectedMessage(provider), { form: `disconnect-${provider}` }),
    onError: () => notify.error(disconnectFailedMessage(provider), { form: `disconnect-${provider}` }),
  });
  const name = providerName(provider);
  const connected = status.data?.connected === true;

  return (
    <section className={connectionStyles.connection} aria-labelledby={headingId}>
      <h3 className={connectionStyles.connectionName} id={headingId}>
        {name}
      </h3>
      {status.isPending ? (
        <p className={connectionStyles.connectionState} role="status">
          Checking the connection…
        </p>
      ) : status.isError ? (
        <p className={connectionStyles.connectionState} role="alert">
          The connection could not be checked.{' '}
          <button type="button" className={buttonStyles.linkButton} onClick={() => void status.refetch()}>
            Try again
          </button>
        </p>
      ) : (
        <>
          <p className={cx(connectionStyles.connectionState, connected && connectionStyles.isConnected)}>
            {connected ? 'Connected' : 'Not connected'}
          </p>
          {connected && (status.data.company_name || status.data.company_id) ? (
            <p className={connectionStyles.connectionDetail}>
              {provider === 'jobber' ? 'Account' : 'Company'}: {status.data.company_name ?? status.data.company_id}
            </p>
          ) : null}
          {connected && status.data.connected_at ? (
            <p className={connectionStyles.connectionDetail}>Since {formatSyncTime(status.data.connected_at)}</p>
          ) : null}
          {connected ? <AutomaticSyncSwitch provider={provider} on={status.data.automatic_sync} /> : null}
          {connected ? (
            <p className={connectionStyles.connectionDetail}>
              <Link to={buildPath(paths.dashboardSyncHistory, { provider })}>Sync history</Link>
            </p>
          ) : null}
          {connected ? (
            <button
              type="button"
              className={cx(buttonStyles.button, buttonStyles.buttonOutline, connectionStyles.connectionAction)}
              aria-describedby={headingId}
              aria-disabled={disconnect.isPending || undefined}
              onClick={() => {
                if (!disconnect.isPending) disconnect.mutate();
              }}
            >
              {disconnect.isPending ? 'Disconnecting…' : 'Disconnect'}
            </button>
          ) : (
            <button
              type="button"
              className={cx(buttonStyles.button, buttonStyles.buttonPrimary, connectionStyles.connectionAction)}
              aria-describedby={headingId}
              aria-disabled={connect.isPending || connect.isSuccess || undefined}
              onClick={() => {
                if (connect.isPending || connect.isSuccess) return;
                forgetSyncAfterConnect();
                connect.mutate(provider);
              }}
            >
              {connect.isPending || connect.isSuccess ? 'Opening sign-in…' : `Connect ${name}`}
            </button>
          )}
        </>
      )}
    </section>
  );
}

/** Both connections side by side (stacked on phones). */
export function ConnectionsPanel() {
  return (
    <div className={connectionStyles.connections}>
      <ConnectionStatusCard provider="quickbooks" />
      <ConnectionStatusCard provider="jobber" />
    </div>
  );
}
