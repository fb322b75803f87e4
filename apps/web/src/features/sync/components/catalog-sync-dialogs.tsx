import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { dashboardIntents } from '../../../lib/dashboard-intents';
import type { CatalogSync } from '../hooks/use-catalog-sync';
import { SoftwareSelectDialog } from './software-select-dialog';
import { SyncConfirmDialog, type ProfileField } from './sync-confirm-dialog';

/**
 * The catalog's two sync dialogs (product §2.7), driven by `useCatalogSync`. `profileField` is
 * where the choice of a pricing profile goes in the Sync-up question.
 */
export function CatalogSyncDialogs({ sync, profileField }: { sync: CatalogSync; profileField?: ProfileField }) {
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
        initialProvider={sync.confirmProvider}
        connecting={sync.signingIn}
        onConnect={sync.signIn}
        onClose={sync.closeConfirm}
        onCancel={() => {
          sync.closeConfirm();
          // The markups saved, the screen comes back to the catalog.
          void navigate(paths.dashboardUserfactor, { state: dashboardIntents.downloadAfterSave });
        }}
        onConfirm={(choice) => {
          const target = sync.confirmTarget;
          if (target) sync.start(target, choice);
        }}
        profileField={profileField}
      />
    </>
  );
}
