import { zodResolver } from '@hookform/resolvers/zod';
import { exceptionReasonMessage, type OperatorRefundRequest, type OperatorUserActionResponse } from '@tradelist/contract/operator-users';
import { formatUsd } from '@tradelist/pricing/money';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import buttonStyles from '../../../../components/ui/button.module.css';
import { TextField } from '../../../../components/ui/text-field';
import { cx } from '../../../../lib/cx';
import { formatDayOf } from '../../../../lib/format';
import { notify } from '../../../../lib/notify';
import { useUserAction, useUserDetail, type UserAction, type UserDetail } from '../../api/users';
import consoleStyles from '../operator-console.module.css';
import { SectionState } from '../section-state';
import { ConsoleTable } from '../shared/console-table';
import { LabelledValues } from '../shared/labelled-values';
import styles from './users.module.css';

const button = cx(buttonStyles.button, buttonStyles.buttonOutline);
const primary = cx(buttonStyles.button, buttonStyles.buttonPrimary);

function Facts({ rows }: { rows: Array<[label: string, value: ReactNode]> }) {
  return <LabelledValues className={styles.usersFacts} rows={rows} />;
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** The account's own facts: state, role, how they sign in, and their email preferences. */
function AccountFacts({ account }: { account: UserDetail['account'] }) {
  return (
    <Facts
      rows={[
        ['Name', account.name],
        ['State', account.is_disabled ? 'Disabled' : account.is_verified ? 'Active' : 'Not activated'],
        ['Role', account.role === 'operator' ? 'Operator' : 'User'],
        ['Signs in with', [account.has_password ? 'Password' : null, account.google_email ? `Google (${account.google_email})` : null].filter(Boolean).join(', ') || '—'],
        ['Joined', formatDayOf(account.created_at)],
        ['Last sign-in', account.last_login_at ? formatDayOf(account.last_login_at) : 'Never'],
        ['New-edition emails (update1)', yesNo(account.wants_edition_emails)],
        ['Product-news emails (update2)', yesNo(account.wants_product_news)],
      ]}
    />
  );
}

/** The onboarding answers and the subscription now, each with its heading. */
function OnboardingAndSubscription({ user }: { user: UserDetail }) {
  const { subscription } = user;
  return (
    <>
      <h3>Onboarding answers</h3>
      {user.onboarding ? (
        <Facts
          rows={[
            ['Software', user.onboarding.software],
            ['Team size', user.onboarding.team_size],
            ['Heard of us through', user.onboarding.referral_source],
            ['Phone', user.onboarding.phone_number ?? '—'],
            ['May be contacted', yesNo(user.onboarding.can_contact)],
          ]}
        />
      ) : (
        <p className={consoleStyles.operatorConsoleMuted}>Not answered yet.</p>
      )}

      <h3>Subscription</h3>
      {subscription ? (
        <Facts
          rows={[
            ['Plan', `${subscription.plan_name} (${subscription.source === 'complimentary' ? 'complimentary' : subscription.source === 'one_time_payment' ? 'one-time purchase' : 'subscription'})`],
            ['Status', subscription.status],
            ['Current period', `${formatDayOf(subscription.current_period_start)} – ${formatDayOf(subscription.period_end)}`],
            ['Downloads this period', `${subscription.downloads_used} / ${subscription.downloads_allowed}`],
            ['Renews', yesNo(subscription.renews)],
          ]}
        />
      ) : (
        <p className={consoleStyles.operatorConsoleMuted}>No subscription now.</p>
      )}
    </>
  );
}

/** One action that needs no input: a heading, what it does, and its button. */
function SimpleAction({ title, text, label, busy, onRun }: { title: string; text: string; label: string; busy: boolean; onRun: () => void }) {
  return (
    <div className={styles.usersAction}>
      <h3>{title}</h3>
      <p>{text}</p>
      <button type="button" className={button} disabled={busy} onClick={onRun}>
        {label}
      </button>
    </div>
  );
}

/** What the console can do for this user, each where it applies. */
function UserActions({ user, busy, run }: { user: UserDetail; busy: boolean; run: (action: UserAction) => void }) {
  const { account, subscription } = user;
  return (
    <div className={styles.usersActions}>
      <GrantForm busy={busy} onGrant={(days) => run({ kind: 'grant', days })} />
      {subscription?.source === 'complimentary' ? (
        <SimpleAction title="End the complimentary subscription" text="Ends it now; a paid subscription is left alone." label="Revoke complimentary subscription" busy={busy} onRun={() => run({ kind: 'revoke' })} />
      ) : null}
      {!account.is_verified && account.has_password ? (
        <SimpleAction title="Activation" text="The account is waiting for activation." label="Resend activation email" busy={busy} onRun={() => run({ kind: 'resend-activation' })} />
      ) : null}
      <RefundForms user={user} busy={busy} onRefund={(request) => run({ kind: 'refund', request })} />
      {account.is_disabled ? (
        <SimpleAction title="Disabled account" text="Sign-ins are refused. Enabling lets the owner sign in again." label="Enable account" busy={busy} onRun={() => run({ kind: 'enable' })} />
      ) : account.role === 'user' ? (
        <DisableForm busy={busy} onDisable={(reason) => run({ kind: 'disable', reason })} />
      ) : null}
    </div>
  );
}

/** One user as support sees them, and what the console can do for them. */
export function UserDetail({ id }: { id: number }) {
  const detail = useUserDetail(id);
  const action = useUserAction(id, {
    onSuccess: (answer: OperatorUserActionResponse) => notify.success(answer.message),
    onError: (error) => notify.error(error.message),
  });
  if (detail.isPending || detail.isError) return <SectionState query={detail} what="user" />;
  const user = detail.data;
  return (
    <section className={styles.usersDetail} aria-labelledby="operator-user-title">
      <h2 id="operator-user-title">{user.account.email}</h2>
      <AccountFacts account={user.account} />
      <OnboardingAndSubscription user={user} />
      <History user={user} />
      <UserActions user={user} busy={action.isPending} run={(next) => action.mutate(next)} />
    </section>
  );
}

function History({ user }: { user: UserDetail }) {
  return (
    <>
      {user.subscriptions.length > 0 ? (
        <ConsoleTable caption="Subscriptions and periods" columns={['Plan', 'Kind', 'Status', 'Started', 'Current period']}>
          {user.subscriptions.map((s) => (
            <tr key={s.id}>
              <td>{s.plan_name}</td>
              <td>{s.source.replaceAll('_', ' ')}</td>
              <td>{s.status}</td>
              <td>{formatDayOf(s.period_start)}</td>
              <td>
                {formatDayOf(s.current_period_start)} – {formatDayOf(s.period_end)}
              </td>
            </tr>
          ))}
        </ConsoleTable>
      ) : null}
      {user.payments.length > 0 ? (
        <ConsoleTable caption="Payments" columns={['Paid', 'Kind', 'Amount', 'Period', 'Refunded']}>
          {user.payments.map((p) => (
            <tr key={p.id}>
              <td>{formatDayOf(p.paid_at)}</td>
              <td>{p.kind.replace('_', '-')}</td>
              <td>{formatUsd(p.amount_cents)}</td>
              <td>
                {formatDayOf(p.period_start)} – {formatDayOf(p.period_end)}
              </td>
              <td>{p.refunded_at ? formatDayOf(p.refunded_at) : '—'}</td>
            </tr>
          ))}
        </ConsoleTable>
      ) : null}
      <ConsoleTable caption="Syncs (latest 20) and connections" columns={['Service', 'Edition or company', 'Status', 'When']}>
        {user.connections.map((c) => (
          <tr key={`connection-${c.provider}`}>
            <td>{c.provider === 'quickbooks' ? 'QuickBooks' : 'Jobber'} connection</td>
            <td>{c.account_name ?? '—'}</td>
            <td>{c.status === 'connected' ? 'Connected' : `Disconnected${c.disconnected_reason ? ` (${c.disconnected_reason})` : ''}`}</td>
            <td>{formatDayOf(c.connected_at)}</td>
          </tr>
        ))}
        {user.syncs.map((s) => (
          <tr key={s.id}>
            <td>{s.provider === 'quickbooks' ? 'QuickBooks' : 'Jobber'} sync</td>
            <td>{s.edition}</td>
            <td>
              {s.status}: {s.created} new, {s.updated} updated, {s.failed} failed of {s.total}
            </td>
            <td>{formatDayOf(s.queued_at)}</td>
          </tr>
        ))}
        {user.connections.length === 0 && user.syncs.length === 0 ? (
          <tr>
            <td colSpan={4} className={consoleStyles.operatorConsoleMuted}>
              No connections or syncs.
            </td>
          </tr>
        ) : null}
      </ConsoleTable>
    </>
  );
}

const grantSchema = z.object({
  days: z.coerce.number<string>({ error: 'Enter a number.' }).int({ error: 'Enter a whole number of days.' }).min(1, { error: 'Enter at least 1 day.' }).max(3650, { error: 'Enter at most 3650 days.' }),
});

function GrantForm({ busy, onGrant }: { busy: boolean; onGrant: (days: number) => void }) {
  const form = useForm<z.input<typeof grantSchema>, unknown, z.output<typeof grantSchema>>({ resolver: zodResolver(grantSchema), defaultValues: { days: '365' } });
  const submit = form.handleSubmit((values) => onGrant(values.days));
  return (
    <form className={styles.usersAction} onSubmit={(event) => void submit(event)}>
      <h3>Complimentary subscription</h3>
      <p>Free access to the paid lists; a running one is extended.</p>
      <TextField label="Days" type="number" inputMode="numeric" min={1} max={3650} error={form.formState.errors.days?.message} {...form.register('days')} />
      <button type="submit" className={primary} disabled={busy}>
        Grant complimentary subscription
      </button>
    </form>
  );
}

const disableSchema = z.object({ reason: z.string().trim().max(1000, { error: 'Ensure this field has no more than 1000 characters.' }) });

function DisableForm({ busy, onDisable }: { busy: boolean; onDisable: (reason: string) => void }) {
  const form = useForm<z.infer<typeof disableSchema>>({ resolver: zodResolver(disableSchema), defaultValues: { reason: '' } });
  const submit = form.handleSubmit((values) => onDisable(values.reason));
  return (
    <form className={styles.usersAction} onSubmit={(event) => void submit(event)}>
      <h3>Disable account</h3>
      <p>Signs the user out everywhere and refuses every sign-in until enabled again.</p>
      <TextField label="Reason (kept in the audit log)" error={form.formState.errors.reason?.message} {...form.register('reason')} />
      <button type="submit" className={button} disabled={busy}>
        Disable account
      </button>
    </form>
  );
}

const exceptionSchema = z.object({
  payment_id: z.coerce.number<string>().int().min(1, { error: 'Choose the payment to refund.' }),
  reason: z.string().trim().min(10, { error: exceptionReasonMessage }).max(1000, { error: 'Ensure this field has no more than 1000 characters.' }),
});

function RefundForms({ user, busy, onRefund }: { user: UserDetail; busy: boolean; onRefund: (request: OperatorRefundRequest) => void }) {
  const refundable = user.payments.filter((p) => p.refundable);
  const form = useForm<z.input<typeof exceptionSchema>, unknown, z.output<typeof exceptionSchema>>({
    resolver: zodResolver(exceptionSchema),
    defaultValues: { payment_id: refundable[0] ? String(refundable[0].id) : '', reason: '' },
  });
  if (refundable.length === 0) return null;
  const submit = form.handleSubmit((values) => onRefund({ by: 'exception', payment_id: values.payment_id, reason: values.reason }));
  return (
    <>
      <div className={styles.usersAction}>
        <h3>Refund by the rule</h3>
        <p>{user.refund_rule_refusal ?? 'The renewal was paid within 10 days and nothing was downloaded since: it can be refunded.'}</p>
        <button type="button" className={button} disabled={busy || user.refund_rule_refusal !== null} onClick={() => onRefund({ by: 'rule' })}>
          Refund by the rule
        </button>
      </div>
      <form className={styles.usersAction} onSubmit={(event) => void submit(event)}>
        <h3>Refund as an exception</h3>
        <p>Refunds the payment at Stripe; if it pays for the access now, the subscription ends.</p>
        <label htmlFor="operator-refund-payment">Payment</label>
        <select id="operator-refund-payment" {...form.register('payment_id')}>
          {refundable.map((p) => (
            <option key={p.id} value={p.id}>
              {formatDayOf(p.paid_at)}: {formatUsd(p.amount_cents)} ({p.kind.replace('_', '-')})
            </option>
          ))}
        </select>
        <TextField label="Why outside the rule" error={form.formState.errors.reason?.message} {...form.register('reason')} />
        <button type="submit" className={button} disabled={busy}>
          Refund as an exception
        </button>
      </form>
    </>
  );
}
