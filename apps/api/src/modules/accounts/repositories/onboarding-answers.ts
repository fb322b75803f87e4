import type { Insertable } from 'kysely';
import type { Db } from '../../../db/database.ts';
import type { OnboardingAnswersTable } from '../../../db/schema.ts';

/** Stores a user's onboarding answers; answering again replaces them. */
export async function upsertOnboardingAnswers(db: Db, answers: Insertable<OnboardingAnswersTable>): Promise<void> {
  const { user_id: _userId, ...changes } = answers;
  await db
    .insertInto('onboarding_answers')
    .values(answers)
    .onConflict((oc) => oc.column('user_id').doUpdateSet(changes))
    .execute();
}
