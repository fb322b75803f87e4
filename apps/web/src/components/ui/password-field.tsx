import { useId, useState, type ComponentProps } from 'react';
import { EyeIcon, EyeOffIcon } from './icons';
import fieldStyles from './field.module.css';

type PasswordFieldProps = Omit<ComponentProps<'input'>, 'type'> & {
  label: string;
  error?: string | undefined;
};

/** A labelled password input with a "Show password" / "Hide password" toggle button. */
export function PasswordField({ label, error, id, ...inputProps }: PasswordFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const [isVisible, setIsVisible] = useState(false);
  return (
    <div className={fieldStyles.field}>
      <label className={fieldStyles.fieldLabel} htmlFor={inputId}>
        {label}
      </label>
      <div className={fieldStyles.fieldPassword}>
        <input
          id={inputId}
          type={isVisible ? 'text' : 'password'}
          className={fieldStyles.fieldInput}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...inputProps}
        />
        <button
          type="button"
          className={fieldStyles.fieldReveal}
          aria-label={isVisible ? 'Hide password' : 'Show password'}
          aria-controls={inputId}
          onClick={() => setIsVisible((visible) => !visible)}
        >
          {isVisible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
      {error ? (
        <p className={fieldStyles.fieldError} id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
