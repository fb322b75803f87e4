import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate';
import { useActivateAccount } from '../api/activate-account';
import spinnerStyles from '../../../components/ui/spinner.module.css';
import authStyles from './auth.module.css';
import { cx } from '../../../lib/cx';

const activationFailedMessage = 'Activation failed. Invalid or expired link.';

/** The server's reason for a refused link (a new email another account took meanwhile), or product §8's message. */
function failureMessage(error: unknown): string {
  return isApiError(error) && error.code === 'LINK_INVALID' && error.body?.error ? error.body.error : activationFailedMessage;
}

/** Posts the single-use activation link once, shows the outcome, then opens /login after 5 s. */
export function ActivateAccount({ uid, token }: { uid: string; token: string }) {
  const navigateLater = useDelayedNavigate();
  const activation = useActivateAccount({
    onSuccess: (data) => notify.success(data.message),
    onError: (error) => notify.error(failureMessage(error)),
    onSettled: () => navigateLater(paths.login),
  });
  const { mutate } = activation;
  // The link works once: React StrictMode runs effects twice, so remember which link was posted.
  const postedLink = useRef<string | null>(null);

  useEffect(() => {
    const link = `${uid}/${token}`;
    if (postedLink.current === link) return;
    postedLink.current = link;
    mutate({ uid, token });
  }, [uid, token, mutate]);

  let message = 'Activating your account...';
  if (activation.isSuccess) message = activation.data.message;
  if (activation.isError) message = failureMessage(activation.error);

  return (
    <div className={authStyles.activation}>
      <p
        className={cx(
          authStyles.activationMessage,
          activation.isError && authStyles.isError,
          activation.isSuccess && authStyles.isSuccess,
        )}
        role="status"
      >
        {message}
      </p>
      {activation.isPending || activation.isIdle ? <span className={spinnerStyles.spinner} aria-hidden="true" /> : null}
      {activation.isSuccess || activation.isError ? (
        <p className={authStyles.activationNext}>
          Taking you to the login page in a few seconds… <Link to={paths.login}>Go now</Link>
        </p>
      ) : null}
    </div>
  );
}
