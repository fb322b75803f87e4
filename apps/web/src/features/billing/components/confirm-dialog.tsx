import { useId } from 'react';
import { Modal } from '../../../components/ui/modal';
import buttonStyles from '../../../components/ui/button.module.css';
import { cx } from '../../../lib/cx';
import billingStyles from './billing.module.css';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What confirming does, in full: the dialog's description. */
  text: string;
  confirmLabel: string;
  dismissLabel: string;
  /** True while the confirmed call runs: the confirm button waits, the dialog stays. */
  isBusy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before a change that cannot be taken back from this screen (cancel, refund). */
export function ConfirmDialog({ open, title, text, confirmLabel, dismissLabel, isBusy, onConfirm, onClose }: ConfirmDialogProps) {
  const textId = useId();
  return (
    <Modal open={open} title={title} onClose={onClose} descriptionId={textId}>
      <div className={billingStyles.confirmDialog}>
        <p className={billingStyles.confirmDialogText} id={textId}>
          {text}
        </p>
        <div className={billingStyles.confirmDialogActions}>
          <button type="button" className={cx(buttonStyles.button, buttonStyles.buttonOutline)} onClick={onClose}>
            {dismissLabel}
          </button>
          <button
            type="button"
            className={cx(buttonStyles.button, buttonStyles.buttonPrimary)}
            aria-disabled={isBusy || undefined}
            onClick={() => {
              if (!isBusy) onConfirm();
            }}
          >
            {isBusy ? 'Please wait…' : confirmLabel}
          </button>
        </div>
      </div>
    </Modal>
  );
}
