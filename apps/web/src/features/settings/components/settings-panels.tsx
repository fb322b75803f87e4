import type { SessionUser } from '@tradelist/contract/accounts';
import { useState, type ReactNode } from 'react';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import buttonStyles from '../../../components/ui/button.module.css';
import { cx } from '../../../lib/cx';
import { notify } from '../../../lib/notify';
import { saveBlob } from '../../../lib/save-blob';
import { exportMyData, useSendPasswordResetLink } from '../api/account';
import type { SettingsForm } from '../hooks/use-settings-form';
import { currentPasswordLabel, googleConfirmHint, settingsLabels, settingsMessages } from '../utils/settings-fields';
import { SettingsPanel, type SettingsTabId } from './settings-tabs';
import settingsStyles from './settings.module.css';

const resetLinkToasts = { form: 'settings-reset-link' } as const;

/** A titled row of a panel: its text on the left, its action on the right. */
function SettingsRow({ title, text, danger = false, children }: { title: string; text: ReactNode; danger?: boolean; children?: ReactNode }) {
  return (
    <div className={cx(settingsStyles.settingsRow, danger && settingsStyles.settingsDanger)}>
      <div>
        <p className={settingsStyles.settingsRowTitle}>{title}</p>
        <p className={settingsStyles.settingsRowText}>{text}</p>
      </div>
      {children}
    </div>
  );
}

/** 'Download my data': the account's data as the JSON file the server names. */
function DataExportRow({ userId }: { userId: number }) {
  const [exporting, setExporting] = useState(false);
  const downloadData = async () => {
    setExporting(true);
    try {
      const file = await exportMyData(userId);
      saveBlob(file.blob, file.fileName);
    } catch {
      notify.error(settingsMessages.exportFailed);
    } finally {
      setExporting(false);
    }
  };
  return (
    <SettingsRow title="Your data" text="Your account, preferences, onboarding answers, markups, subscriptions, payments and downloads, as a JSON file.">
      <button type="button" className={cx(buttonStyles.button, buttonStyles.buttonOutline)} onClick={() => void downloadData()} disabled={exporting}>
        {exporting ? 'Preparing…' : 'Download my data'}
      </button>
    </SettingsRow>
  );
}

interface PanelProps {
  selected: SettingsTabId;
  user: SessionUser;
}

/** General Settings: name and email; a new email asks for the current password, or says how a Google account confirms it. */
export function GeneralPanel({ selected, user, settings }: PanelProps & { settings: SettingsForm }) {
  const { register, formState } = settings.form;
  return (
    <SettingsPanel id="general" selected={selected}>
      <TextField label={settingsLabels.name} autoComplete="name" error={formState.errors.name?.message} {...register('name')} />
      <TextField
        label={settingsLabels.email}
        type="email"
        autoComplete="email"
        hint="A new address is used once you open the link we send there; until then you keep your current one."
        error={formState.errors.email?.message}
        {...register('email')}
      />
      {settings.emailChanges && !user.google_only ? (
        <PasswordField label={currentPasswordLabel} autoComplete="current-password" error={formState.errors.current_password?.message} {...register('current_password')} />
      ) : null}
      {settings.emailChanges && user.google_only ? (
        <p className={settingsStyles.settingsRowText} role={formState.errors.current_password ? 'alert' : undefined}>
          {formState.errors.current_password?.message ?? googleConfirmHint}
        </p>
      ) : null}
      <DataExportRow userId={user.id} />
    </SettingsPanel>
  );
}

/** Connections: the Google sign-in, then the sync feature's rows. */
export function ConnectionsTabPanel({ selected, user, connections }: PanelProps & { connections: ReactNode }) {
  return (
    <SettingsPanel id="connections" selected={selected}>
      <div className={settingsStyles.settingsRow} data-testid="connection-google">
        <div>
          <p className={settingsStyles.settingsRowTitle}>Google</p>
          <p className={settingsStyles.settingsRowText}>
            {user.google_email ? `Signed in with Google as ${user.google_email}` : 'This account does not sign in with Google.'}
          </p>
        </div>
      </div>
      {connections}
    </SettingsPanel>
  );
}

/** Updates: the two email preferences of product §2.13. */
export function UpdatesPanel({ selected, settings }: { selected: SettingsTabId; settings: SettingsForm }) {
  const { register } = settings.form;
  return (
    <SettingsPanel id="updates" selected={selected}>
      <label className={settingsStyles.settingsCheck}>
        <input type="checkbox" {...register('wants_edition_emails')} />
        <span>New edition emails: tell me when a new edition of a price list is out.</span>
      </label>
      <label className={settingsStyles.settingsCheck}>
        <input type="checkbox" {...register('wants_product_news')} />
        <span>Product update emails: news about Tradelist.</span>
      </label>
      <p className={settingsStyles.settingsRowText}>Every such email also has a one-click unsubscribe link.</p>
    </SettingsPanel>
  );
}

/** Security: a password reset link to the account's email, and the account's deletion. */
export function SecurityPanel({ selected, user, onDelete }: PanelProps & { onDelete: () => void }) {
  const resetLink = useSendPasswordResetLink({
    onSuccess: () => notify.success(settingsMessages.resetSent, resetLinkToasts),
    onError: () => notify.error(settingsMessages.resetFailed, resetLinkToasts),
  });
  return (
    <SettingsPanel id="security" selected={selected}>
      <SettingsRow title="Password" text={`We email a link to ${user.email} to choose a new password.`}>
        <button type="button" className={cx(buttonStyles.button, buttonStyles.buttonOutline)} onClick={() => resetLink.mutate(user.email)} disabled={resetLink.isPending}>
          Send password reset link
        </button>
      </SettingsRow>
      <SettingsRow danger title="Delete account" text="Cancels a running subscription at once and deletes your account and personal data. This cannot be undone.">
        <button type="button" className={cx(buttonStyles.button, buttonStyles.buttonOutline)} onClick={onDelete}>
          Delete account
        </button>
      </SettingsRow>
    </SettingsPanel>
  );
}
