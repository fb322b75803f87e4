import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { dashboardIntents } from '../../../lib/dashboard-intents';
import type { CatalogSync } from '../hooks/use-catalog-sync';
import { SoftwareSelectDialog } from './software-select-dialog';
import { SyncConfirmDialog } from './sync-confirm-dialog';

/** The catalog's two sync dialogs (product §2.7), driven by `useCatalogSync`. */
export function CatalogSyncDialogs({ sync }: { sync: CatalogSync }) {
  const navigate = useNavigate();
  return (
    <>
      <SoftwareSelectDialog
        collectionName={sync.selectTarget?.collection.name ?? null}
        signingIn={sync.signingIn}
        onSignIn={sync.signIn}
        onClose={sync.closeSelect}
      />
      <SyncConfirmDialog
        collectionName={sync.confirmTarget?.collection.name ?? null}
        connections={sync.connections}
        onClose={sync.closeConfirm}
        onCancel={() => {
          sync.closeConfirm();
          // The markups saved, the screen comes back to the catalog.
          void navigate(paths.dashboardUserfactor, { state: dashboardIntents.downloadAfterSave });
        }}
        onConfirm={(provider) => {
          const target = sync.confirmTarget;
          if (target) sync.start(target, provider);
        }}
      />
    </>
  );
}
