import { useId, useState } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import buttonStyles from '../../../components/ui/button.module.css';
import fieldStyles from '../../../components/ui/field.module.css';
import { cx } from '../../../lib/cx';
import { applyItemRule, type ItemRuleAction } from '../utils/item-overrides';
import type { ItemOverrideDraft, OverrideKind } from '../utils/rules-draft';
import type { RulesFormApi } from './rules-form';
import rulesStyles from './rules-form.module.css';

/** The three rules an item may have, in words. */
export const overrideKindLabels: Record<OverrideKind, string> = {
  exempt: 'Exempt (sold at cost)',
  markup: 'Own markup (%)',
  price: 'Fixed price ($)',
};

const kinds = Object.keys(overrideKindLabels) as OverrideKind[];

/** The items with a rule of their own: each can be changed or removed here; they are added from the preview. */
export function ItemRules({ form }: { form: RulesFormApi }) {
  const { fields, remove } = useFieldArray({ control: form.control, name: 'item_overrides' });
  const overrides = (useWatch({ control: form.control, name: 'item_overrides' }) ?? []) as ItemOverrideDraft[];
  const errors = form.formState.errors.item_overrides;
  return (
    <fieldset className={rulesStyles.section}>
      <legend className={rulesStyles.legend}>Item rules</legend>
      <p className={rulesStyles.help}>
        {fields.length === 0
          ? 'No item has a rule of its own. Find items in the preview below, select them and apply a rule.'
          : 'These items are priced by their own rule instead of their band or group.'}
      </p>
      {fields.length > 0 ? (
        <div className={rulesStyles.itemScroll}>
          <ul className={rulesStyles.itemList}>
            {fields.map((field, index) => {
              const kind = overrides[index]?.kind ?? 'exempt';
              const valueError = errors?.[index]?.value?.message;
              return (
                <li key={field.id} className={rulesStyles.itemRow}>
                  <span className={rulesStyles.itemSku}>{field.sku}</span>
                  <label className="visually-hidden" htmlFor={`${field.id}-kind`}>
                    Rule for {field.sku}
                  </label>
                  <select id={`${field.id}-kind`} className={cx(fieldStyles.fieldInput, rulesStyles.cellInput)} {...form.register(`item_overrides.${index}.kind`)}>
                    {kinds.map((option) => (
                      <option key={option} value={option}>
                        {overrideKindLabels[option]}
                      </option>
                    ))}
                  </select>
                  {kind === 'exempt' ? (
                    <span />
                  ) : (
                    <div className={rulesStyles.cellField}>
                      <label className="visually-hidden" htmlFor={`${field.id}-value`}>
                        {kind === 'markup' ? `Markup of ${field.sku} (%)` : `Price of ${field.sku} ($)`}
                      </label>
                      <input
                        id={`${field.id}-value`}
                        className={cx(fieldStyles.fieldInput, rulesStyles.cellInput)}
                        inputMode="decimal"
                        autoComplete="off"
                        aria-invalid={valueError ? true : undefined}
                        aria-describedby={valueError ? `${field.id}-error` : undefined}
                        {...form.register(`item_overrides.${index}.value`)}
                      />
                      {valueError ? (
                        <p className={fieldStyles.fieldError} id={`${field.id}-error`}>
                          {valueError}
                        </p>
                      ) : null}
                    </div>
                  )}
                  <button type="button" className={cx(buttonStyles.button, buttonStyles.buttonOutline, rulesStyles.smallButton)} onClick={() => remove(index)}>
                    Remove<span className="visually-hidden"> the rule of {field.sku}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </fieldset>
  );
}

interface ApplyBarProps {
  form: RulesFormApi;
  selected: readonly string[];
  onDone: () => void;
}

/** Under the preview's tools when items are selected: one rule for all of them, or their rules taken away. */
export function ApplyItemRuleBar({ form, selected, onDone }: ApplyBarProps) {
  const kindId = useId();
  const valueId = useId();
  const [kind, setKind] = useState<OverrideKind>('exempt');
  const [value, setValue] = useState('');
  const apply = (action: ItemRuleAction) => {
    const current = form.getValues('item_overrides');
    form.setValue('item_overrides', applyItemRule(current, selected, action), { shouldDirty: true, shouldValidate: true });
    onDone();
  };
  const count = selected.length === 1 ? '1 item selected' : `${selected.length} items selected`;
  return (
    <div className={rulesStyles.applyBar} role="group" aria-label="Apply a rule to the selected items">
      <p className={rulesStyles.applyCount} aria-live="polite">
        {count}
      </p>
      <div className={fieldStyles.field}>
        <label className={fieldStyles.fieldLabel} htmlFor={kindId}>
          Rule
        </label>
        <select id={kindId} className={fieldStyles.fieldInput} value={kind} onChange={(event) => setKind(event.target.value as OverrideKind)}>
          {kinds.map((option) => (
            <option key={option} value={option}>
              {overrideKindLabels[option]}
            </option>
          ))}
        </select>
      </div>
      {kind === 'exempt' ? null : (
        <div className={fieldStyles.field}>
          <label className={fieldStyles.fieldLabel} htmlFor={valueId}>
            {kind === 'markup' ? 'Markup (%)' : 'Price ($)'}
          </label>
          <input id={valueId} className={fieldStyles.fieldInput} inputMode="decimal" autoComplete="off" value={value} onChange={(event) => setValue(event.target.value)} />
        </div>
      )}
      <div className={rulesStyles.row}>
        <button type="button" className={cx(buttonStyles.button, buttonStyles.buttonPrimary)} onClick={() => apply({ kind, value })}>
          Apply to selected
        </button>
        <button type="button" className={cx(buttonStyles.button, buttonStyles.buttonOutline)} onClick={() => apply({ kind: 'clear' })}>
          Remove their rules
        </button>
        <button type="button" className={cx(buttonStyles.button, buttonStyles.buttonOutline)} onClick={onDone}>
          Clear selection
        </button>
      </div>
    </div>
  );
}
