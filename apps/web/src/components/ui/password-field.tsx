import { useId, useState, type ComponentProps } from 'react';
import { EyeIcon, EyeOffIcon } from './icons';

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
    <div className="field">
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className="field__password">
        <input
          id={inputId}
          type={isVisible ? 'text' : 'password'}
          className="field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...inputProps}
        />
        <button
          type="button"
          className="field__reveal"
          aria-label={isVisible ? 'Hide password' : 'Show password'}
          aria-controls={inputId}
          onClick={() => setIsVisible((visible) => !visible)}
        >
          {isVisible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
