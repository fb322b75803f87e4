import type { SessionUser } from '@tradelist/contract/accounts';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import buttonStyles from '../../../components/ui/button.module.css';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { cx } from '../../../lib/cx';
import { firstFieldMessage } from '../../../lib/error-messages';
import { notify } from '../../../lib/notify';
import { useDeleteAccount } from '../api/account';
import { useLeaveAccount } from '../hooks/use-leave-account';
import { useSettingsForm } from '../hooks/use-settings-form';
import { settingsMessages, type Leaving } from '../utils/settings-fields';
import { DeleteAccountDialog } from './delete-account-dialog';
import { ConnectionsTabPanel, GeneralPanel, SecurityPanel, UpdatesPanel } from './settings-panels';
import { SettingsPanel, SettingsTabList, settingsTabFrom, type SettingsTabId } from './settings-tabs';
import settingsStyles from './settings.module.css';

const deleteToasts = { form: 'delete-account' } as const;

/** The server's message for the current password of a refused deletion, shown under that field. */
function currentPasswordError(error: unknown): string | undefined {
  return isApiError(error) ? firstFieldMessage(error.body?.fields, 'current_password') : undefined;
}

interface SettingsScreenProps {
  user: SessionUser;
  /** The Profile tab's content (the profile picture feature), when the app has it. */
  profile?: ReactNode;
  /** The QuickBooks Online and Jobber rows of the Connections tab (the sync feature's status and Disconnect). */
  connections?: ReactNode;
}

/** product §4.6: the message stays 5 seconds before the browser moves on; the link goes at once. */
function LeavingNotice({ leaving }: { leaving: Leaving }) {
  return (
    <p className={settingsStyles.settingsNotice} role="status">
      {leaving.message} Taking you to {leaving.where} in a few seconds…{' '}
      <Link to={leaving.to} replace>
        Go now
      </Link>
    </p>
  );
}

/** The account's deletion behind its confirmation dialog; a deleted account leaves for the login page. */
function useAccountDeletion(leave: (leaving: Leaving) => void, expectLeave: () => void, stay: () => void) {
  const [confirming, setConfirming] = useState(false);
  const deletion = useDeleteAccount({
    onMutate: expectLeave,
    onSuccess() {
      setConfirming(false);
      notify.success(settingsMessages.deleted, deleteToasts);
      leave({ message: settingsMessages.deleted, to: paths.login, where: 'the login page' });
    },
    onError() {
      stay();
      notify.error(settingsMessages.deleteFailed, deleteToasts);
    },
  });
  return { deletion, confirming, setConfirming };
}

/**
 * The settings screen of product §2.13: five tabs, with Save and Cancel at the bottom for the
 * General and Updates fields. Keyboard: arrow keys move between tabs (WAI-ARIA tabs pattern).
 */
export function SettingsScreen({ user, profile, connections }: SettingsScreenProps) {
  const [searchParams] = useSearchParams();
  const [tab, setTab] = useState<SettingsTabId>(() => settingsTabFrom(searchParams.get('tab')));
  const [leaving, setLeaving] = useState<Leaving | null>(null);
  const account = useLeaveAccount();
  const leave = (next: Leaving) => {
    setLeaving(next);
    account.leave(next.to);
  };
  const settings = useSettingsForm(user, { showGeneral: () => setTab('general'), leave });
  const { deletion, confirming, setConfirming } = useAccountDeletion(leave, account.expect, account.stay);

  if (leaving) return <LeavingNotice leaving={leaving} />;
  return (
    <div>
      <SettingsTabList tab={tab} onSelect={setTab} />
      {/* The General and Updates fields save together; the Profile tab has its own upload form, so it stays outside this one. */}
      <form noValidate onSubmit={settings.submit}>
        <GeneralPanel selected={tab} user={user} settings={settings} />
        <ConnectionsTabPanel selected={tab} user={user} connections={connections} />
        <UpdatesPanel selected={tab} settings={settings} />
        <SecurityPanel selected={tab} user={user} onDelete={() => setConfirming(true)} />
        <div className={settingsStyles.settingsActions} hidden={tab === 'profile'}>
          <button type="submit" className={cx(buttonStyles.button, buttonStyles.buttonPrimary)} disabled={settings.isSaving}>
            {settings.isSaving ? 'Saving…' : 'Save'}
          </button>
          <button type="button" className={cx(buttonStyles.button, buttonStyles.buttonOutline)} onClick={settings.cancel}>
            Cancel
          </button>
        </div>
      </form>
      <SettingsPanel id="profile" selected={tab}>
        {profile ?? <p className={settingsStyles.settingsRowText}>Uploading a profile picture is not available yet; the header shows the default picture.</p>}
      </SettingsPanel>
      <DeleteAccountDialog
        open={confirming}
        email={user.email}
        googleOnly={user.google_only === true}
        pending={deletion.isPending}
        passwordError={currentPasswordError(deletion.error)}
        onClose={() => {
          deletion.reset();
          setConfirming(false);
        }}
        onConfirm={(currentPassword) => deletion.mutate({ id: user.id, body: currentPassword ? { current_password: currentPassword } : {} })}
      />
    </div>
  );
}
