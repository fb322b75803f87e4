// The web inbox's HTTP side: its pages, the JSON API tests read messages with, and the
// controls that stop and start SMTP.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendEmpty, sendHtml, sendJson } from '../http-helpers.ts';
import type { InboxMessage, SmtpSimulator } from '../smtp.ts';
import { renderInboxPage, renderMessagePage, renderPage } from './inbox-pages.ts';

/** Answers one request to the inbox. */
export async function handleInboxRequest(
  sim: SmtpSimulator,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://inbox.local');
  const path = url.pathname.replace(/\/+$/, '') || '/';
  const method = req.method ?? 'GET';
  const toFilter = url.searchParams.get('to')?.trim() ?? '';

  if (path === '/' && (method === 'GET' || method === 'HEAD')) {
    sendHtml(res, 200, renderInboxPage(filterByRecipient(sim.messages(), toFilter), toFilter, sim));
    return;
  }
  const pageMatch = /^\/messages\/([^/]+)$/.exec(path);
  if (pageMatch && (method === 'GET' || method === 'HEAD')) {
    const message = findMessage(sim, pageMatch[1]);
    if (!message) {
      sendHtml(res, 404, renderPage('Not found', '<p>No such message. <a href="/">Back to inbox</a></p>'));
      return;
    }
    sendHtml(res, 200, renderMessagePage(message));
    return;
  }
  if (path === '/clear' && method === 'POST') {
    // Form target for the inbox page's "Clear all" button, which cannot send DELETE.
    sim.clear();
    sendEmpty(res, 303, { location: '/' });
    return;
  }
  if (path === '/api/messages') {
    if (method === 'GET') {
      sendJson(res, 200, filterByRecipient(sim.messages(), toFilter));
      return;
    }
    if (method === 'DELETE') {
      sim.clear();
      sendEmpty(res, 204);
      return;
    }
    sendJson(res, 405, { error: 'method_not_allowed' }, { allow: 'GET, DELETE' });
    return;
  }
  const apiMatch = /^\/api\/messages\/([^/]+)$/.exec(path);
  if (apiMatch && method === 'GET') {
    const message = findMessage(sim, apiMatch[1]);
    if (message) sendJson(res, 200, message);
    else sendJson(res, 404, { error: 'not_found' });
    return;
  }
  if (path === '/api/smtp' && method === 'GET') {
    sendJson(res, 200, { running: sim.isSmtpRunning });
    return;
  }
  if (path === '/api/smtp/stop' && method === 'POST') {
    await sim.stopSmtp();
    sendJson(res, 200, { running: sim.isSmtpRunning });
    return;
  }
  if (path === '/api/smtp/start' && method === 'POST') {
    await sim.startSmtp();
    sendJson(res, 200, { running: sim.isSmtpRunning });
    return;
  }
  sendJson(res, 404, { error: 'not_found' });
}

function findMessage(sim: SmtpSimulator, id: string | undefined): InboxMessage | undefined {
  return sim.messages().find((m) => m.id === id);
}

function filterByRecipient(messages: InboxMessage[], to: string): InboxMessage[] {
  if (!to) return messages;
  const wanted = to.toLowerCase();
  return messages.filter((m) => m.to.some((addr) => addr.toLowerCase() === wanted));
}
