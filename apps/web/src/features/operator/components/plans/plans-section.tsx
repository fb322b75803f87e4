import { zodResolver } from '@hookform/resolvers/zod';
import type { OperatorPlan, SavePlanRequest } from '@tradelist/contract/operator-content';
import { planIntervals } from '@tradelist/contract/operator-content';
import { centsToDecimal, formatUsd, parseDollars } from '@tradelist/pricing/money';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import fieldStyles from '../../../../components/ui/field.module.css';
import { TextField } from '../../../../components/ui/text-field';
import { notify } from '../../../../lib/notify';
import { useOperatorPlans, useSavePlan } from '../../api/content';
import { showSaveError } from '../../utils/server-errors';
import styles from '../operator-console.module.css';
import contentStyles from '../content/content.module.css';
import { SectionState } from '../section-state';
import { ConsoleTable } from '../shared/console-table';
import { EditButton } from '../shared/edit-button';
import { FormActions } from '../shared/form-actions';
import { NewOrEditor, type Editing } from '../shared/new-or-editor';

const amountMessage = 'Give an amount in dollars, such as 420 or 420.00.';
/** Dollars as typed ("420", "420.5", "420.50": no "$" or commas) to integer cents, or null. */
const typedCents = (text: string) => parseDollars(text, { plain: true });

/** The form's fields: prices in dollars as typed; the server gets integer cents. */
const planForm = z.object({
  name: z.string().trim().min(1, { error: 'This field is required.' }),
  description: z.string().trim().min(1, { error: 'This field is required.' }),
  price: z.string().refine((value) => typedCents(value) !== null, { error: amountMessage }),
  regular_price: z.string().refine((value) => value.trim() === '' || typedCents(value) !== null, { error: amountMessage }),
  interval: z.enum(planIntervals),
  download_max: z.string().regex(/^\d{1,6}$/, { error: 'Give a whole number of downloads.' }),
  is_active: z.boolean(),
});
type PlanForm = z.infer<typeof planForm>;

const intervalLabels: Record<(typeof planIntervals)[number], string> = { none: 'Free (no payment)', year: 'Yearly (or paid once for 12 months)', month: 'Monthly (or paid once for 1 month)' };

function toRequest(form: PlanForm): SavePlanRequest {
  return {
    name: form.name,
    description: form.description,
    price: typedCents(form.price)!,
    regular_price: form.regular_price.trim() === '' ? null : typedCents(form.regular_price),
    interval: form.interval,
    download_max: Number(form.download_max),
    is_active: form.is_active,
  };
}

function PlanForm({ plan, onDone }: { plan: OperatorPlan | null; onDone: () => void }) {
  const save = useSavePlan();
  const { register, handleSubmit, setError, formState } = useForm<PlanForm>({
    resolver: zodResolver(planForm),
    defaultValues: plan
      ? {
          name: plan.name,
          description: plan.description,
          price: centsToDecimal(plan.price),
          regular_price: plan.regular_price === null ? '' : centsToDecimal(plan.regular_price),
          interval: plan.interval,
          download_max: String(plan.download_max),
          is_active: plan.is_active,
        }
      : { name: '', description: '', price: '', regular_price: '', interval: 'year', download_max: '100', is_active: true },
  });
  const submit = handleSubmit((form) =>
    save.mutate(
      { id: plan?.id ?? null, body: toRequest(form) },
      {
        onSuccess: () => {
          notify.success('Plan saved.');
          onDone();
        },
        onError: (error) => showSaveError(error, setError, 'The plan could not be saved.'),
      },
    ),
  );
  return (
    <form className={contentStyles.contentEditor} onSubmit={(event) => void submit(event)} noValidate>
      <h2 className={contentStyles.contentEditorTitle}>{plan ? `Edit ${plan.name}` : 'New plan'}</h2>
      <TextField label="Name" error={formState.errors.name?.message} {...register('name')} />
      <TextField label="Description" error={formState.errors.description?.message} {...register('description')} />
      <TextField label="Price in dollars (one payment)" inputMode="decimal" suffix="$" error={formState.errors.price?.message} {...register('price')} />
      <TextField label="Normal price in dollars (optional, shown struck through)" inputMode="decimal" suffix="$" error={formState.errors.regular_price?.message} {...register('regular_price')} />
      <div className={fieldStyles.field}>
        <label className={fieldStyles.fieldLabel} htmlFor="plan-interval">
          Interval
        </label>
        <select id="plan-interval" className={fieldStyles.fieldInput} {...register('interval')}>
          {planIntervals.map((interval) => (
            <option key={interval} value={interval}>
              {intervalLabels[interval]}
            </option>
          ))}
        </select>
      </div>
      <TextField label="Download maximum per period" inputMode="numeric" error={formState.errors.download_max?.message} {...register('download_max')} />
      <label className={contentStyles.contentEditorCheck}>
        <input type="checkbox" {...register('is_active')} /> On sale
      </label>
      <p className={fieldStyles.fieldHint}>
        Saving a paid plan updates its Stripe product and prices. A new price is a new Stripe price: subscribers keep the price they pay.
      </p>
      <FormActions saveLabel="Save plan" pendingLabel="Saving…" pending={save.isPending} onCancel={onDone} />
    </form>
  );
}

const money = (cents: number) => formatUsd(cents, { grouping: false });

/** Plans (product §10.13): name, description, price, interval, download maximum, on sale; saved to Stripe. */
export function PlansSection() {
  const plans = useOperatorPlans();
  const [editing, setEditing] = useState<Editing<OperatorPlan>>(null);
  if (plans.isPending || plans.isError) return <SectionState query={plans} what="plans" />;
  return (
    <>
      <ConsoleTable caption="Plans" columns={['Name', 'Price', 'Interval', 'Downloads', 'On sale', 'Subscribers', 'Stripe prices']} hiddenColumn="Actions">
        {plans.data.map((plan) => (
          <tr key={plan.id}>
            <td>{plan.name}</td>
            <td>
              {money(plan.price)}
              {plan.regular_price === null ? null : <span className={styles.operatorConsoleMuted}> (normally {money(plan.regular_price)})</span>}
            </td>
            <td>{plan.interval === 'none' ? 'Free' : plan.interval === 'year' ? 'Yearly' : 'Monthly'}</td>
            <td>{plan.download_max}</td>
            <td>{plan.is_active ? 'Yes' : 'No'}</td>
            <td>{plan.subscriber_count}</td>
            <td>
              {plan.is_free ? (
                <span className={styles.operatorConsoleMuted}>—</span>
              ) : (
                <code>{[plan.stripe_price_id_recurring ?? 'not linked', plan.stripe_price_id_one_time ?? 'not linked'].join(', ')}</code>
              )}
            </td>
            <td>
              <EditButton name={plan.name} onEdit={() => setEditing(plan)} />
            </td>
          </tr>
        ))}
      </ConsoleTable>
      <NewOrEditor editing={editing} newLabel="New plan" onNew={() => setEditing('new')} editor={(plan) => <PlanForm plan={plan} onDone={() => setEditing(null)} />} />
    </>
  );
}
