import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../../db/database.ts';
import type { PlanRow, PlansTable } from '../../../db/schema.ts';

/** Every plan, on sale or not, with how many subscriptions on it are running (the console's list). */
export function listPlansWithSubscriberCounts(db: Db, now: Date): Promise<Array<PlanRow & { subscriber_count: number }>> {
  return db
    .selectFrom('plans')
    .selectAll('plans')
    .select((eb) =>
      eb
        .selectFrom('subscriptions')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('subscriptions.plan_id', '=', 'plans.id')
        .where('subscriptions.status', '<>', 'expired')
        .where('subscriptions.period_end', '>', now)
        .as('subscriber_count'),
    )
    .orderBy('position')
    .orderBy('id')
    .execute()
    .then((rows) => rows.map((row) => ({ ...row, subscriber_count: Number(row.subscriber_count ?? 0) })));
}

/** The plan with this id, locked until the transaction ends. */
export function lockPlan(db: Db, id: number): Promise<PlanRow | undefined> {
  return db.selectFrom('plans').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Another plan with this slug or name (case-insensitive), if any. */
export function findPlanClash(db: Db, name: string, slug: string | null, exceptId: number | null): Promise<PlanRow | undefined> {
  let query = db
    .selectFrom('plans')
    .selectAll()
    .where((eb) => eb.or([eb(sql<string>`lower(name)`, '=', name.toLowerCase()), ...(slug ? [eb('slug', '=', slug)] : [])]));
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  return query.executeTakeFirst();
}

/** Adds a plan after the others in display order. */
export function insertPlan(db: Db, plan: Omit<Insertable<PlansTable>, 'position'>): Promise<PlanRow> {
  return db
    .insertInto('plans')
    .values((eb) => ({ ...plan, position: eb.selectFrom('plans').select(sql<number>`coalesce(max(position), 0) + 1`.as('p')) }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updatePlan(db: Db, id: number, changes: Updateable<PlansTable>): Promise<PlanRow> {
  return db.updateTable('plans').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** How many running subscriptions a plan has. */
export async function countPlanSubscribers(db: Db, planId: number, now: Date): Promise<number> {
  const row = await db
    .selectFrom('subscriptions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('plan_id', '=', planId)
    .where('status', '<>', 'expired')
    .where('period_end', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
