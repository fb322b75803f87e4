import { formatUsd } from '@tradelist/pricing/money';
import { MAX_BANDS } from '@tradelist/pricing/rules';
import { useId } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import buttonStyles from '../../../components/ui/button.module.css';
import fieldStyles from '../../../components/ui/field.module.css';
import { cx } from '../../../lib/cx';
import { addBand, bandRangeLabel, defaultBandDrafts, mergeWithNext, removeBand, splitBand, splitPoint, type BandDraft } from '../utils/band-table';
import type { RulesFormApi } from './rules-form';
import rulesStyles from './rules-form.module.css';

interface CellInputProps {
  form: RulesFormApi;
  name: `bands.${number}.from` | `bands.${number}.markup`;
  label: string;
  suffix: string;
  error: string | undefined;
}

/** One input of the table: its label is read by screen readers, its error shown under it and tied to it. */
function CellInput({ form, name, label, suffix, error }: CellInputProps) {
  const id = useId();
  return (
    <div className={rulesStyles.cellField}>
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      <div className={fieldStyles.fieldAffixed}>
        <input
          id={id}
          className={cx(fieldStyles.fieldInput, rulesStyles.cellInput)}
          inputMode="decimal"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...form.register(name)}
        />
        <span className={fieldStyles.fieldSuffix} aria-hidden="true">
          {suffix}
        </span>
      </div>
      {error ? (
        <p className={fieldStyles.fieldError} id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface BandRowProps {
  form: RulesFormApi;
  bands: BandDraft[];
  index: number;
  onChange: (next: BandDraft[], focus: number | null) => void;
}

/** One band: its costs, its start and markup, and split, merge with the band above, remove. */
function BandRow({ form, bands, index, onChange }: BandRowProps) {
  const errors = form.formState.errors.bands?.[index];
  const name = `Band ${index + 1}`;
  const small = cx(buttonStyles.button, buttonStyles.buttonOutline, rulesStyles.smallButton);
  return (
    <tr>
      <th scope="row">{index + 1}</th>
      <td className={rulesStyles.bandRange}>{bandRangeLabel(bands, index, (cents) => formatUsd(cents))}</td>
      <td>
        <CellInput form={form} name={`bands.${index}.from`} label={`${name} starts at ($)`} suffix="$" error={errors?.from?.message} />
      </td>
      <td>
        <CellInput
          form={form}
          name={`bands.${index}.markup`}
          label={`Markup (%) for ${bandRangeLabel(bands, index, (cents) => formatUsd(cents))}`}
          suffix="%"
          error={errors?.markup?.message}
        />
      </td>
      <td className={rulesStyles.bandActions}>
        <button type="button" className={small} aria-label={`Split band ${index + 1}`} disabled={splitPoint(bands, index) === null} onClick={() => onChange(splitBand(bands, index), index + 1)}>
          Split
        </button>
        <button
          type="button"
          className={small}
          aria-label={`Merge band ${index + 1} with band ${index + 2}`}
          disabled={index === bands.length - 1}
          onClick={() => onChange(mergeWithNext(bands, index), index)}
        >
          Merge
        </button>
        <button type="button" className={small} aria-label={`Remove band ${index + 1}`} disabled={bands.length === 1} onClick={() => onChange(removeBand(bands, index), Math.max(index - 1, 0))}>
          Remove
        </button>
      </td>
    </tr>
  );
}

/**
 * The markup table the user shapes (product §3.7a): 1 to 20 bands, each from its start to the next
 * band's start less one cent; split a band in two, merge it with the one above, remove it, add
 * one above the top, or go back to the six standard bands. It scrolls inside itself on a phone.
 */
export function BandTable({ form }: { form: RulesFormApi }) {
  const headingId = useId();
  const { fields, replace } = useFieldArray({ control: form.control, name: 'bands' });
  const bands = (useWatch({ control: form.control, name: 'bands' }) ?? []) as BandDraft[];
  const errors = form.formState.errors.bands;
  const change = (next: BandDraft[], focus: number | null) => {
    replace(next);
    void form.trigger('bands');
    if (focus !== null) window.setTimeout(() => form.setFocus(`bands.${focus}.from`), 0);
  };
  return (
    <fieldset className={rulesStyles.section} aria-describedby={`${headingId}-help`}>
      <legend className={rulesStyles.legend}>Markup per price band</legend>
      <p className={rulesStyles.help} id={`${headingId}-help`}>
        A band runs from its start to the next band’s start less one cent. Up to {MAX_BANDS} bands; leave a markup empty for none.
      </p>
      <div className={rulesStyles.bandScroll} role="region" aria-label="Price bands" tabIndex={0}>
        <table className={rulesStyles.bandTable}>
          <thead>
            <tr>
              <th scope="col">Band</th>
              <th scope="col">Costs</th>
              <th scope="col">Starts at ($)</th>
              <th scope="col">Markup (%)</th>
              <th scope="col">
                <span className="visually-hidden">Change the table</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {fields.map((field, index) => (
              <BandRow key={field.id} form={form} bands={bands} index={index} onChange={change} />
            ))}
          </tbody>
        </table>
      </div>
      {errors?.root?.message ?? errors?.message ? (
        <p className={fieldStyles.fieldError} role="alert">
          {errors?.root?.message ?? errors?.message}
        </p>
      ) : null}
      <div className={rulesStyles.row}>
        <button
          type="button"
          className={cx(buttonStyles.button, buttonStyles.buttonOutline)}
          disabled={bands.length >= MAX_BANDS}
          onClick={() => change(addBand(bands), bands.length)}
        >
          Add a band
        </button>
        <button type="button" className={cx(buttonStyles.button, buttonStyles.buttonOutline)} onClick={() => change(mergeDefaults(bands), null)}>
          Use the six standard bands
        </button>
      </div>
    </fieldset>
  );
}

/** The six standard bands, keeping the markups of the bands that start where they do. */
function mergeDefaults(bands: readonly BandDraft[]): BandDraft[] {
  return defaultBandDrafts().map((band) => ({ ...band, markup: bands.find((own) => own.from === band.from)?.markup ?? '' }));
}
