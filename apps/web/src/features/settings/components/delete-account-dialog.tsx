import { useState } from 'react';
import { Modal } from '../../../components/ui/modal';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import buttonStyles from '../../../components/ui/button.module.css';
import fieldStyles from '../../../components/ui/field.module.css';
import { cx } from '../../../lib/cx';
import { currentPasswordLabel, googleConfirmHint } from '../utils/settings-fields';
import settingsStyles from './settings.module.css';

interface DeleteAccountDialogProps {
  open: boolean;
  email: string;
  googleOnly: boolean;
  pending: boolean;
  passwordError: string | undefined;
  onClose: () => void;
  onConfirm: (currentPassword: string) => void;
}

/**
 * The deletion's confirmation: the button works once the user has typed their own email and,
 * for an account with a password, the current password (checked by the server).
 */
export function DeleteAccountDialog({ open, email, googleOnly, pending, passwordError, onClose, onConfirm }: DeleteAccountDialogProps) {
  const [typed, setTyped] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const matches = typed.trim().toLowerCase() === email.toLowerCase();
  const ready = matches && (googleOnly || currentPassword.length > 0);
  return (
    <Modal open={open} title="Delete your account?" onClose={onClose} descriptionId="delete-account-text">
      <div className={fieldStyles.form}>
        <p id="delete-account-text">
          This cancels a running subscription at once, signs you out everywhere and deletes your account and personal data. Type <strong>{email}</strong> to confirm.
        </p>
        <TextField label="Your email" type="email" autoComplete="off" value={typed} onChange={(event) => setTyped(event.target.value)} />
        {googleOnly ? (
          <p className={settingsStyles.settingsRowText} role={passwordError ? 'alert' : undefined}>
            {passwordError ?? googleConfirmHint}
          </p>
        ) : (
          <PasswordField label={currentPasswordLabel} autoComplete="current-password" value={currentPassword} error={passwordError} onChange={(event) => setCurrentPassword(event.target.value)} />
        )}
        <div className={settingsStyles.settingsActions}>
          <button type="button" className={cx(buttonStyles.button, buttonStyles.buttonPrimary)} disabled={!ready || pending} onClick={() => onConfirm(currentPassword)}>
            {pending ? 'Deleting…' : 'Delete my account'}
          </button>
          <button type="button" className={cx(buttonStyles.button, buttonStyles.buttonOutline)} onClick={onClose}>
            Cancel
          </button>
        </div>
      </div>
    </Modal>
  );
}
