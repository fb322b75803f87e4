import { zodResolver } from '@hookform/resolvers/zod';
import { loginRequest, type LoginRequest } from '@tradelist/contract/accounts';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { firstFieldMessages, serverErrorLines } from '../../../lib/error-messages';
import { notify } from '../../../lib/notify';
import { useLogin } from '../api/login';
import { useResendActivation } from '../api/resend-activation';
import { useCompleteSignIn, useSignInDestination } from '../hooks/use-complete-sign-in';
import buttonStyles from '../../../components/ui/button.module.css';
import fieldStyles from '../../../components/ui/field.module.css';
import { cx } from '../../../lib/cx';

const formFields = ['email', 'password'] as const;

/** Email and password sign-in (product §2 /login, messages of product §8). */
export function LoginForm() {
  const form = useForm<LoginRequest>({
    resolver: zodResolver(loginRequest),
    defaultValues: { email: '', password: '' },
  });
  const { register, handleSubmit, setError, formState } = form;
  const completeSignIn = useCompleteSignIn();
  const destination = useSignInDestination();
  const login = useLogin({
    onSuccess: completeSignIn,
    onError(error) {
      if (!isApiError(error)) {
        notify.error('There was an error logging in!');
        return;
      }
      notify.error('Login failed');
      for (const line of serverErrorLines(error.body)) notify.error(line);
      for (const [field, message] of firstFieldMessages(error.body?.fields)) {
        const known = formFields.find((name) => name === field);
        if (known) setError(known, { type: 'server', message });
      }
    },
  });
  const resend = useResendActivation({
    onSuccess: (data) => notify.success(data.message),
    onError(error) {
      const lines = isApiError(error) ? serverErrorLines(error.body) : [];
      if (lines.length === 0) notify.error('There was an error sending the activation email!');
      for (const line of lines) notify.error(line);
    },
  });

  // Our own help (not in the product reference): an account that is not activated yet can ask for a fresh link.
  const unactivatedEmail =
    isApiError(login.error) && login.error.code === 'ACCOUNT_NOT_ACTIVATED' ? login.variables?.email : undefined;

  return (
    <>
      <form className={fieldStyles.form} noValidate onSubmit={handleSubmit((values) => login.mutate(values))}>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          required
          error={formState.errors.email?.message}
          {...register('email')}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          required
          error={formState.errors.password?.message}
          {...register('password')}
        />
        <p className={fieldStyles.formAside}>
          <Link to={paths.forgotPassword}>Forgot password?</Link>
        </p>
        <button
          type="submit"
          className={cx(buttonStyles.button, buttonStyles.buttonPrimary, buttonStyles.buttonBlock)}
          disabled={login.isPending || login.isSuccess}
        >
          {login.isPending ? 'Logging in…' : 'Login'}
        </button>
        {login.isSuccess ? (
          <p className={fieldStyles.formStatus} role="status">
            You are signed in. Taking you {destination.isReturn ? 'back' : 'to your dashboard'}…{' '}
            <Link to={destination.path}>Go now</Link>
          </p>
        ) : null}
      </form>
      {unactivatedEmail ? (
        <div className={fieldStyles.notice} role="region" aria-label="Account not activated">
          <p>Didn&apos;t get the activation email for {unactivatedEmail}?</p>
          <button
            type="button"
            className={cx(buttonStyles.button, buttonStyles.buttonOutline)}
            disabled={resend.isPending}
            onClick={() => resend.mutate({ email: unactivatedEmail })}
          >
            Resend activation email
          </button>
        </div>
      ) : null}
    </>
  );
}
