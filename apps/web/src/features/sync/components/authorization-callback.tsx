import type { SyncProvider } from '@tradelist/contract/sync';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { callbackRedirectDelayMs } from '../../../config/env';
import { paths } from '../../../config/paths';
import { cx } from '../../../lib/cx';
import { notify } from '../../../lib/notify';
import { useDelayedNavigate } from '../../../lib/use-delayed-navigate';
import { useCompleteAuthorization } from '../api/connections';
import { continueSyncIntent } from '../../../lib/dashboard-intents';
import { readCallbackParams } from '../utils/callback-params';
import { takeSyncAfterConnect, type SyncAfterConnect } from '../utils/sync-after-connect';
import { cancelledMessage, processingMessages, providerName, syncMessages } from '../utils/messages';
import spinnerStyles from '../../../components/ui/spinner.module.css';
import connectionStyles from './connection.module.css';

/**
 * What the page says when no connection was made. product §8.12 gives Jobber's texts; for
 * QuickBooks the specification only logs the failure, so the page says it in the same plain way.
 */
function failureText(provider: SyncProvider, reason: 'no-code' | 'failed', serverError: string | null): string {
  if (provider === 'jobber') return reason === 'no-code' ? syncMessages.jobberNoCode : syncMessages.jobberFailed;
  if (reason === 'no-code') return 'QuickBooks Online did not send an authorization code, so no connection was made.';
  return `QuickBooks Online could not be connected${serverError ? `: ${serverError}` : '.'}`;
}

/** Where the success screen leads: the card the sync was asked from, with that sync to continue, or the catalogs. */
function nextStep(next: SyncAfterConnect | null) {
  return next ? { to: next.returnTo, state: continueSyncIntent(next.sync), label: 'Taking you back to your price list' } : { to: paths.dashboard, state: undefined, label: 'Taking you to your catalogs' };
}

/**
 * product §2.12: the return from the provider's authorization page. Posts the code once, keeps
 * the connection's display keys, then after 3 seconds goes back to the catalog card the sync was
 * asked from, where that sync goes on (product §4.5), or to /dashboard.
 */
export function AuthorizationCallback({ provider }: { provider: SyncProvider }) {
  const [searchParams] = useSearchParams();
  const params = useMemo(() => readCallbackParams(provider, searchParams), [provider, searchParams]);
  const navigateLater = useDelayedNavigate(callbackRedirectDelayMs);
  const [next, setNext] = useState<SyncAfterConnect | null>(null);
  const authorization = useCompleteAuthorization(provider, {
    onSuccess() {
      notify.success(syncMessages.authCompleted);
      const kept = takeSyncAfterConnect(provider);
      setNext(kept);
      const step = nextStep(kept);
      navigateLater(step.to, { state: step.state });
    },
    onError(error) {
      console.error(`${providerName(provider)} authorization failed:`, error);
      if (provider === 'jobber') notify.error(syncMessages.jobberFailed);
    },
  });
  const { mutate } = authorization;
  // A code works once: React StrictMode runs effects twice, so remember which one was posted.
  const postedCode = useRef<string | null>(null);

  useEffect(() => {
    if (!params.ok && params.cancelled) return;
    if (!params.ok) {
      console.error(`${providerName(provider)} authorization returned no code`, params.providerError ?? '');
      if (provider === 'jobber') notify.error(syncMessages.jobberNoCode);
      return;
    }
    if (postedCode.current === params.request.code) return;
    postedCode.current = params.request.code;
    mutate(params.request);
  }, [params, provider, mutate]);

  let message = processingMessages[provider];
  let outcome: 'pending' | 'success' | 'error' | 'cancelled' = 'pending';
  if (!params.ok && params.cancelled) {
    message = cancelledMessage(provider);
    outcome = 'cancelled';
  } else if (!params.ok) {
    message = failureText(provider, 'no-code', null);
    outcome = 'error';
  } else if (authorization.isSuccess) {
    message = syncMessages.authCompleted;
    outcome = 'success';
  } else if (authorization.isError) {
    message = failureText(provider, 'failed', authorization.error.message);
    outcome = 'error';
  }

  const step = nextStep(next);
  return (
    <div className={connectionStyles.callback}>
      <p
        className={cx(
          connectionStyles.callbackMessage,
          outcome === 'error' && connectionStyles.isError,
          outcome === 'success' && connectionStyles.isSuccess,
        )}
        role={outcome === 'error' ? 'alert' : 'status'}
      >
        {message}
      </p>
      {outcome === 'pending' ? <span className={spinnerStyles.spinner} aria-hidden="true" /> : null}
      {outcome === 'success' ? (
        <p className={connectionStyles.callbackNext}>
          {step.label} in a few seconds…{' '}
          <Link to={step.to} state={step.state}>
            Go now
          </Link>
        </p>
      ) : null}
      {outcome === 'error' || outcome === 'cancelled' ? (
        <p className={connectionStyles.callbackNext}>
          <Link to={paths.dashboard}>Back to the catalogs</Link> to try again with &lsquo;Sign in to Sync&rsquo;.
        </p>
      ) : null}
    </div>
  );
}
