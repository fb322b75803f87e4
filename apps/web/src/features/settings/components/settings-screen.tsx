import { zodResolver } from '@hookform/resolvers/zod';
import { activationNeededMessage, emailChangePendingMessage, type SessionUser } from '@tradelist/contract/accounts';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { Modal } from '../../../components/ui/modal';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import buttonStyles from '../../../components/ui/button.module.css';
import fieldStyles from '../../../components/ui/field.module.css';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { cx } from '../../../lib/cx';
import { firstFieldMessage, setServerFieldErrors } from '../../../lib/error-messages';
import { notify } from '../../../lib/notify';
import { saveSession } from '../../../lib/stored-session';
import { exportMyData, settingsChange, settingsOf, useDeleteAccount, useSendPasswordResetLink, useUpdateSettings, type SettingsChange } from '../api/account';
import { useLeaveAccount } from '../hooks/use-leave-account';
import settingsStyles from './settings.module.css';

/** product §8.10: the settings screen's messages, spelled exactly. */
export const settingsMessages = {
  saved: 'Settings updated successfully.',
  saveFailed: 'Failed to update settings.',
  activationNeeded: activationNeededMessage,
  resetSent: 'Password reset link sent to your email.',
  resetFailed: 'Failed to send reset email.',
  deleted: 'User deleted successfully.',
  deleteFailed: 'Failed to delete user.',
  exportFailed: 'Failed to download your data.',
} as const;

const tabs = [
  { id: 'general', label: 'General Settings' },
  { id: 'connections', label: 'Connections' },
  { id: 'updates', label: 'Updates' },
  { id: 'security', label: 'Security' },
  { id: 'profile', label: 'Profile' },
] as const;
type TabId = (typeof tabs)[number]['id'];

/** The request's schema, with the current password left to the server: it is only needed, and checked, when the email changes. */
const settingsForm = settingsChange.extend({ current_password: z.string().optional() });

/** The General Settings fields' labels, also the names their field errors are shown with (product §5.1). */
const labels = { name: 'Name', email: 'Email', current_password: 'Current password' } as const;
/** The label of the field that confirms a sensitive change; a refusal shows under it. */
const currentPasswordLabel = labels.current_password;
const saveToasts = { form: 'settings' } as const;
const deleteToasts = { form: 'delete-account' } as const;
const resetLinkToasts = { form: 'settings-reset-link' } as const;
/** What an account without a password (Google only) does instead of typing one (docs/decisions/0022). */
const googleConfirmHint = 'Your account signs in with Google: this change works within 10 minutes of signing in with Google.';

/** The server's message for the current password of a refused deletion, shown under that field. */
function currentPasswordError(error: unknown): string | undefined {
  return isApiError(error) ? firstFieldMessage(error.body?.fields, 'current_password') : undefined;
}

function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

interface SettingsScreenProps {
  user: SessionUser;
  /** The Profile tab's content (the profile picture feature), when the app has it. */
  profile?: ReactNode;
  /** The QuickBooks Online and Jobber rows of the Connections tab (the sync feature's status and Disconnect). */
  connections?: ReactNode;
}

/**
 * The settings screen of product §2.13: five tabs, with Save and Cancel at the bottom for the
 * General and Updates fields. Keyboard: arrow keys move between tabs (WAI-ARIA tabs pattern).
 */
