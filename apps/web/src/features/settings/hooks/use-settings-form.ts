import { zodResolver } from '@hookform/resolvers/zod';
import { emailChangePendingMessage, type SessionUser } from '@tradelist/contract/accounts';
import { useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { saveSession } from '../../../lib/stored-session';
import { meQueryOptions } from '../../auth';
import { settingsOf, useUpdateSettings, type SettingsChange } from '../api/account';
import { settingsForm, settingsLabels, settingsMessages, type Leaving } from '../utils/settings-fields';

const saveToasts = { form: 'settings' } as const;

interface SettingsFormOptions {
  /** A refusal names a General Settings field: that tab is shown. */
  showGeneral: () => void;
  /** The save ended the account's sessions (an email that needs activating again). */
  leave: (leaving: Leaving) => void;
}

/** The General and Updates fields, saved together by the screen's Save (product §2.13). */
export function useSettingsForm(user: SessionUser, { showGeneral, leave }: SettingsFormOptions) {
  const queryClient = useQueryClient();
  const form = useForm<SettingsChange>({ resolver: zodResolver(settingsForm), values: settingsOf(user) });
  const { handleSubmit, reset, setError, control } = form;
  const emailChanges = (useWatch({ control, name: 'email' }) ?? '').trim().toLowerCase() !== user.email.toLowerCase();

  const save = useUpdateSettings({
    onSuccess(answer) {
      if (!answer.is_active) {
        // product §4.6: the account can no longer be used; the server ended every session.
        notify.info(settingsMessages.activationNeeded, saveToasts);
        leave({ message: settingsMessages.activationNeeded, to: paths.home, where: 'the home page' });
        return;
      }
      saveSession(answer.user);
      queryClient.setQueryData(meQueryOptions.queryKey, answer.user);
      reset(settingsOf(answer.user));
      // One toast for the save; the email changes once the link mailed to the new address is used (docs/decisions/0022).
      notify.success([settingsMessages.saved, ...(answer.pending_email ? [emailChangePendingMessage(answer.pending_email)] : [])], saveToasts);
    },
    onError(error) {
      if (isApiError(error) && Object.keys(error.body?.fields ?? {}).some((field) => field in settingsLabels)) showGeneral();
      showServerFieldErrors(error, setError, settingsLabels);
      notify.error(settingsMessages.saveFailed, saveToasts);
    },
  });

  // The current password travels only with a new email (product §7).
  const submit = handleSubmit(
    ({ current_password: currentPassword, ...body }) => save.mutate({ id: user.id, body: emailChanges && currentPassword ? { ...body, current_password: currentPassword } : body }),
    showGeneral,
  );
  return { form, emailChanges, submit, isSaving: save.isPending, cancel: () => reset(settingsOf(user)) };
}

export type SettingsForm = ReturnType<typeof useSettingsForm>;
