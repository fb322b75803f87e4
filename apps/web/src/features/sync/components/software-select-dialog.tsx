import { syncProviders, type SyncProvider } from '@tradelist/contract/sync';
import { useId } from 'react';
import { Modal } from '../../../components/ui/modal';
import { cx } from '../../../lib/cx';
import { providerName } from '../utils/messages';
import buttonStyles from '../../../components/ui/button.module.css';
import syncDialogStyles from './sync-dialog.module.css';

/** What each service receives, in a line. */
export const softwareHints: Record<SyncProvider, string> = {
  quickbooks: 'Products and services in your QuickBooks Online company, priced with your markups before sales tax.',
  jobber: 'Products and services in your Jobber account, with your marked-up price as the unit price.',
};

interface SoftwareSelectDialogProps {
  /** The collection the user wants to sync, or null when the dialog is closed. */
  collectionName: string | null;
  /** The provider whose sign-in page is being opened, if any. */
  signingIn: SyncProvider | null;
  onSignIn: (provider: SyncProvider) => void;
  onClose: () => void;
}

/**
 * product §2.7: the software-selection modal. 'Sign in to Sync' opens it; the user picks QuickBooks
 * Online or Jobber and is sent to sign in there first, then comes back to sync.
 */
export function SoftwareSelectDialog({ collectionName, signingIn, onSignIn, onClose }: SoftwareSelectDialogProps) {
  const explanationId = useId();
  return (
    <Modal open={collectionName !== null} title="Sign in to Sync" onClose={onClose} descriptionId={explanationId}>
      <div className={syncDialogStyles.syncDialog}>
        {collectionName ? <p className={syncDialogStyles.syncDialogCollection}>{collectionName}</p> : null}
        <div className={syncDialogStyles.syncDialogIntro} id={explanationId}>
          <p className={syncDialogStyles.syncDialogQuestion}>Which software should this price list go to?</p>
          <p className={syncDialogStyles.syncDialogNote}>
            You must first sign in to that software and allow Tradelist to add your products; you then come back here to sync.
          </p>
        </div>
        <ul className={syncDialogStyles.softwareList}>
          {syncProviders.map((provider) => (
            <li key={provider} className={syncDialogStyles.software}>
              <span>
                <span className={syncDialogStyles.softwareName}>{providerName(provider)}</span>
                <span className={syncDialogStyles.softwareHint}>{softwareHints[provider]}</span>
              </span>
              <button
                type="button"
                className={cx(buttonStyles.button, buttonStyles.buttonPrimary)}
                aria-disabled={signingIn !== null || undefined}
                onClick={() => {
                  if (signingIn === null) onSignIn(provider);
                }}
              >
                {signingIn === provider ? 'Opening sign-in…' : `Sign in to ${providerName(provider)}`}
              </button>
            </li>
          ))}
        </ul>
        <p className={syncDialogStyles.syncDialogNote}>
          Tradelist never sees your password; the connection can be removed at any time in Settings.
        </p>
      </div>
    </Modal>
  );
}
