import { zodResolver } from '@hookform/resolvers/zod';
import { passwordsDoNotMatchMessage, registerRequest } from '@tradelist/contract/accounts';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate';
import { useRegister } from '../api/register';
import { afterSignUp } from '../utils/after-sign-up';
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

/** The form's labels, also the names its field errors are shown with (product §5.1). */
const labels = { username: 'Name', email: 'Email', password: 'Password', password2: 'Repeat password' } as const;
const registerToasts = { form: 'register' } as const;

/** The form, its sign-up call and its submit: a refusal shows under the fields and in one toast. */
function useSignUpForm() {
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
    onSuccess(_answer, values) {
      notify.success('Thanks for signing up, please check your email to verify your account!', registerToasts);
      reset();
      // The login page names the address the link went to and offers to send it again.
      navigateLater(paths.login, { state: afterSignUp(values.email) });
    },
    onError(error) {
      const lines = showServerFieldErrors(error, setError, labels);
      notify.error(lines.length > 0 ? lines : 'There was an error registering the user!', registerToasts);
    },
  });
  const submit = handleSubmit(
    (values) => signUp.mutate(values),
    (errors) => {
      if (errors.password2?.message === passwordsDoNotMatchMessage) notify.error(passwordsDoNotMatchMessage, registerToasts);
    },
  );
  return { register, formState, submit, signUp };
}

/** The sign-up form (product §2 /register, messages of product §5/§8). */
export function RegisterForm() {
  const { register, formState, submit, signUp } = useSignUpForm();

  return (
    <form className={fieldStyles.form} noValidate onSubmit={submit}>
      <TextField
        label={labels.username}
        autoComplete="name"
        required
        error={formState.errors.username?.message}
        {...register('username')}
      />
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
        autoComplete="new-password"
        required
        error={formState.errors.password?.message}
        {...register('password')}
      />
      <PasswordField
        label={labels.password2}
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
          We sent the activation link to <strong>{signUp.variables.email}</strong>. Taking you to the login page…{' '}
          <Link to={paths.login} state={afterSignUp(signUp.variables.email)}>
            Go now
          </Link>
        </p>
      ) : null}
    </form>
  );
}
