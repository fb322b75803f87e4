import type { onboardingRequest, OnboardingResponse } from '@tradelist/contract/onboarding';
import type { z } from 'zod';
import type { AppContext } from '../../../context.ts';
import { upsertOnboardingAnswers } from '../repositories/onboarding-answers.ts';
import { updateUser } from '../repositories/users.ts';

/**
 * POST /onboarding/ (product §4 onboarding): stores the answers and marks the user onboarded, in
 * one transaction. Answering again (another tab) replaces the answers and stays onboarded.
 */
export async function completeOnboarding(ctx: AppContext, userId: number, answers: z.output<typeof onboardingRequest>): Promise<OnboardingResponse> {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    await upsertOnboardingAnswers(trx, {
      user_id: userId,
      software: answers.software,
      team_size: answers.team_size,
      referral_source: answers.referral_source,
      phone_number: answers.phone_number ? answers.phone_number : null,
      can_contact: answers.can_contact,
      answered_at: now,
    });
    await updateUser(trx, userId, { is_onboarded: true }, now);
  });
  return { is_onboarded: true };
}
