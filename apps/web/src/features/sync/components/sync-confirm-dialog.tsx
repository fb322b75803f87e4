import { syncProviders, type SyncProvider } from '@tradelist/contract/sync';
import { useId, useState, type ReactNode } from 'react';
import { MarkupsQuestionForm } from '../../../components/ui/markups-question';
import { Modal } from '../../../components/ui/modal';
import { cx } from '../../../lib/cx';
import type { Connections } from '../hooks/use-connections';
import { providerName } from '../utils/messages';
import { softwareHints } from './software-select-dialog';
import buttonStyles from '../../../components/ui/button.module.css';
import syncDialogStyles from './sync-dialog.module.css';

/** What each provider does with the prices, said before the user confirms (product §10.17). */
const priceNotes: Record<SyncProvider, string> = {
  quickbooks:
    'QuickBooks Online applies its own sales tax, so the price sent is your marked-up price before tax; your cost is sent as the purchase cost.',
  jobber: 'Jobber receives your marked-up price as each item’s unit price and your cost as its internal cost.',
};

/** What the user chose in the Sync-up question: the service, and the pricing profile (null: the account's markups). */
export interface SyncChoice {
  provider: SyncProvider;
  profileId: number | null;
}

/** The place for choosing a pricing profile in the Sync-up question: given the choice, it renders its field. */
export type ProfileField = (field: { value: number | null; onChange: (profileId: number | null) => void }) => ReactNode;

interface SyncConfirmDialogProps {
  collectionName: string | null;
  connections: Connections;
  /** The service to start on (back from connecting it), else the first connected one. */
  initialProvider: SyncProvider | null;
  /** The service whose sign-in page is being opened, if any. */
  connecting: SyncProvider | null;
  onConfirm: (choice: SyncChoice) => void;
  /** A service not connected yet: the user signs in there, then comes back to this question. */
  onConnect: (provider: SyncProvider) => void;
  /** Like the download question, Cancel sends the user to the markup configuration. */
  onCancel: () => void;
  onClose: () => void;
  /** The pricing profile's field, when the account has profiles; without it the account's markups price the sync. */
  profileField?: ProfileField;
}

/**
 * product §2.7: the 'Sync-up' confirmation before a sync. It offers both services: a connected one
 * to sync to, the other to connect (product §4.5).
 */
export function SyncConfirmDialog({ collectionName, onClose, ...props }: SyncConfirmDialogProps) {
  const questionId = useId();
  return (
    <Modal open={collectionName !== null} title="Sync-up" onClose={onClose} descriptionId={questionId}>
      {collectionName !== null ? <SyncConfirmForm key={collectionName} questionId={questionId} collectionName={collectionName} {...props} /> : null}
    </Modal>
  );
}

interface SyncConfirmFormProps extends Omit<SyncConfirmDialogProps, 'collectionName' | 'onClose'> {
  questionId: string;
  collectionName: string;
}

function SyncConfirmForm({ questionId, collectionName, connections, initialProvider, connecting, onConfirm, onConnect, onCancel, profileField }: SyncConfirmFormProps) {
  const [chosen, setChosen] = useState<SyncProvider | null>(initialProvider);
  const [profileId, setProfileId] = useState<number | null>(null);
  const provider = chosen && connections.valid.includes(chosen) ? chosen : (connections.valid[0] ?? null);

  return (
    <MarkupsQuestionForm
      questionId={questionId}
      collectionName={collectionName}
      before="syncing"
      yesDoes="shows what the sync will change, to approve before anything is written"
      onYes={() => {
        if (provider) onConfirm({ provider, profileId });
      }}
      onCancel={onCancel}
    >
      <fieldset className={syncDialogStyles.softwareList}>
        <legend className={syncDialogStyles.syncDialogNote}>Sync to</legend>
        {syncProviders.map((option) =>
          connections[option].valid ? (
            <label key={option} className={cx(syncDialogStyles.software, option === provider && syncDialogStyles.isChecked)}>
              <span className={syncDialogStyles.softwareChoice}>
                <input type="radio" name="software" className={syncDialogStyles.softwareInput} checked={option === provider} onChange={() => setChosen(option)} />
                <span>
                  <span className={syncDialogStyles.softwareName}>{providerName(option)}</span>
                  <span className={syncDialogStyles.softwareHint}>
                    {option === 'quickbooks' && connections.quickbooks.companyName ? `Connected to ${connections.quickbooks.companyName}. ` : 'Connected. '}
                    {softwareHints[option]}
                  </span>
                </span>
              </span>
            </label>
          ) : (
            <div key={option} className={syncDialogStyles.software}>
              <span>
                <span className={syncDialogStyles.softwareName}>{providerName(option)}</span>
                <span className={syncDialogStyles.softwareHint}>Not connected. Sign in there once; you then come back here to sync.</span>
              </span>
              <button
                type="button"
                className={cx(buttonStyles.button, buttonStyles.buttonOutline)}
                aria-disabled={connecting !== null || undefined}
                onClick={() => {
                  if (connecting === null) onConnect(option);
                }}
              >
                {connecting === option ? 'Opening sign-in…' : `Connect ${providerName(option)}`}
              </button>
            </div>
          ),
        )}
      </fieldset>
      {/* The pricing profile that prices this sync, when the account has profiles. */}
      {profileField ? profileField({ value: profileId, onChange: setProfileId }) : null}
      {provider ? (
        <>
          <p className={syncDialogStyles.syncDialogNote}>Items already there are updated in place, never duplicated.</p>
          <p className={syncDialogStyles.taxNote}>{priceNotes[provider]}</p>
        </>
      ) : null}
    </MarkupsQuestionForm>
  );
}
