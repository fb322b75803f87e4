import type { ReactNode } from 'react';
import buttonStyles from '../../../components/ui/button.module.css';
import fieldStyles from '../../../components/ui/field.module.css';
import { isApiError } from '../../../lib/api-client';
import { cx } from '../../../lib/cx';
import { serverErrorLines } from '../../../lib/error-messages';
import { notify } from '../../../lib/notify';
import { useResendActivation } from '../api/resend-activation';

const resendToasts = { form: 'resend-activation' } as const;

/**
 * Offers a fresh activation link for `email` (POST /api/resend-activation/, product §7.3: rate
 * limited, and the same answer whether or not the address waits for activation). `lead` places it
 * above a form.
 */
export function ResendActivation({ email, label, lead = false, children }: { email: string; label: string; lead?: boolean; children: ReactNode }) {
  const resend = useResendActivation({
    onSuccess: (data) => notify.success(data.message, resendToasts),
    onError(error) {
      const lines = isApiError(error) ? serverErrorLines(error.body, { email: 'Email' }) : [];
      notify.error(lines.length > 0 ? lines : 'There was an error sending the activation email!', resendToasts);
    },
  });
  return (
    <div className={cx(fieldStyles.notice, lead && fieldStyles.noticeLead)} role="region" aria-label={label}>
      {children}
      <button type="button" className={cx(buttonStyles.button, buttonStyles.buttonOutline)} disabled={resend.isPending} onClick={() => resend.mutate({ email })}>
        Resend activation email
      </button>
    </div>
  );
}
