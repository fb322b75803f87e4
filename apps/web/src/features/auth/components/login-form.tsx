import { zodResolver } from '@hookform/resolvers/zod';
import { loginRequest, type LoginRequest } from '@tradelist/contract/accounts';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useLogin } from '../api/login';
import { signInToasts, useCompleteSignIn, useSignInDestination } from '../hooks/use-complete-sign-in';
import { activationSentTo } from '../utils/after-sign-up';
import { ResendActivation } from './resend-activation';
import buttonStyles from '../../../components/ui/button.module.css';
import fieldStyles from '../../../components/ui/field.module.css';
import { cx } from '../../../lib/cx';

/** The form's labels, also the names its field errors are shown with (product §5.1). */
const labels = { email: 'Email', password: 'Password' } as const;

/** Email and password sign-in (product §2 /login, messages of product §8). */
export function LoginForm() {
  // Our own help (not in the product reference): someone who just signed up finds the address the
  // activation link went to named here, with a resend, and already in the email field.
  const sentTo = activationSentTo(useLocation().state);
  const form = useForm<LoginRequest>({
    resolver: zodResolver(loginRequest),
    defaultValues: { email: sentTo ?? '', password: '' },
  });
  const { register, handleSubmit, setError, formState } = form;
  const completeSignIn = useCompleteSignIn();
  const destination = useSignInDestination();
  const login = useLogin({
    onSuccess: completeSignIn,
    onError(error) {
      if (!isApiError(error)) {
        notify.error('There was an error logging in!', signInToasts);
        return;
      }
      // product §8.2: one toast, `Login failed` and then the server's reason.
      notify.error(['Login failed', ...showServerFieldErrors(error, setError, labels)], signInToasts);
    },
  });
  // An account that is not activated yet can ask for a fresh link.
  const unactivatedEmail =
    isApiError(login.error) && login.error.code === 'ACCOUNT_NOT_ACTIVATED' ? login.variables?.email : undefined;

  return (
    <>
      {sentTo && !unactivatedEmail ? (
        <ResendActivation email={sentTo} label="Activation link sent" lead>
          <p>
            We sent the activation link to <strong>{sentTo}</strong>. Open it to activate your account, then log in here. Didn&apos;t get it?
          </p>
        </ResendActivation>
      ) : null}
      <form className={fieldStyles.form} noValidate onSubmit={handleSubmit((values) => login.mutate(values))}>
        <TextField
          label={labels.email}
          type="email"
          autoComplete="email"
          required
          error={formState.errors.email?.message}
          {...register('email')}
        />
        <PasswordField
          label={labels.password}
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
        <ResendActivation email={unactivatedEmail} label="Account not activated">
          <p>Didn&apos;t get the activation email for {unactivatedEmail}?</p>
        </ResendActivation>
      ) : null}
    </>
  );
}