export function SettingsScreen({ user, profile, connections }: SettingsScreenProps) {
  const [tab, setTab] = useState<TabId>('general');
  const [leaving, setLeaving] = useState<{ message: string; to: string; where: string } | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const leave = useLeaveAccount();
  const queryClient = useQueryClient();
  const { register, handleSubmit, reset, setError, formState, control } = useForm<SettingsChange>({
    resolver: zodResolver(settingsForm),
    values: settingsOf(user),
  });
  const emailChanges = (useWatch({ control, name: 'email' }) ?? '').trim().toLowerCase() !== user.email.toLowerCase();

  const save = useUpdateSettings({
    onSuccess(answer) {
      if (!answer.is_active) {
        // product §4.6: the account can no longer be used; the server ended every session.
        notify.info(settingsMessages.activationNeeded, saveToasts);
        setLeaving({ message: settingsMessages.activationNeeded, to: paths.home, where: 'the home page' });
        leave.leave(paths.home);
        return;
      }
      saveSession(answer.user);
      queryClient.setQueryData(['me'], answer.user);
      reset(settingsOf(answer.user));
      // One toast for the save; the email changes once the link mailed to the new address is used (docs/decisions/0022).
      notify.success([settingsMessages.saved, ...(answer.pending_email ? [emailChangePendingMessage(answer.pending_email)] : [])], saveToasts);
    },
    onError(error) {
      if (isApiError(error) && Object.keys(error.body?.fields ?? {}).some((field) => field in labels)) {
        setTab('general');
        setServerFieldErrors(error.body?.fields, labels, setError);
      }
      notify.error(settingsMessages.saveFailed, saveToasts);
    },
  });
  const resetLink = useSendPasswordResetLink({
    onSuccess: () => notify.success(settingsMessages.resetSent, resetLinkToasts),
    onError: () => notify.error(settingsMessages.resetFailed, resetLinkToasts),
  });
  const deletion = useDeleteAccount({
    onMutate: () => leave.expect(),
    onSuccess() {
      setConfirmDelete(false);
      notify.success(settingsMessages.deleted, deleteToasts);
      setLeaving({ message: settingsMessages.deleted, to: paths.login, where: 'the login page' });
      leave.leave(paths.login);
    },
    onError() {
      leave.stay();
      notify.error(settingsMessages.deleteFailed, deleteToasts);
    },
  });
  const [exporting, setExporting] = useState(false);
  const downloadData = async () => {
    setExporting(true);
    try {
      const file = await exportMyData(user.id);
      saveBlob(file.blob, file.fileName);
    } catch {
      notify.error(settingsMessages.exportFailed);
    } finally {
      setExporting(false);
    }
  };

  if (leaving) {
    // product §4.6: the message stays 5 seconds before the browser moves on; the link goes at once.
    return (
      <p className={settingsStyles.settingsNotice} role="status">
        {leaving.message} Taking you to {leaving.where} in a few seconds…{' '}
        <Link to={leaving.to} replace>
          Go now
        </Link>
      </p>
    );
  }

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = tabs.findIndex((t) => t.id === tab);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = tabs[(index + step + tabs.length) % tabs.length]!;
    setTab(next.id);
    document.getElementById(`settings-tab-${next.id}`)?.focus();
  };

  // The current password travels only with a new email (product §7).
  const submit = handleSubmit(
    ({ current_password: currentPassword, ...body }) => save.mutate({ id: user.id, body: emailChanges && currentPassword ? { ...body, current_password: currentPassword } : body }),
    () => setTab('general'),
  );

  return (
    <div>
      <div role="tablist" aria-label="Settings" className={settingsStyles.settingsTabs}>
        {tabs.map((t) => (
          <button
            key={t.id}
            id={`settings-tab-${t.id}`}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            aria-controls={`settings-panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            className={settingsStyles.settingsTab}
            onClick={() => setTab(t.id)}
            onKeyDown={onTabKey}
          >
            {t.label}
          </button>
        ))}
      </div>

      {/* The General and Updates fields save together; the Profile tab has its own upload form, so it stays outside this one. */}
      <form noValidate onSubmit={submit}>

        <div role="tabpanel" id="settings-panel-general" aria-labelledby="settings-tab-general" hidden={tab !== 'general'} className={settingsStyles.settingsPanel}>
          <TextField label={labels.name} autoComplete="name" error={formState.errors.name?.message} {...register('name')} />
          <TextField
            label={labels.email}
            type="email"
            autoComplete="email"
            hint="A new address is used once you open the link we send there; until then you keep your current one."
            error={formState.errors.email?.message}
            {...register('email')}
          />
          {emailChanges && !user.google_only ? (
            <PasswordField
              label={currentPasswordLabel}
              autoComplete="current-password"
              error={formState.errors.current_password?.message}
              {...register('current_password')}
            />
          ) : null}
          {emailChanges && user.google_only ? (
            <p className={settingsStyles.settingsRowText} role={formState.errors.current_password ? 'alert' : undefined}>
              {formState.errors.current_password?.message ?? googleConfirmHint}
            </p>
          ) : null}
          <div className={settingsStyles.settingsRow}>
            <div>
              <p className={settingsStyles.settingsRowTitle}>Your data</p>
              <p className={settingsStyles.settingsRowText}>Your account, preferences, onboarding answers, markups, subscriptions, payments and downloads, as a JSON file.</p>
            </div>
            <button type="button" className={cx(buttonStyles.button, buttonStyles.buttonOutline)} onClick={() => void downloadData()} disabled={exporting}>
              {exporting ? 'Preparing…' : 'Download my data'}
            </button>
          </div>
        </div>

        <div role="tabpanel" id="settings-panel-connections" aria-labelledby="settings-tab-connections" hidden={tab !== 'connections'} className={settingsStyles.settingsPanel}>
          <div className={settingsStyles.settingsRow} data-testid="connection-google">
            <div>
              <p className={settingsStyles.settingsRowTitle}>Google</p>
              <p className={settingsStyles.settingsRowText}>
                {user.google_email ? `Signed in with Google as ${user.google_email}` : 'This account does not sign in with Google.'}
              </p>
            </div>
          </div>
          {connections}
        </div>

        <div role="tabpanel" id="settings-panel-updates" aria-labelledby="settings-tab-updates" hidden={tab !== 'updates'} className={settingsStyles.settingsPanel}>
          <label className={settingsStyles.settingsCheck}>
            <input type="checkbox" {...register('wants_edition_emails')} />
            <span>New edition emails: tell me when a new edition of a price list is out.</span>
          </label>
          <label className={settingsStyles.settingsCheck}>
            <input type="checkbox" {...register('wants_product_news')} />
            <span>Product update emails: news about Tradelist.</span>
          </label>
          <p className={settingsStyles.settingsRowText}>Every such email also has a one-click unsubscribe link.</p>
        </div>

        <div role="tabpanel" id="settings-panel-security" aria-labelledby="settings-tab-security" hidden={tab !== 'security'} className={settingsStyles.settingsPanel}>
          <div className={settingsStyles.settingsRow}>
            <div>
              <p className={settingsStyles.settingsRowTitle}>Password</p>
              <p className={settingsStyles.settingsRowText}>We email a link to {user.email} to choose a new password.</p>
            </div>
            <button type="button" className={cx(buttonStyles.button, buttonStyles.buttonOutline)} onClick={() => resetLink.mutate(user.email)} disabled={resetLink.isPending}>
              Send password reset link
            </button>
          </div>
          <div className={cx(settingsStyles.settingsRow, settingsStyles.settingsDanger)}>
            <div>
              <p className={settingsStyles.settingsRowTitle}>Delete account</p>
              <p className={settingsStyles.settingsRowText}>Cancels a running subscription at once and deletes your account and personal data. This cannot be undone.</p>
            </div>
            <button type="button" className={cx(buttonStyles.button, buttonStyles.buttonOutline)} onClick={() => setConfirmDelete(true)}>
              Delete account
            </button>
          </div>
        </div>


        <div className={settingsStyles.settingsActions} hidden={tab === 'profile'}>
          <button type="submit" className={cx(buttonStyles.button, buttonStyles.buttonPrimary)} disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save'}
          </button>
          <button type="button" className={cx(buttonStyles.button, buttonStyles.buttonOutline)} onClick={() => reset(settingsOf(user))}>
            Cancel
          </button>
        </div>

      </form>

      <div role="tabpanel" id="settings-panel-profile" aria-labelledby="settings-tab-profile" hidden={tab !== 'profile'} className={settingsStyles.settingsPanel}>
        {profile ?? <p className={settingsStyles.settingsRowText}>Uploading a profile picture is not available yet; the header shows the default picture.</p>}
      </div>

      <DeleteAccountDialog
        open={confirmDelete}
        email={user.email}
        googleOnly={user.google_only === true}
        pending={deletion.isPending}
        passwordError={currentPasswordError(deletion.error)}
        onClose={() => {
          deletion.reset();
          setConfirmDelete(false);
        }}
        onConfirm={(currentPassword) => deletion.mutate({ id: user.id, body: currentPassword ? { current_password: currentPassword } : {} })}
      />
    </div>
  );
}

/**
 * The deletion's confirmation: the button works once the user has typed their own email and,
 * for an account with a password, the current password (checked by the server).
 */
function DeleteAccountDialog({
  open,
  email,
  googleOnly,
  pending,
  passwordError,
  onClose,
  onConfirm,
}: {
  open: boolean;
  email: string;
  googleOnly: boolean;
  pending: boolean;
  passwordError: string | undefined;
  onClose: () => void;
  onConfirm: (currentPassword: string) => void;
}) {
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
