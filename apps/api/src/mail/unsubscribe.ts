import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { hmac, safeEqual } from '../lib/secrets.ts';
import { queueEmail } from './send-email-job.ts';
import { escapeHtml, type MailContent } from './templates.ts';

/**
 * The one-click unsubscribe of product §10.14: every email of the two kinds a user can turn off
 * (new editions and product news) carries a link that turns that kind off
 * without signing in, in the body and in the RFC 8058 headers (`List-Unsubscribe` and
 * `List-Unsubscribe-Post`), so mail clients can show their own unsubscribe button.
 *
 * The link's token is `{user id}.{kind}.{HMAC}`: signed with the server's secret, bound to one
 * user and one kind, without expiry (an old newsletter's link keeps working, as the RFC expects).
 * It can only turn a preference off, so a leaked link costs at most an email the owner can turn
 * back on in the settings. Ids are never reused, so a deleted account's links touch no one.
 */
export type PreferenceKind = 'wants_edition_emails' | 'wants_product_news';

const KIND_CODES: Record<PreferenceKind, string> = { wants_edition_emails: 'e', wants_product_news: 'p' };

/** What the signature binds for each kind: the wire's names, which links already sent were signed with. */
const SIGNED_KIND_NAMES: Record<PreferenceKind, string> = { wants_edition_emails: 'update1', wants_product_news: 'update2' };

function signature(secret: string, userId: number, kind: PreferenceKind): string {
  return hmac(secret, `unsubscribe|${userId}|${SIGNED_KIND_NAMES[kind]}`);
}

/** The token of a user's unsubscribe link for one kind of email. */
export function unsubscribeToken(secret: string, userId: number, kind: PreferenceKind): string {
  return `${userId}.${KIND_CODES[kind]}.${signature(secret, userId, kind)}`;
}

/** The user and kind a token names when its signature is right; null for anything else (never throws). */
export function readUnsubscribeToken(secret: string, token: string): { userId: number; kind: PreferenceKind } | null {
  const match = /^([1-9][0-9]{0,9})\.([a-z])\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const kind = (Object.keys(KIND_CODES) as PreferenceKind[]).find((k) => KIND_CODES[k] === match[2]);
  if (!kind || userId > 2_147_483_647) return null;
  return safeEqual(match[3]!, signature(secret, userId, kind)) ? { userId, kind } : null;
}

/** `APP_URL/api/unsubscribe/{token}/`: the GET shows a confirmation button, the POST unsubscribes. */
export function unsubscribeUrl(ctx: Pick<AppContext, 'config'>, userId: number, kind: PreferenceKind): string {
  return `${ctx.config.appUrl}/api/unsubscribe/${unsubscribeToken(ctx.config.sessionSecret, userId, kind)}/`;
}

const WHAT: Record<PreferenceKind, string> = { wants_edition_emails: 'new edition emails', wants_product_news: 'product update emails' };

/** Adds the unsubscribe link to a mail's bodies and the RFC 8058 headers. */
export function withOneClickUnsubscribe(mail: MailContent, url: string, kind: PreferenceKind): MailContent {
  const note = `You receive ${WHAT[kind]} because you asked for them. Unsubscribe: ${url}`;
  const htmlNote = `<p style="font-size:12px;color:#777;margin-top:8px">You receive ${WHAT[kind]} because you asked for them. <a href="${escapeHtml(url)}">Unsubscribe</a></p>`;
  return {
    ...mail,
    text: `${mail.text}\n\n${note}`,
    html: mail.html.replace('</body>', `${htmlNote}</body>`),
    headers: { ...mail.headers, 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/**
 * Queues a mail of a kind the user can turn off, with its unsubscribe link; nothing when the
 * user has turned that kind off. Returns whether a mail was queued; in a unit of work, the
 * commit wakes the workers.
 */
export async function queuePreferenceEmail(
  ctx: AppContext,
  db: Db,
  user: { id: number; email: string } & Record<PreferenceKind, boolean>,
  kind: PreferenceKind,
  mail: MailContent,
): Promise<boolean> {
  if (!user[kind]) return false;
  await queueEmail(ctx, db, user.email, withOneClickUnsubscribe(mail, unsubscribeUrl(ctx, user.id, kind), kind));
  return true;
}
