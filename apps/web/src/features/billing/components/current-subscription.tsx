import type { SubscriptionSummary } from '@tradelist/contract/billing';
import { useId, useState } from 'react';
import buttonStyles from '../../../components/ui/button.module.css';
import { cx } from '../../../lib/cx';
import { formatDayOf } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useBillingPortalSession } from '../api/billing-portal-session';
import { useCancelSubscription, useRequestRefund } from '../api/change-subscription';
import { failureMessage } from '../utils/failure-message';
import {
  billingMessages,
  downloadsText,
  periodText,
  refundConfirmationText,
  sourceNote,
  subscriptionStatusText,
} from '../utils/subscription-text';
import { ConfirmDialog } from './confirm-dialog';
import billingStyles from './billing.module.css';

type OpenDialog = 'cancel' | 'refund' | null;

/** The subscription's actions (portal, cancel, refund): each toast replaces the one before. */
const subscriptionToasts = { form: 'subscription' } as const;

/** Cancel and refund: either closes its question and says how it went. */
function useSubscriptionChanges(closeDialog: () => void) {
  const cancel = useCancelSubscription({
    onSuccess() {
      closeDialog();
      // product §8.9: exactly this text.
      notify.success(billingMessages.canceled, subscriptionToasts);
    },
    onError(error) {
      closeDialog();
      notify.error(failureMessage(error, billingMessages.cancelFailed), subscriptionToasts);
    },
  });
  const refund = useRequestRefund({
    onSuccess(answer) {
      closeDialog();
      notify.success(answer.message, subscriptionToasts);
    },
    onError(error) {
      closeDialog();
      notify.error(failureMessage(error, billingMessages.refundFailed), subscriptionToasts);
    },
  });
  return { cancel, refund };
}

/** The plan's name and its status badge. */
function SubscriptionHeader({ summary, titleId }: { summary: SubscriptionSummary; titleId: string }) {
  return (
    <header className={billingStyles.subscriptionHeader}>
      <div>
        <p className={billingStyles.subscriptionEyebrow}>Your plan</p>
        <h2 className={billingStyles.subscriptionName} id={titleId}>
          {summary.plan_name}
        </h2>
      </div>
      <p className={cx(billingStyles.statusBadge, statusClass(summary.status))}>
        <span className="visually-hidden">Status: </span>
        {subscriptionStatusText(summary)}
      </p>
    </header>
  );
}

interface SubscriptionActionsProps {
  summary: SubscriptionSummary;
  /** The portal's URL is being fetched, or the browser is already leaving for it. */
  isOpeningPortal: boolean;
  onManageBilling: () => void;
  onAsk: (dialog: 'cancel' | 'refund') => void;
}

/** Manage billing, Request a refund and Cancel subscription, each when the subscription allows it. */
function SubscriptionActions({ summary, isOpeningPortal, onManageBilling, onAsk }: SubscriptionActionsProps) {
  if (!summary.can_manage_billing && !summary.can_cancel && !summary.refund_eligible) return null;
  return (
    <div className={billingStyles.subscriptionActions}>
      {summary.can_manage_billing ? (
        <button
          type="button"
          className={cx(buttonStyles.button, buttonStyles.buttonPrimary)}
          disabled={isOpeningPortal}
          onClick={onManageBilling}
        >
          {isOpeningPortal ? 'Opening the billing portal…' : 'Manage billing'}
        </button>
      ) : null}
      {summary.refund_eligible ? (
        <button type="button" className={cx(buttonStyles.button, buttonStyles.buttonOutline)} onClick={() => onAsk('refund')}>
          Request a refund
        </button>
      ) : null}
      {summary.can_cancel ? (
        <button type="button" className={cx(buttonStyles.button, buttonStyles.buttonOutline)} onClick={() => onAsk('cancel')}>
          Cancel subscription
        </button>
      ) : null}
    </div>
  );
}

/**
 * product §2.9 with a subscription: the plan, its status, when it renews or ends, the downloads
 * this period, and what the user can do with it (billing portal, cancel, refund).
 */
export function CurrentSubscription({ summary }: { summary: SubscriptionSummary }) {
  const titleId = useId();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const portal = useBillingPortalSession({
    onError: (error) => notify.error(failureMessage(error, billingMessages.portalFailed), subscriptionToasts),
  });
  const { cancel, refund } = useSubscriptionChanges(() => setDialog(null));
  const note = sourceNote(summary);

  return (
    <>
      <article className={billingStyles.subscription} aria-labelledby={titleId}>
        <SubscriptionHeader summary={summary} titleId={titleId} />
        <ul className={billingStyles.subscriptionFacts}>
          <li>{periodText(summary)}</li>
          <li>{downloadsText(summary)}</li>
        </ul>
        {note ? <p className={billingStyles.subscriptionNote}>{note}</p> : null}
        <SubscriptionActions summary={summary} isOpeningPortal={portal.isPending || portal.isSuccess} onManageBilling={() => portal.mutate()} onAsk={setDialog} />
      </article>
      <ConfirmDialog
        open={dialog === 'cancel'}
        title="Cancel subscription"
        text={`Your subscription will not renew. You keep downloading and syncing paid editions until ${formatDayOf(summary.period_end)}.`}
        confirmLabel="Yes, cancel it"
        dismissLabel="Keep my subscription"
        isBusy={cancel.isPending}
        onConfirm={() => cancel.mutate()}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        open={dialog === 'refund'}
        title="Request a refund"
        text={refundConfirmationText(summary)}
        confirmLabel="Yes, refund and end it"
        dismissLabel="Keep my subscription"
        isBusy={refund.isPending}
        onConfirm={() => refund.mutate()}
        onClose={() => setDialog(null)}
      />
    </>
  );
}

function statusClass(status: SubscriptionSummary['status']): string | undefined {
  if (status === 'canceled') return billingStyles.statusBadgeCanceled;
  if (status === 'past_due') return billingStyles.statusBadgePastDue;
  return undefined;
}
