import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../errors.ts';
import { escapeHtml } from '../../../mail/templates.ts';
import { readUnsubscribeToken, type PreferenceKind } from '../../../mail/unsubscribe.ts';
import { setEmailPreference } from '../repositories/users.ts';

export const unsubscribeLinkInvalidMessage = 'This unsubscribe link is not valid. You can change your email preferences in Settings, under Updates.';

const WHAT: Record<PreferenceKind, string> = { wants_edition_emails: 'new edition emails', wants_product_news: 'product update emails' };


function page(title: string, paragraphs: string[], form?: { action: string; label: string }): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('');
  const button = form
    ? `<form method="post" action="${escapeHtml(form.action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit" style="background:#f26b1d;color:#fff;border:0;padding:12px 20px;border-radius:6px;font-weight:600;font-size:16px;cursor:pointer">${escapeHtml(form.label)}</button></form>`
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} - Tradelist</title></head><body style="font-family:Arial,Helvetica,sans-serif;color:#1b2733;max-width:560px;margin:0 auto;padding:24px"><p style="font-size:20px;font-weight:700;color:#14213d">Tradelist</p><h1 style="font-size:22px">${escapeHtml(title)}</h1>${body}${button}</body></html>`;
}

/** A link that is not one of ours (mangled, or signed with another secret): the API's one error body. */
const invalid = () => new AppError('LINK_INVALID', unsubscribeLinkInvalidMessage);

/**
 * GET of an unsubscribe link: a page with a button that confirms. It changes nothing, because
 * mail scanners and link previews fetch links nobody clicked.
 */
export function unsubscribeConfirmation(ctx: AppContext, token: string): string {
  const target = readUnsubscribeToken(ctx.config.sessionSecret, token);
  if (!target) throw invalid();
  return page('Unsubscribe', [`Stop receiving ${WHAT[target.kind]} from Tradelist?`], { action: `/api/unsubscribe/${token}/`, label: 'Unsubscribe' });
}

/**
 * POST of an unsubscribe link (RFC 8058 one-click, or the page's button): turns that kind of
 * email off for the user the signed token names, without a session. Repeating it is harmless;
 * a deleted account's link answers the same as any other (nothing left to turn off).
 */
export async function unsubscribe(ctx: AppContext, token: string): Promise<string> {
  const target = readUnsubscribeToken(ctx.config.sessionSecret, token);
  if (!target) throw invalid();
  await setEmailPreference(ctx.db, target.userId, target.kind, false, ctx.clock.now());
  return page('You are unsubscribed', [
    `You will no longer receive ${WHAT[target.kind]} from Tradelist.`,
    'Changed your mind? Turn them back on in Settings, under Updates.',
  ]);
}
