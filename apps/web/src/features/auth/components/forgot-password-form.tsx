import { zodResolver } from '@hookform/resolvers/zod';
import { emailOnlyRequest, type EmailOnlyRequest } from '@tradelist/contract/accounts';
import { useForm } from 'react-hook-form';
import { TextField } from '../../../components/ui/text-field';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useRequestPasswordReset } from '../api/request-password-reset';
import buttonStyles from '../../../components/ui/button.module.css';
import fieldStyles from '../../../components/ui/field.module.css';
import { cx } from '../../../lib/cx';

/** The form's label, also the name its field error is shown with (product §5.1). */
const labels = { email: 'Email' } as const;
const forgotToasts = { form: 'forgot-password' } as const;

/** The forgot-password form: one email field and 'Send Reset Link' (product §2). */
export function ForgotPasswordForm() {
  const { register, handleSubmit, setError, formState } = useForm<EmailOnlyRequest>({
    resolver: zodResolver(emailOnlyRequest),
    defaultValues: { email: '' },
  });
  const requestReset = useRequestPasswordReset({
    onSuccess: (data) => notify.success(data.message, forgotToasts),
    onError(error) {
      notify.error('Failed to send reset email', forgotToasts);
      showServerFieldErrors(error, setError, labels);
    },
  });

  return (
    <form className={fieldStyles.form} noValidate onSubmit={handleSubmit((values) => requestReset.mutate(values))}>
      <TextField
        label={labels.email}
        type="email"
        autoComplete="email"
        required
        error={formState.errors.email?.message}
        {...register('email')}
      />
      <button
        type="submit"
        className={cx(buttonStyles.button, buttonStyles.buttonPrimary, buttonStyles.buttonBlock)}
        disabled={requestReset.isPending}
      >
        {requestReset.isPending ? 'Sending…' : 'Send Reset Link'}
      </button>
      {requestReset.isSuccess ? (
        <p className={fieldStyles.formStatus} role="status">
          {requestReset.data.message}
        </p>
      ) : null}
    </form>
  );
}
