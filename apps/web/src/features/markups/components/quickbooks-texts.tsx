import { zodResolver } from '@hookform/resolvers/zod';
import { USER_FACTOR_TEXT_MAX, markupFields, userFactor, type SaveUserFactorRequest, type UserFactor } from '@tradelist/contract/catalog';
import { rulesFromProfile, type PricingProfile } from '@tradelist/contract/pricing-profiles';
import { basisPointsToPercent } from '@tradelist/pricing/money';
import { hasDefaultBands, markupsFromRules } from '@tradelist/pricing/rules';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import buttonStyles from '../../../components/ui/button.module.css';
import { TextField } from '../../../components/ui/text-field';
import { cx } from '../../../lib/cx';
import { showServerFieldErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { pricingProfilesQueryOptions } from '../../pricing-profiles';
import { useSaveUserFactor } from '../api/save-user-factor';
import { incomeAccountSuggestions, quickBooksItemTypes, userFactorLabels } from '../utils/field-labels';
import { quickBooksTextMessages } from '../utils/screen-messages';
import rulesStyles from './rules-form.module.css';

const textsSchema = userFactor.pick({ inventory_option: true, income_type: true });
type Texts = z.infer<typeof textsSchema>;
const labels = { inventory_option: userFactorLabels.inventory_option, income_type: userFactorLabels.income_type };

/**
 * POST /api/user_factor/'s whole body for a save of the two texts: product §7 reads it as the whole
 * configuration, so the six markups and the tax are the default profile's as the six fields read them.
 */
function userFactorBody(defaultProfile: PricingProfile, texts: Texts): SaveUserFactorRequest {
  const markups = markupsFromRules(rulesFromProfile(defaultProfile));
  const percent = (bp: number | null) => (bp === null ? null : basisPointsToPercent(bp));
  const body: SaveUserFactorRequest = { ...texts, tax: percent(markups.tax) };
  for (const field of markupFields) body[field] = percent(markups[field]);
  return body;
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

interface QuickBooksTextsProps {
  saved: UserFactor | undefined;
  defaultProfile: PricingProfile | undefined;
  isLoading: boolean;
}

/**
 * The QuickBooks Online texts (product §5), each with suggestions through a datalist. They are
 * saved through the user factor, which also writes the default profile's six markups: when that
 * profile's table has other edges, the form says before the save that it goes back to six bands.
 */
export function QuickBooksTexts({ saved, defaultProfile, isLoading }: QuickBooksTextsProps) {
  const headingId = useId();
  const itemTypesId = useId();
  const incomeAccountsId = useId();
  const queryClient = useQueryClient();
  const form = useForm<Texts>({
    resolver: zodResolver(textsSchema),
    mode: 'onChange',
    defaultValues: { inventory_option: '', income_type: '' },
    values: saved ? { inventory_option: saved.inventory_option, income_type: saved.income_type } : undefined,
  });
  const save = useSaveUserFactor({
    onSuccess: () => {
      notify.success(quickBooksTextMessages.saved);
      void queryClient.invalidateQueries({ queryKey: pricingProfilesQueryOptions.queryKey });
    },
    onError: (error) => {
      notify.error(quickBooksTextMessages.saveFailed);
      showServerFieldErrors(error, form.setError, labels);
    },
  });
  const defaultRules = defaultProfile ? rulesFromProfile(defaultProfile) : null;
  const resets = defaultRules !== null && !hasDefaultBands(defaultRules);
  const submit = form.handleSubmit((texts) => defaultProfile && save.mutate(userFactorBody(defaultProfile, texts)));
  const { errors } = form.formState;
  return (
    <form className={rulesStyles.card} noValidate aria-labelledby={headingId} onSubmit={submit}>
      <h2 className={rulesStyles.cardTitle} id={headingId}>
        QuickBooks Online import
      </h2>
      <fieldset className={rulesStyles.textsGrid} disabled={isLoading || !defaultProfile}>
        <legend className="visually-hidden">QuickBooks Online import texts</legend>
        <TextField
          label={userFactorLabels.inventory_option}
          hint={`The item's Type in QuickBooks: choose one or type your own, up to ${USER_FACTOR_TEXT_MAX} characters.`}
          autoComplete="off"
          list={itemTypesId}
          error={errors.inventory_option?.message}
          {...form.register('inventory_option')}
        />
        <Choices id={itemTypesId} values={quickBooksItemTypes} />
        <TextField
          label={userFactorLabels.income_type}
          hint={`The QuickBooks account the sales are booked to: choose one or type your own, up to ${USER_FACTOR_TEXT_MAX} characters.`}
          autoComplete="off"
          list={incomeAccountsId}
          error={errors.income_type?.message}
          {...form.register('income_type')}
        />
        <Choices id={incomeAccountsId} values={incomeAccountSuggestions} />
      </fieldset>
      {resets && defaultRules ? (
        <p className={rulesStyles.warning} id={`${headingId}-warning`}>
          {quickBooksTextMessages.resetsTable(defaultRules.bands.length)}
        </p>
      ) : null}
      <div className={rulesStyles.row}>
        <button
          type="submit"
          className={cx(buttonStyles.button, buttonStyles.buttonOutline)}
          disabled={isLoading || !defaultProfile || save.isPending}
          aria-describedby={resets ? `${headingId}-warning` : undefined}
        >
          {save.isPending ? 'Saving…' : resets ? 'Save texts and reset the table' : 'Save QuickBooks texts'}
        </button>
      </div>
    </form>
  );
}
