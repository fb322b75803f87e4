import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
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
          void navigate(paths.dashboardUserfactor);
        }}
        onConfirm={(provider) => {
          const target = sync.confirmTarget;
          if (target) sync.start(target, provider);
        }}
      />
    </>
  );
}
