import type { ReactNode } from 'react';

/** A button that asks the operator to confirm (`question`) before it runs what it does. */
export function ConfirmButton({ question, onConfirm, className, label, disabled, children }: {
  question: string;
  onConfirm: () => void;
  className: string | undefined;
  /** The button's accessible name, when its text alone is not enough. */
  label?: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={className}
      aria-label={label}
      disabled={disabled}
      onClick={() => {
        if (window.confirm(question)) onConfirm();
      }}
    >
      {children}
    </button>
  );
}
