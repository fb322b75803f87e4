import { zodResolver } from '@hookform/resolvers/zod';
import { resetPasswordRequest } from '@tradelist/contract/accounts';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { PasswordField } from '../../../components/ui/password-field';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { firstFieldMessages, serverErrorLines } from '../../../lib/error-messages';
import { notify } from '../../../lib/notify';
import { useResetPassword } from '../api/reset-password';
import buttonStyles from '../../../components/ui/button.module.css';
import fieldStyles from '../../../components/ui/field.module.css';
import { cx } from '../../../lib/cx';

/** product §5: both fields required; whether they match is the server's call. */
const resetPasswordForm = resetPasswordRequest.pick({ new_password1: true, new_password2: true });
type ResetPasswordFormValues = z.infer<typeof resetPasswordForm>;

const formFields = ['new_password1', 'new_password2'] as const;

/** The new-password form behind a reset link (product §2 /reset-password/{uid}/{token}). */
export function ResetPasswordForm({ uid, token }: { uid: string; token: string }) {
  const navigate = useNavigate();
  const { register, handleSubmit, setError, formState } = useForm<ResetPasswordFormValues>({
    resolver: zodResolver(resetPasswordForm),
    defaultValues: { new_password1: '', new_password2: '' },
  });
  const resetPassword = useResetPassword({
    onSuccess(data) {
      notify.success(data.message);
      void navigate(paths.verified);
    },
    onError(error) {
      notify.error('Failed to reset password');
      if (!isApiError(error)) return;
      for (const line of serverErrorLines(error.body)) notify.error(line);
      for (const [field, message] of firstFieldMessages(error.body?.fields)) {
        const known = formFields.find((name) => name === field);
        if (known) setError(known, { type: 'server', message });
      }
    },
  });

  return (
    <form
      className={fieldStyles.form}
      noValidate
      onSubmit={handleSubmit((values) => resetPassword.mutate({ uid, token, ...values }))}
    >
      <PasswordField
        label="New password"
        autoComplete="new-password"
        required
        error={formState.errors.new_password1?.message}
        {...register('new_password1')}
      />
      <PasswordField
        label="Re-enter new password"
        autoComplete="new-password"
        required
        error={formState.errors.new_password2?.message}
        {...register('new_password2')}
      />
      <button
        type="submit"
        className={cx(buttonStyles.button, buttonStyles.buttonPrimary, buttonStyles.buttonBlock)}
        disabled={resetPassword.isPending}
      >
        {resetPassword.isPending ? 'Saving…' : 'Reset password'}
      </button>
    </form>
  );
}
