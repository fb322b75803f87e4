import settingsStyles from './settings.module.css';

/**
 * The QuickBooks and Jobber rows of the Connections tab (product §2.13). Their status and
 * Disconnect come with the sync feature's connection component; until it is part of the app the
 * rows say where the connections are managed. Swap this component for that one.
 */
export function ProviderConnectionRows() {
  return (
    <>
      {(['QuickBooks Online', 'Jobber'] as const).map((provider) => (
        <div key={provider} className={settingsStyles.settingsRow} data-testid={`connection-${provider === 'Jobber' ? 'jobber' : 'quickbooks'}`}>
          <div>
            <p className={settingsStyles.settingsRowTitle}>{provider}</p>
            <p className={settingsStyles.settingsRowText}>Connect and sync from the catalog: use Sync on an edition.</p>
          </div>
        </div>
      ))}
    </>
  );
}
