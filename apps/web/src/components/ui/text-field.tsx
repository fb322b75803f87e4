import { useId, type ComponentProps, type ReactNode } from 'react';

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
      className={`field__input ${className ?? ''}`}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy || undefined}
      {...inputProps}
    />
  );
  return (
    <div className="field">
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      {suffix ? (
        <div className="field__affixed">
          {input}
          <span className="field__suffix" aria-hidden="true">
            {suffix}
          </span>
        </div>
      ) : (
        input
      )}
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
