import { zodResolver } from '@hookform/resolvers/zod';
import { USER_FACTOR_TEXT_MAX, markupFields, type UserFactor } from '@tradelist/contract/catalog';
import { storageKeys } from '@tradelist/contract/local-storage';
import { useId } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { dashboardIntents, hasIntent } from '../../../lib/dashboard-intents';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { readStoredValue } from '../../../lib/stored-session';
import { useSaveUserFactor } from '../api/save-user-factor';
import {
  incomeAccountSuggestions,
  markupFieldLabels,
  quickBooksItemTypes,
  userFactorLabels,
} from '../utils/field-labels';
import {
  emptyMarkupFormValues,
  markupFormSchema,
  toMarkupFormValues,
  type MarkupFormValues,
} from '../utils/markup-form';
import buttonStyles from '../../../components/ui/button.module.css';
import markupsStyles from './markups.module.css';
import { cx } from '../../../lib/cx';

/** The form's labels, also the names its field errors are shown with (product §5.1). */
const labels: Record<keyof MarkupFormValues, string> = { ...markupFieldLabels, ...userFactorLabels };
const markupToasts = { form: 'markups' } as const;

/** product §8 markup messages, spelled exactly. */
const messages = {
  saved: 'Your markups are saved! You are now ready to download your catalogs',
  saveFailed: 'Failed to update user factor',
  noEmail: 'No email found in local storage',
} as const;

/** The form state shared by the form and the live preview. */
export type MarkupFormApi = UseFormReturn<MarkupFormValues, unknown, UserFactor>;

/**
 * The markup form's state: saved values fill it when they load (and after a save); what the user
 * is typing is kept. Validation runs as they type so the preview and the errors agree.
 */
export function useMarkupForm(saved: UserFactor | undefined): MarkupFormApi {
  return useForm<MarkupFormValues, unknown, UserFactor>({
    resolver: zodResolver(markupFormSchema),
    mode: 'onChange',
    defaultValues: emptyMarkupFormValues,
    values: saved ? toMarkupFormValues(saved) : undefined,
    resetOptions: { keepDirtyValues: true },
  });
}

interface MarkupFormProps {
  form: MarkupFormApi;
  /** True while the saved values load: the inputs wait for them. */
  isLoading: boolean;
}

/** The form's save: the stored values replace the typed ones, and a refusal shows under its fields. */
function useMarkupSave(form: MarkupFormApi) {
  const navigate = useNavigate();
  // Sent here on the way to a download (onboarding, a download or sync question's Cancel, the
  // payment's success screen): once saved, the catalog's downloads are next.
  const downloadAfterSave = hasIntent(useLocation().state, 'downloadAfterSave');
  const save = useSaveUserFactor({
    onSuccess(stored) {
      form.reset(toMarkupFormValues(stored));
      notify.success(messages.saved, markupToasts);
      if (downloadAfterSave) void navigate(paths.dashboardCatalog, { state: dashboardIntents.revealDownloads });
    },
    onError(error) {
      notify.error(messages.saveFailed, markupToasts);
      showServerFieldErrors(error, form.setError, labels);
    },
  });

  const submit = form.handleSubmit((values) => {
    // product §5: the configuration belongs to the stored email; without one nothing is sent.
    if (!readStoredValue(storageKeys.email)) {
      notify.error(messages.noEmail, markupToasts);
      return;
    }
    save.mutate(values);
  });
  return { submit, isSaving: save.isPending };
}

const percentProps = { type: 'number', inputMode: 'decimal', min: 0, step: 0.01, suffix: '%' } as const;

/** The QuickBooks Online texts, each with suggestions through a datalist: the common values are one click away, any text still fits. */
function QuickBooksImportFields({ form, disabled }: { form: MarkupFormApi; disabled: boolean }) {
  const itemTypesId = useId();
  const incomeAccountsId = useId();
  const { register, formState } = form;
  return (
    <fieldset className={markupsStyles.markupFormGroup} disabled={disabled}>
      <legend className={markupsStyles.markupFormLegend}>QuickBooks Online import</legend>
      <TextField
        label={userFactorLabels.inventory_option}
        hint={`The item's Type in QuickBooks: choose one or type your own, up to ${USER_FACTOR_TEXT_MAX} characters.`}
        autoComplete="off"
        list={itemTypesId}
        error={formState.errors.inventory_option?.message}
        {...register('inventory_option')}
      />
      <Choices id={itemTypesId} values={quickBooksItemTypes} />
      <TextField
        label={userFactorLabels.income_type}
        hint={`The QuickBooks account the sales are booked to: choose one or type your own, up to ${USER_FACTOR_TEXT_MAX} characters.`}
        autoComplete="off"
        list={incomeAccountsId}
        error={formState.errors.income_type?.message}
        {...register('income_type')}
      />
      <Choices id={incomeAccountsId} values={incomeAccountSuggestions} />
    </fieldset>
  );
}

/** product §2/§5 markup configuration: six bands, tax, and the two QuickBooks texts. */
export function MarkupForm({ form, isLoading }: MarkupFormProps) {
  const headingId = useId();
  const { register, formState } = form;
  const { submit, isSaving } = useMarkupSave(form);

  return (
    <form className={markupsStyles.markupForm} noValidate aria-labelledby={headingId} onSubmit={submit}>
      <h2 className={markupsStyles.markupFormTitle} id={headingId}>
        Your markups
      </h2>
      {isLoading ? (
        <p className={markupsStyles.markupFormStatus} role="status">
          Loading your saved markups…
        </p>
      ) : null}
      <fieldset className={markupsStyles.markupFormGroup} disabled={isLoading}>
        <legend className={markupsStyles.markupFormLegend}>Markup per price band (%)</legend>
        <p className={markupsStyles.markupFormHelp}>
          Added to the cost of every item in the band. Leave a band empty for no markup.
        </p>
        <div className={markupsStyles.markupFormBands}>
          {markupFields.map((field) => (
            <TextField
              key={field}
              label={markupFieldLabels[field]}
              error={formState.errors[field]?.message}
              {...percentProps}
              {...register(field)}
            />
          ))}
        </div>
      </fieldset>
      <fieldset className={markupsStyles.markupFormGroup} disabled={isLoading}>
        <legend className={markupsStyles.markupFormLegend}>Sales tax (%)</legend>
        <TextField
          label={userFactorLabels.tax}
          hint="Optional, applied after the markup."
          error={formState.errors.tax?.message}
          {...percentProps}
          {...register('tax')}
        />
      </fieldset>
      <QuickBooksImportFields form={form} disabled={isLoading} />
      <button
        type="submit"
        className={cx(buttonStyles.button, buttonStyles.buttonPrimary, buttonStyles.buttonBlock)}
        disabled={isLoading || isSaving}
      >
        {isSaving ? 'Saving…' : 'Save markups'}
      </button>
    </form>
  );
}

function Choices({ id, values }: { id: string; values: readonly string[] }) {
  return (
    <datalist id={id}>
      {values.map((value) => (
        <option key={value} value={value} />
      ))}
    </datalist>
  );
}
