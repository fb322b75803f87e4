import { marketingMessages } from '@tradelist/contract/content';
import type { AppContext } from '../../../context.ts';
import { insertMarketingSignup } from '../repositories/signups.ts';
import { limitSignupForm } from './signup-limits.ts';

/** `POST /marketing-signup/`: enters the address in the free-year draw once; a repeat is answered the same. */
export async function enterFreeYearDraw(ctx: AppContext, emailInput: string, clientAddress: string): Promise<{ success: true; message: string }> {
  const email = emailInput.trim().toLowerCase();
  await limitSignupForm(ctx, 'marketing', email, clientAddress);
  await insertMarketingSignup(ctx.db, email, ctx.clock.now(), clientAddress);
  return { success: true, message: marketingMessages.success };
}
