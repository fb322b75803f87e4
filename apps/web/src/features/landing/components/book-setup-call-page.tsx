import { zodResolver } from '@hookform/resolvers/zod';
import { api } from '@tradelist/contract/api';
import { setupCallRequest, type SetupCallRequest } from '@tradelist/contract/content';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { TextField } from '../../../components/ui/text-field';
import { callApi } from '../../../lib/api-client';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useMetaDescription } from '../../../lib/use-meta-description';
import { publicConfigQueryOptions } from '../../config';
import buttonStyles from '../../../components/ui/button.module.css';
import fieldStyles from '../../../components/ui/field.module.css';
import pageStyles from './public-pages.module.css';
import { cx } from '../../../lib/cx';

/** The form's labels, also the names its field errors are shown with (product §5.1). */
const labels = { name: 'Name', email: 'Email', phone: 'Phone (optional)', preferred_time: 'Preferred time' } as const;

/**
 * The 40%-off setup call (product §1.3): the scheduling page when BOOKING_URL is set, otherwise a
 * short request form whose request is stored and mailed to support.
 */
export function BookSetupCallPage() {
  useMetaDescription('Book a Tradelist setup call and get 40% off: we set up your markups, tax and software with you.');
  const config = useQuery(publicConfigQueryOptions);
  return (
    <div className={pageStyles.marketing}>
      <title>Book a setup call | Tradelist</title>
      <div className={pageStyles.marketingCard}>
        <p className={pageStyles.eyebrow}>Setup call · 40% off</p>
        <h1 className={pageStyles.title}>Book a setup call</h1>
        <p className={pageStyles.lead}>
          On a short call we set up your markups and sales tax with you and connect QuickBooks Online or Jobber. Book the call and your
          plan is 40% off.
        </p>
        {config.isPending ? (
          <p role="status">Loading...</p>
        ) : config.data?.booking_url ? (
          <a href={config.data.booking_url} rel="noopener noreferrer" className={cx(buttonStyles.button, buttonStyles.buttonPrimary, buttonStyles.buttonLarge)}>
            Choose a time
          </a>
        ) : (
          <SetupCallForm />
        )}
      </div>
    </div>
  );
}

const setupCallToasts = { form: 'setup-call' } as const;

function SetupCallForm() {
  const { register, handleSubmit, setError, formState } = useForm<SetupCallRequest>({
    resolver: zodResolver(setupCallRequest),
    defaultValues: { name: '', email: '', phone: '', preferred_time: '' },
  });
  const send = useMutation({
    mutationFn: (body: SetupCallRequest) => callApi(api.content.requestSetupCall, { body }),
    onSuccess: (answer) => notify.success(answer.message, setupCallToasts),
    onError(error) {
      const lines = showServerFieldErrors(error, setError, labels);
      notify.error(lines.length > 0 ? lines : 'Something went wrong. Please try again.', setupCallToasts);
    },
  });

  if (send.isSuccess) {
    return (
      <p className={fieldStyles.formStatus} role="status">
        {send.data.message}
      </p>
    );
  }
  return (
    <form className={fieldStyles.form} noValidate onSubmit={handleSubmit((values) => send.mutate(values))}>
      <TextField label={labels.name} autoComplete="name" required error={formState.errors.name?.message} {...register('name')} />
      <TextField label={labels.email} type="email" autoComplete="email" required error={formState.errors.email?.message} {...register('email')} />
      <TextField label={labels.phone} type="tel" autoComplete="tel" error={formState.errors.phone?.message} {...register('phone')} />
      <TextField
        label={labels.preferred_time}
        hint="A day and time that suits you, with your time zone"
        required
        error={formState.errors.preferred_time?.message}
        {...register('preferred_time')}
      />
      <button type="submit" className={cx(buttonStyles.button, buttonStyles.buttonPrimary, buttonStyles.buttonBlock)} disabled={send.isPending}>
        {send.isPending ? 'Sending…' : 'Request a setup call'}
      </button>
    </form>
  );
}
