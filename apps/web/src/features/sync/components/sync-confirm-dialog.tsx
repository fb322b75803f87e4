import type { SyncProvider } from '@tradelist/contract/sync';
import { useId, useState } from 'react';
import { MarkupsQuestionForm } from '../../../components/ui/markups-question';
import { Modal } from '../../../components/ui/modal';
import { cx } from '../../../lib/cx';
import type { Connections } from '../hooks/use-connections';
import { providerName } from '../utils/messages';
import { softwareHints } from './software-select-dialog';
import syncDialogStyles from './sync-dialog.module.css';

/** What each provider does with the prices, said before the user confirms (product §10.17). */
const priceNotes: Record<SyncProvider, string> = {
  quickbooks:
    'QuickBooks Online applies its own sales tax, so the price sent is your marked-up price before tax; your cost is sent as the purchase cost.',
  jobber: 'Jobber receives your marked-up price as each item’s unit price and your cost as its internal cost.',
};

interface SyncConfirmDialogProps {
  collectionName: string | null;
  connections: Connections;
  onConfirm: (provider: SyncProvider) => void;
  /** Like the download question, Cancel sends the user to the markup configuration. */
  onCancel: () => void;
  onClose: () => void;
}

/** product §2.7: the 'Sync-up' confirmation before a sync, with the software when both are connected. */
export function SyncConfirmDialog({ collectionName, connections, onConfirm, onCancel, onClose }: SyncConfirmDialogProps) {
  const questionId = useId();
  return (
    <Modal open={collectionName !== null && connections.valid.length > 0} title="Sync-up" onClose={onClose} descriptionId={questionId}>
      {collectionName !== null && connections.valid[0] ? (
        <SyncConfirmForm
          key={collectionName}
          questionId={questionId}
          collectionName={collectionName}
          connections={connections}
          initialProvider={connections.valid[0]}
          onConfirm={onConfirm}
          onCancel={onCancel}
        />
      ) : null}
    </Modal>
  );
}

interface SyncConfirmFormProps extends Omit<SyncConfirmDialogProps, 'collectionName' | 'onClose'> {
  questionId: string;
  collectionName: string;
  initialProvider: SyncProvider;
}

function SyncConfirmForm({ questionId, collectionName, connections, initialProvider, onConfirm, onCancel }: SyncConfirmFormProps) {
  const [chosen, setChosen] = useState<SyncProvider>(initialProvider);
  const provider = connections.valid.includes(chosen) ? chosen : initialProvider;
  const companyName = connections.quickbooks.companyName;

  return (
    <MarkupsQuestionForm questionId={questionId} collectionName={collectionName} before="syncing" yesDoes="starts the sync" onYes={() => onConfirm(provider)} onCancel={onCancel}>
      {connections.valid.length > 1 ? (
        <fieldset className={syncDialogStyles.softwareList}>
          <legend className={syncDialogStyles.syncDialogNote}>Sync to</legend>
          {connections.valid.map((option) => (
            <label key={option} className={cx(syncDialogStyles.software, option === provider && syncDialogStyles.isChecked)}>
              <span className={syncDialogStyles.softwareChoice}>
                <input
                  type="radio"
                  name="software"
                  className={syncDialogStyles.softwareInput}
                  checked={option === provider}
                  onChange={() => setChosen(option)}
                />
                <span>
                  <span className={syncDialogStyles.softwareName}>{providerName(option)}</span>
                  <span className={syncDialogStyles.softwareHint}>{softwareHints[option]}</span>
                </span>
              </span>
            </label>
          ))}
        </fieldset>
      ) : (
        <p className={syncDialogStyles.syncDialogNote}>
          Items go to <strong>{providerName(provider)}</strong>
          {provider === 'quickbooks' && companyName ? ` (${companyName})` : ''}. Items already there are updated in place, never
          duplicated.
        </p>
      )}
      <p className={syncDialogStyles.taxNote}>{priceNotes[provider]}</p>
    </MarkupsQuestionForm>
  );
}
