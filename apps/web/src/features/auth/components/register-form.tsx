import { zodResolver } from '@hookform/resolvers/zod';
import { passwordsDoNotMatchMessage, registerRequest } from '@tradelist/contract/accounts';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { firstFieldMessages, serverErrorLines } from '../../../lib/error-messages';
import { notify } from '../../../lib/notify';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate';
import { useRegister } from '../api/register';
import buttonStyles from '../../../components/ui/button.module.css';
import fieldStyles from '../../../components/ui/field.module.css';
import { cx } from '../../../lib/cx';

/** product §5: the two passwords must match (checked as soon as both are filled in). */
const registerForm = registerRequest.refine((values) => values.password === values.password2, {
  path: ['password2'],
  error: passwordsDoNotMatchMessage,
  when: (payload) => {
    const value = payload.value as { password?: unknown; password2?: unknown };
    return typeof value.password === 'string' && typeof value.password2 === 'string' && value.password2 !== '';
  },
});
type RegisterFormInput = z.input<typeof registerForm>;
type RegisterFormValues = z.output<typeof registerForm>;

const formFields = ['username', 'email', 'password', 'password2'] as const;

/** The sign-up form (product §2 /register, messages of product §5/§8). */
export function RegisterForm() {
  const { register, handleSubmit, setError, reset, formState } = useForm<
    RegisterFormInput,
    unknown,
    RegisterFormValues
  >({
    resolver: zodResolver(registerForm),
    defaultValues: { username: '', email: '', password: '', password2: '' },
  });
  const navigateLater = useDelayedNavigate();
  const signUp = useRegister({
    onSuccess() {
      notify.success('Thanks for signing up, please check your email to verify your account!');
      reset();
      navigateLater(paths.login);
    },
    onError(error) {
      const lines = isApiError(error) ? serverErrorLines(error.body) : [];
      if (lines.length === 0) notify.error('There was an error registering the user!');
      for (const line of lines) notify.error(line);
      if (!isApiError(error)) return;
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
      onSubmit={handleSubmit(
        (values) => signUp.mutate(values),
        (errors) => {
          if (errors.password2?.message === passwordsDoNotMatchMessage) notify.error(passwordsDoNotMatchMessage);
        },
      )}
    >
      <TextField
        label="Name"
        autoComplete="name"
        required
        error={formState.errors.username?.message}
        {...register('username')}
      />
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
        autoComplete="new-password"
        required
        error={formState.errors.password?.message}
        {...register('password')}
      />
      <PasswordField
        label="Repeat password"
        autoComplete="new-password"
        required
        error={formState.errors.password2?.message}
        {...register('password2')}
      />
      <button
        type="submit"
        className={cx(buttonStyles.button, buttonStyles.buttonPrimary, buttonStyles.buttonBlock)}
        disabled={signUp.isPending || signUp.isSuccess}
      >
        {signUp.isPending ? 'Signing up…' : 'Sign up'}
      </button>
      {signUp.isSuccess ? (
        <p className={fieldStyles.formStatus} role="status">
          Check your inbox for the activation link. Taking you to the login page…{' '}
          <Link to={paths.login}>Go now</Link>
        </p>
      ) : null}
    </form>
  );
}
