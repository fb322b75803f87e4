import { zodResolver } from '@hookform/resolvers/zod';
import {
  onboardingRequest,
  referralSourceOptions,
  softwareOptions,
  teamSizeOptions,
  type OnboardingRequest,
} from '@tradelist/contract/onboarding';
import { useId, useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { Modal } from '../../../components/ui/modal';
import buttonStyles from '../../../components/ui/button.module.css';
import fieldStyles from '../../../components/ui/field.module.css';
import { paths } from '../../../config/paths';
import { cx } from '../../../lib/cx';
import { dashboardIntents } from '../../../lib/dashboard-intents';
import { notify } from '../../../lib/notify';
import { sessionStorageKeys } from '@tradelist/contract/local-storage';
import type { StoredSession } from '../../../lib/session-storage';
import { saveSession, useStoredSession } from '../../../lib/stored-session';
import { readSessionValue, setSessionValue } from '../../../lib/stored-value';
import { useCompleteOnboarding } from '../api/complete-onboarding';
import onboardingStyles from './onboarding-dialog.module.css';

/** product §8.11 and §5.8: the dialog's messages, spelled exactly. */
export const onboardingToasts = {
  invalid: 'Please fill in all required fields.',
  success: 'Thank you for completing the onboarding!',
  failure: 'Failed to save your preferences. Please try again.',
  noEmail: 'No email found. Please try logging in again.',
} as const;

const onboardingForm = { form: 'onboarding' } as const;

/** What `register` gives a field of the form. */
type Registration = UseFormRegisterReturn<keyof OnboardingRequest>;

interface SelectFieldProps {
  label: string;
  options: readonly string[];
  error: string | undefined;
  registration: Registration;
}

function SelectField({ label, options, error, registration }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={fieldStyles.field}>
      <label className={fieldStyles.fieldLabel} htmlFor={id}>
        {label}
      </label>
      <select id={id} className={cx(fieldStyles.fieldInput, onboardingStyles.onboardingSelect)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...registration}>
        <option value="">Select…</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      {error ? (
        <p className={fieldStyles.fieldError} id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The optional phone number, with its own error under it. */
function PhoneField({ error, registration }: { error: string | undefined; registration: Registration }) {
  return (
    <div className={fieldStyles.field}>
      <label className={fieldStyles.fieldLabel} htmlFor="onboarding-phone">
        Phone number (optional)
      </label>
      <input
        id="onboarding-phone"
        type="tel"
        autoComplete="tel"
        placeholder="123-456-7890"
        className={fieldStyles.fieldInput}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'onboarding-phone-error' : undefined}
        {...registration}
      />
      {error ? (
        <p className={fieldStyles.fieldError} id="onboarding-phone-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The answers' save: the stored session says onboarded, and on the dashboard's landing the markups come next. */
function useSaveOnboarding(session: StoredSession | null) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCompleteOnboarding({
    onSuccess() {
      if (session) saveSession({ ...session, is_onboarded: true });
      notify.success(onboardingToasts.success, onboardingForm);
      // Answered on the dashboard's landing (the catalog): the markups are the next step to a first
      // download, and their save leads back to it. Elsewhere the user stays where they were going.
      if (pathname === paths.dashboard || pathname === paths.dashboardCatalog) {
        void navigate(paths.dashboardUserfactor, { state: dashboardIntents.downloadAfterSave });
      }
    },
    onError: () => notify.error(onboardingToasts.failure, onboardingForm),
  });
}

/**
 * The onboarding dialog of product §2.6: shown on the dashboard while the stored session says the
 * user is not onboarded. Cancel or close hides it and the user stays not onboarded (product §4.3);
 * it stays hidden for the rest of this browser session (reloads included) and shows again on the
 * next visit: a new session or sign-in. Each field's message clears when the field changes.
 */
export function OnboardingDialog() {
  const { session, email } = useStoredSession();
  const [dismissed, setDismissed] = useState(false);
  const { register, handleSubmit, formState } = useForm<OnboardingRequest>({
    resolver: zodResolver(onboardingRequest),
    mode: 'onSubmit',
    // Re-checked on change after a submit: a corrected field loses its message at once.
    reValidateMode: 'onChange',
    defaultValues: { phone_number: '', can_contact: false },
  });
  const onboarding = useSaveOnboarding(session);
  if (!session || session.is_onboarded || dismissed || readSessionValue(sessionStorageKeys.onboardingDismissed) === String(session.id)) return null;

  const submit = handleSubmit(
    (answers) => {
      if (!email) {
        notify.error(onboardingToasts.noEmail, onboardingForm);
        return;
      }
      onboarding.mutate(answers);
    },
    () => notify.error(onboardingToasts.invalid, onboardingForm),
  );
  const close = () => {
    setSessionValue(sessionStorageKeys.onboardingDismissed, String(session.id));
    setDismissed(true);
  };
  const errors = formState.errors;

  return (
    <Modal open title="Welcome to Tradelist" onClose={close} descriptionId="onboarding-intro">
      <p id="onboarding-intro" className={onboardingStyles.onboardingIntro}>
        Tell us a little about your business so we can tailor your price lists.
      </p>
      <form className={fieldStyles.form} noValidate onSubmit={submit}>
        <SelectField label="Which software do you use?" options={softwareOptions} error={errors.software?.message} registration={register('software')} />
        <SelectField label="Team size" options={teamSizeOptions} error={errors.team_size?.message} registration={register('team_size')} />
        <SelectField label="How did you find us?" options={referralSourceOptions} error={errors.referral_source?.message} registration={register('referral_source')} />
        <PhoneField error={errors.phone_number?.message} registration={register('phone_number')} />
        <label className={onboardingStyles.onboardingCheck}>
          <input type="checkbox" {...register('can_contact')} />
          <span>You may contact me about Tradelist.</span>
        </label>
        <div className={onboardingStyles.onboardingActions}>
          <button type="button" className={cx(buttonStyles.button, buttonStyles.buttonOutline)} onClick={close}>
            Cancel
          </button>
          <button type="submit" className={cx(buttonStyles.button, buttonStyles.buttonPrimary)} disabled={onboarding.isPending}>
            {onboarding.isPending ? 'Saving…' : 'Submit'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
