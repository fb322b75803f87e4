import { zodResolver } from '@hookform/resolvers/zod';
import { priceEndings, RULE_ORDER_SENTENCE, type PricingRules } from '@tradelist/pricing/rules';
import { useId } from 'react';
import { useFieldArray, useForm, type UseFormReturn } from 'react-hook-form';
import buttonStyles from '../../../components/ui/button.module.css';
import fieldStyles from '../../../components/ui/field.module.css';
import { TextField } from '../../../components/ui/text-field';
import { cx } from '../../../lib/cx';
import { defaultRulesDraft, rulesDraftSchema, type RulesDraft } from '../utils/rules-draft';
import { endingLabels } from '../utils/rule-words';
import { userFactorLabels } from '../utils/field-labels';
import { BandTable } from './band-table';
import { ItemRules } from './item-rules';
import rulesStyles from './rules-form.module.css';

/** The rules form's state, shared by the form, the preview (priced as typed) and the preview's "apply to selected". */
export type RulesFormApi = UseFormReturn<RulesDraft, unknown, PricingRules>;

/**
 * The configuration's state: a profile's saved rules fill it when they load (and after a save,
 * or a switch to another profile); the checks run as the user types, so the errors and the
 * preview agree.
 */
export function useRulesForm(saved: RulesDraft | undefined): RulesFormApi {
  return useForm<RulesDraft, unknown, PricingRules>({
    resolver: zodResolver(rulesDraftSchema),
    mode: 'onChange',
    defaultValues: defaultRulesDraft(),
    values: saved,
  });
}

/** The markups per group, in place of the band's for every item of that group. */
function GroupMarkups({ form, groups }: { form: RulesFormApi; groups: readonly string[] }) {
  const listId = useId();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'group_markups' });
  const errors = form.formState.errors.group_markups;
  return (
    <fieldset className={rulesStyles.section}>
      <legend className={rulesStyles.legend}>Markup per group</legend>
      <p className={rulesStyles.help}>Replaces the band’s markup for every item of the group.</p>
      <datalist id={listId}>
        {groups.map((group) => (
          <option key={group} value={group} />
        ))}
      </datalist>
      {fields.map((field, index) => (
        <div key={field.id} className={rulesStyles.groupRow}>
          <TextField label={`Group ${index + 1}`} list={listId} autoComplete="off" error={errors?.[index]?.group?.message} {...form.register(`group_markups.${index}.group`)} />
          <TextField
            label={`Group ${index + 1} markup (%)`}
            inputMode="decimal"
            suffix="%"
            error={errors?.[index]?.markup?.message}
            {...form.register(`group_markups.${index}.markup`)}
          />
          <button type="button" className={cx(buttonStyles.button, buttonStyles.buttonOutline, rulesStyles.smallButton)} onClick={() => remove(index)}>
            Remove<span className="visually-hidden"> group {index + 1}</span>
          </button>
        </div>
      ))}
      <div className={rulesStyles.row}>
        <button
          type="button"
          className={cx(buttonStyles.button, buttonStyles.buttonOutline)}
          onClick={() => append({ group: '', markup: '' }, { focusName: `group_markups.${fields.length}.group` })}
        >
          Add a group markup
        </button>
      </div>
    </fieldset>
  );
}

/** After the markup: the minimums, the price ending and the sales tax. */
function PriceFinish({ form }: { form: RulesFormApi }) {
  const endingId = useId();
  const { errors } = form.formState;
  return (
    <fieldset className={rulesStyles.section}>
      <legend className={rulesStyles.legend}>Minimums, ending and tax</legend>
      <div className={rulesStyles.finishGrid}>
        <TextField label="Minimum price ($)" hint="No item is priced below this." inputMode="decimal" suffix="$" error={errors.min_price?.message} {...form.register('min_price')} />
        <TextField label="Minimum margin ($)" hint="At least this much above the cost." inputMode="decimal" suffix="$" error={errors.min_margin?.message} {...form.register('min_margin')} />
        <div className={fieldStyles.field}>
          <label className={fieldStyles.fieldLabel} htmlFor={endingId}>
            Price ending
          </label>
          <select id={endingId} className={fieldStyles.fieldInput} {...form.register('ending')}>
            {priceEndings.map((ending) => (
              <option key={ending} value={ending}>
                {endingLabels[ending]}
              </option>
            ))}
          </select>
        </div>
        <TextField label={userFactorLabels.tax} hint="In percent; optional, added last." inputMode="decimal" suffix="%" error={errors.tax?.message} {...form.register('tax')} />
      </div>
    </fieldset>
  );
}

interface RulesFormProps {
  form: RulesFormApi;
  /** The groups of the list the preview shows, offered as choices. */
  groups: readonly string[];
  isLoading: boolean;
  isSaving: boolean;
  onSubmit: () => void;
  /** The profile's name, in the title. */
  profileName: string | null;
}

/** The configuration of one profile: the order of the rules, the band table, group markups, item rules, minimums, ending, tax. */
export function RulesForm({ form, groups, isLoading, isSaving, onSubmit, profileName }: RulesFormProps) {
  const headingId = useId();
  return (
    <form className={rulesStyles.form} noValidate aria-labelledby={headingId} onSubmit={onSubmit}>
      <h2 className={rulesStyles.title} id={headingId}>
        {profileName ? `Your markups: ${profileName}` : 'Your markups'}
      </h2>
      <p className={rulesStyles.order}>{RULE_ORDER_SENTENCE}</p>
      {isLoading ? (
        <p className={rulesStyles.help} role="status">
          Loading your saved markups…
        </p>
      ) : null}
      <fieldset className={rulesStyles.whole} disabled={isLoading}>
        <legend className="visually-hidden">{profileName ?? 'Your markups'}</legend>
        <div className={rulesStyles.columns}>
          <BandTable form={form} />
          <div className={rulesStyles.stack}>
            <PriceFinish form={form} />
            <GroupMarkups form={form} groups={groups} />
          </div>
        </div>
        <ItemRules form={form} />
      </fieldset>
      <button type="submit" className={cx(buttonStyles.button, buttonStyles.buttonPrimary, rulesStyles.save)} disabled={isLoading || isSaving}>
        {isSaving ? 'Saving…' : 'Save markups'}
      </button>
    </form>
  );
}
