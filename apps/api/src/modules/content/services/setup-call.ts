import { setupCallRequestedMessage, type SetupCallRequest } from '@tradelist/contract/content';
import type { AppContext } from '../../../context.ts';
import { runUnitOfWork } from '../../../jobs/unit-of-work.ts';
import { queueEmail } from '../../../mail/send-email-job.ts';
import { setupCallRequestMail } from '../../../mail/templates.ts';
import { insertSetupCallRequest } from '../repositories/signups.ts';
import { limitSignupForm } from './signup-limits.ts';

/**
 * `POST /setup-call-requests/`: when no scheduling page (BOOKING_URL) is set, a visitor asks for
 * the 40%-off setup call; the request is stored for the operator and mailed to SUPPORT_EMAIL in
 * the same transaction. Limited like the other public forms.
 */
export async function requestSetupCall(ctx: AppContext, request: SetupCallRequest, clientAddress: string): Promise<{ message: string }> {
  const email = request.email.trim().toLowerCase();
  await limitSignupForm(ctx, 'setup-call', email, clientAddress);
  const details = { name: request.name, email, phone: request.phone || null, preferredTime: request.preferred_time };
  await runUnitOfWork(ctx, async (trx) => {
    await insertSetupCallRequest(trx, { ...details, requestedAt: ctx.clock.now(), clientAddress });
    await queueEmail(ctx, trx, ctx.config.supportEmail, setupCallRequestMail(details));
  });
  return { message: setupCallRequestedMessage };
}
