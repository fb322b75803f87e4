import type { AppContext } from '../../../context.ts';
import { enforceRateLimits } from '../../../security/rate-limits.ts';

/** The public forms' limits: per address entered (no mail flooding) and per client (no list filling). */
export async function limitSignupForm(ctx: AppContext, form: 'newsletter' | 'marketing' | 'setup-call', email: string, clientAddress: string): Promise<void> {
  await enforceRateLimits(ctx, [
    { key: `${form}:email:${email}`, rule: ctx.config.rateLimits.signupFormsPerEmail },
    { key: `${form}:address:${clientAddress}`, rule: ctx.config.rateLimits.signupFormsPerAddress },
  ]);
}
