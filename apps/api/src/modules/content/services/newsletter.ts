import { appRoutes, buildPath } from '@tradelist/contract/app-routes';
import { newsletterAlreadySubscribedMessage, newsletterLinkInvalidMessage, newsletterMessages, newsletterUnsubscribedMessage } from '@tradelist/contract/content';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../errors.ts';
import { runUnitOfWork } from '../../../jobs/unit-of-work.ts';
import { hmac, safeEqual } from '../../../lib/secrets.ts';
import { queueEmail } from '../../../mail/send-email-job.ts';
import { newsletterConfirmationMail } from '../../../mail/templates.ts';
import { subscribeToNewsletter, unsubscribeFromNewsletter } from '../repositories/signups.ts';
import { limitSignupForm } from './signup-limits.ts';

/** The signature of a subscriber's unsubscribe link: an HMAC with the server's secret, so no token is stored. */
function signature(ctx: AppContext, subscriberId: number): string {
  return hmac(ctx.config.sessionSecret, `newsletter-unsubscribe:${subscriberId}`);
}

/** `<id>.<signature>`: stays valid for as long as the subscriber exists (an unsubscribe link must not expire). */
export function unsubscribeToken(ctx: AppContext, subscriberId: number): string {
  return `${Buffer.from(String(subscriberId)).toString('base64url')}.${signature(ctx, subscriberId)}`;
}

/** The subscriber id a token was signed for, or null. */
function verifyUnsubscribeToken(ctx: AppContext, token: string): number | null {
  const match = /^([A-Za-z0-9_-]{1,16})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64url').toString('utf8');
  if (!/^[1-9][0-9]{0,9}$/.test(decoded) || Number(decoded) > 2_147_483_647) return null;
  const id = Number(decoded);
  return safeEqual(match[2]!, signature(ctx, id)) ? id : null;
}

/**
 * `POST /newsletter_email/` (product §5.4): stores the address once and mails a confirmation
 * with the unsubscribe link. A second sign-up of a subscribed address is answered kindly and
 * changes nothing; an address that had unsubscribed is subscribed again. Rate-limited per address
 * entered and per client.
 */
export async function subscribe(ctx: AppContext, emailInput: string, clientAddress: string): Promise<{ message: string; subscribed: boolean }> {
  const email = emailInput.trim().toLowerCase();
  await limitSignupForm(ctx, 'newsletter', email, clientAddress);
  const result = await runUnitOfWork(ctx, async (trx) => {
    const { subscriber, subscribed } = await subscribeToNewsletter(trx, email, ctx.clock.now(), clientAddress);
    if (subscribed) {
      const link = `${ctx.config.appUrl}${buildPath(appRoutes.newsletterUnsubscribe, { token: unsubscribeToken(ctx, subscriber.id) })}`;
      await queueEmail(ctx, trx, email, newsletterConfirmationMail(link));
    }
    return subscribed;
  });
  return result
    ? { message: newsletterMessages.success, subscribed: true }
    : { message: newsletterAlreadySubscribedMessage, subscribed: false };
}

/** `POST /newsletter-unsubscribe/`: the link's page asks first, then sends this (a mail scanner's GET changes nothing). */
export async function unsubscribe(ctx: AppContext, token: string): Promise<{ message: string }> {
  const id = verifyUnsubscribeToken(ctx, token);
  if (id === null || !(await unsubscribeFromNewsletter(ctx.db, id, ctx.clock.now()))) {
    throw new AppError('LINK_INVALID', newsletterLinkInvalidMessage);
  }
  return { message: newsletterUnsubscribedMessage };
}
