import { zodResolver } from '@hookform/resolvers/zod';
import { resetPasswordRequest } from '@tradelist/contract/accounts';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { PasswordField } from '../../../components/ui/password-field';
import { paths } from '../../../config/paths';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useResetPassword } from '../api/reset-password';
import buttonStyles from '../../../components/ui/button.module.css';
import fieldStyles from '../../../components/ui/field.module.css';
import { cx } from '../../../lib/cx';

/** product §5: both fields required; whether they match is the server's call. */
const resetPasswordForm = resetPasswordRequest.pick({ new_password1: true, new_password2: true });
type ResetPasswordFormValues = z.infer<typeof resetPasswordForm>;

/** The form's labels, also the names its field errors are shown with (product §5.1). */
const labels = { new_password1: 'New password', new_password2: 'Re-enter new password' } as const;
const resetToasts = { form: 'reset-password' } as const;

/** The new-password form behind a reset link (product §2 /reset-password/{uid}/{token}). */
export function ResetPasswordForm({ uid, token }: { uid: string; token: string }) {
  const navigate = useNavigate();
  const { register, handleSubmit, setError, formState } = useForm<ResetPasswordFormValues>({
    resolver: zodResolver(resetPasswordForm),
    defaultValues: { new_password1: '', new_password2: '' },
  });
  const resetPassword = useResetPassword({
    onSuccess(data) {
      notify.success(data.message, resetToasts);
      void navigate(paths.verified);
    },
    onError(error) {
      // One toast: product §8's message, then the server's reasons (a broken link says so in words).
      notify.error(['Failed to reset password', ...showServerFieldErrors(error, setError, labels)], resetToasts);
    },
  });

  return (
    <form
      className={fieldStyles.form}
      noValidate
      onSubmit={handleSubmit((values) => resetPassword.mutate({ uid, token, ...values }))}
    >
      <PasswordField
        label={labels.new_password1}
        autoComplete="new-password"
        required
        error={formState.errors.new_password1?.message}
        {...register('new_password1')}
      />
      <PasswordField
        label={labels.new_password2}
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
