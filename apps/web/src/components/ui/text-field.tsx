import { useId, type ComponentProps, type ReactNode } from 'react';
import fieldStyles from './field.module.css';
import { cx } from '../../lib/cx';

type TextFieldProps = ComponentProps<'input'> & {
  label: string;
  error?: string | undefined;
  /** Help shown under the input and read after its label. */
  hint?: ReactNode;
  /** A unit shown inside the input's end (e.g. "%"); decoration only, the label must say it too. */
  suffix?: string;
};

/** A labelled input with its hint and error message linked for assistive technology. */
export function TextField({ label, error, hint, suffix, id, className, ...inputProps }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  const input = (
    <input
      id={inputId}
      className={cx(fieldStyles.fieldInput, className)}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy || undefined}
      {...inputProps}
    />
  );
  return (
    <div className={fieldStyles.field}>
      <label className={fieldStyles.fieldLabel} htmlFor={inputId}>
        {label}
      </label>
      {suffix ? (
        <div className={fieldStyles.fieldAffixed}>
          {input}
          <span className={fieldStyles.fieldSuffix} aria-hidden="true">
            {suffix}
          </span>
        </div>
      ) : (
        input
      )}
      {hint ? (
        <p className={fieldStyles.fieldHint} id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className={fieldStyles.fieldError} id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
