import buttonStyles from '../../../../components/ui/button.module.css';
import { cx } from '../../../../lib/cx';
import contentStyles from '../content/content.module.css';

/** An editor's buttons: save (off while the save runs) and, when the editor can be left, cancel. */
export function FormActions({ saveLabel, pending, pendingLabel, onCancel }: {
  saveLabel: string;
  pending: boolean;
  /** What the save button says while the save runs; its label otherwise. */
  pendingLabel?: string;
  onCancel?: () => void;
}) {
  return (
    <div className={contentStyles.contentEditorRow}>
      <button type="submit" className={cx(buttonStyles.button, buttonStyles.buttonPrimary)} disabled={pending}>
        {pending && pendingLabel ? pendingLabel : saveLabel}
      </button>
      {onCancel ? (
        <button type="button" className={cx(buttonStyles.button, buttonStyles.buttonOutline)} onClick={onCancel}>
          Cancel
        </button>
      ) : null}
    </div>
  );
}
