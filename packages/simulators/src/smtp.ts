// SMTP stand-in for local runs and tests: accepts mail like a relay would, keeps it in memory
// (and, given a folder, on disk so it survives a restart) and shows it in a small web inbox. It
// can be stopped and restarted on the same port so tests can exercise "mail server down" paths.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import {
  closeHttpServer,
  escapeHtml,
  listen,
  sendEmpty,
  sendHtml,
  sendJson,
  urlHost,
} from './http-helpers.ts';
import { openInboxStore } from './inbox-store.ts';
import { portErrorFor } from './port-error.ts';

/** One received message as stored by the simulator and served by `/api/messages`. */
export interface InboxMessage {
  /** Incrementing id, unique for the lifetime of the simulator (or of its storage folder). */
  id: string;
  /** Message-ID header as sent (angle brackets included), or '' if the sender set none. */
  messageId: string;
  /** Bare address of the From header, falling back to the envelope sender. */
  from: string;
  /** Envelope recipients (RCPT TO), which include Bcc recipients the headers do not show. */
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** ISO time the simulator received the message. */
  date: string;
  /** Headers by lowercase name; repeated headers are joined with ', '. */
  headers: Record<string, string>;
}

export interface SmtpSimulatorOptions {
  /** Interface for both listeners; default 127.0.0.1. */
  host?: string;
  /** SMTP port; 0 (default) picks a free one. */
  smtpPort?: number;
  /** Web inbox port; 0 (default) picks a free one. */
  httpPort?: number;
  /**
   * Folder that keeps every received message (one JSON file each), so the inbox survives a
   * restart; created when missing. Without it, messages live in memory only.
   */
  storageDir?: string;
}

export interface SmtpSimulator {
  /** e.g. smtp://127.0.0.1:2525 */
  readonly smtpUrl: string;
  /** Base URL of the web inbox and its JSON API. */
  readonly inboxUrl: string;
  readonly smtpPort: number;
  readonly httpPort: number;
  /** Stored messages, newest first. */
  messages(): InboxMessage[];
  /** Forgets every stored message. */
  clear(): void;
  /** Closes only the SMTP listener so clients get ECONNREFUSED; the inbox and messages stay. */
  stopSmtp(): Promise<void>;
  /** Listens for SMTP again on the same port. */
  startSmtp(): Promise<void>;
  readonly isSmtpRunning: boolean;
  /** Stops SMTP and the inbox. */
  close(): Promise<void>;
}

const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;
const MAX_STORED_MESSAGES = 1000;

/** Starts the SMTP listener and the web inbox; resolves once both accept connections. */
export async function startSmtpSimulator(options: SmtpSimulatorOptions = {}): Promise<SmtpSimulator> {
  const host = options.host ?? '127.0.0.1';
  const disk = options.storageDir === undefined ? undefined : openInboxStore(options.storageDir);
  let stored: InboxMessage[] = disk ? disk.load().slice(-MAX_STORED_MESSAGES) : [];
  let nextId = stored.reduce((max, m) => Math.max(max, Number(m.id)), 0) + 1;

  // Written before the SMTP reply: a message the sender saw accepted is on disk.
  const store = (message: Omit<InboxMessage, 'id'>): void => {
    const entry = { id: String(nextId++), ...message };
    disk?.save(entry);
    stored.push(entry);
    if (stored.length > MAX_STORED_MESSAGES) {
      for (const dropped of stored.slice(0, stored.length - MAX_STORED_MESSAGES)) disk?.remove(dropped.id);
      stored = stored.slice(-MAX_STORED_MESSAGES);
    }
  };

  let smtpServer: SMTPServer | null = null;
  let smtpPort = options.smtpPort ?? 0;
  let httpPort = options.httpPort ?? 0;
  // Serialises stop/start so concurrent calls from HTTP and tests cannot interleave half-way.
  let smtpTransition: Promise<void> = Promise.resolve();

  const startSmtp = (): Promise<void> => {
    smtpTransition = smtpTransition.then(async () => {
      if (smtpServer) return;
      const server = createSmtpServer(store);
      try {
        smtpPort = await listenSmtp(server, smtpPort, host);
      } catch (error) {
        throw portErrorFor('smtp', host, smtpPort, error);
      }
      smtpServer = server;
    });
    return smtpTransition;
  };

  const stopSmtp = (): Promise<void> => {
    smtpTransition = smtpTransition.then(async () => {
      const server = smtpServer;
      if (!server) return;
      smtpServer = null;
      await closeSmtp(server);
    });
    return smtpTransition;
  };

  await startSmtp();

  const httpServer = createServer((req, res) => {
    handleInboxRequest(simulator, req, res).catch((err: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: 'internal_error', message: String(err) });
      else res.destroy();
    });
  });

  const simulator: SmtpSimulator = {
    get smtpUrl() {
      return `smtp://${urlHost(host)}:${smtpPort}`;
    },
    get inboxUrl() {
      return `http://${urlHost(host)}:${httpPort}`;
    },
    get smtpPort() {
      return smtpPort;
    },
    get httpPort() {
      return httpPort;
    },
    messages: () => stored.slice().reverse(),
    clear: () => {
      for (const message of stored) disk?.remove(message.id);
      stored = [];
    },
    stopSmtp,
    startSmtp,
    get isSmtpRunning() {
      return smtpServer !== null;
    },
    close: async () => {
      await Promise.all([stopSmtp(), closeHttpServer(httpServer)]);
    },
  };

  try {
    httpPort = await listen(httpServer, httpPort, host);
  } catch (err) {
    await stopSmtp();
    throw portErrorFor('inbox', host, httpPort, err);
  }
  return simulator;
}

function createSmtpServer(store: (message: Omit<InboxMessage, 'id'>) => void): SMTPServer {
  return new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    // Without TLS the library refuses AUTH unless told otherwise; the app may send credentials.
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    size: MAX_MESSAGE_BYTES,
    banner: 'Tradelist SMTP simulator',
    logger: false,
    // stopSmtp simulates an outage, so in-flight sessions are cut after a short grace period.
    closeTimeout: 500,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? 'anonymous' });
    },
    onData(stream, session, callback) {
      receiveMessage(stream, session)
        .then((message) => {
          store(message);
          callback();
        })
        .catch((err: unknown) => {
          callback(err instanceof Error ? err : new Error(String(err)));
        });
    },
  });
}

async function receiveMessage(
  stream: SMTPServerDataStream,
  session: SMTPServerSession,
): Promise<Omit<InboxMessage, 'id'>> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const buf = chunk as Buffer;
    total += buf.length;
    // Keep draining so the SMTP dialogue completes, but stop buffering past the limit.
    if (total <= MAX_MESSAGE_BYTES) chunks.push(buf);
  }
  if (stream.sizeExceeded) {
    throw Object.assign(new Error('Message exceeds fixed maximum message size'), {
      responseCode: 552,
    });
  }
  const email = await PostalMime.parse(Buffer.concat(chunks));

  const headers: Record<string, string> = {};
  for (const header of email.headers) {
    const existing = headers[header.key];
    headers[header.key] = existing === undefined ? header.value : `${existing}, ${header.value}`;
  }

  const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
  const headerFrom = email.from?.address ?? email.from?.group?.[0]?.address;

  return {
    messageId: email.messageId ?? '',
    from: headerFrom ?? envelopeFrom,
    to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
    subject: email.subject ?? '',
    text: email.text ?? '',
    html: email.html ?? '',
    date: new Date().toISOString(),
    headers,
  };
}

function listenSmtp(server: SMTPServer, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error): void => reject(err);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      // Later errors (e.g. a client resetting mid-session) must not crash the process.
      server.on('error', () => undefined);
      resolve((server.server.address() as AddressInfo).port);
    });
  });
}

function closeSmtp(server: SMTPServer): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    // smtp-server may call back twice (listener closed, then grace timeout); resolve once.
    server.close(() => {
      if (done) return;
      done = true;
      resolve();
    });
  });
}

// ---------------------------------------------------------------------------------------------
// HTTP inbox

async function handleInboxRequest(
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

const PAGE_STYLE = `
  body { font: 15px/1.45 system-ui, sans-serif; margin: 0; color: #1d232a; background: #f6f7f9; }
  header { background: #24303c; color: #fff; padding: 12px 24px; display: flex; gap: 16px; align-items: center; flex-wrap: wrap; }
  header h1 { font-size: 18px; margin: 0; }
  header a { color: #fff; }
  main { max-width: 1000px; margin: 0 auto; padding: 16px 24px; }
  table { width: 100%; border-collapse: collapse; background: #fff; }
  th, td { text-align: left; padding: 8px 10px; border-bottom: 1px solid #e3e6ea; vertical-align: top; }
  th { font-size: 13px; color: #56606b; font-weight: 600; }
  td.time { white-space: nowrap; color: #56606b; font-size: 13px; }
  form.inline { display: inline-flex; gap: 8px; align-items: center; margin: 0; }
  input[type=search] { padding: 4px 8px; min-width: 240px; }
  button { padding: 4px 10px; cursor: pointer; }
  .status { font-size: 13px; padding: 2px 8px; border-radius: 10px; background: #2e7d32; }
  .status.down { background: #c62828; }
  .empty { padding: 24px; background: #fff; color: #56606b; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; background: #fff; padding: 12px 16px; margin: 0 0 16px; }
  dt { font-weight: 600; color: #56606b; }
  dd { margin: 0; word-break: break-word; }
  iframe { width: 100%; height: 480px; border: 1px solid #d0d5db; background: #fff; }
  pre { white-space: pre-wrap; word-break: break-word; background: #fff; padding: 12px 16px; border: 1px solid #d0d5db; }
  details { margin-top: 16px; }
  h2 { font-size: 16px; margin: 20px 0 8px; }
`;

function renderPage(title: string, body: string, headerExtra = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · SMTP simulator</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<header><h1><a href="/">SMTP simulator inbox</a></h1>${headerExtra}</header>
<main>
${body}
</main>
</body>
</html>
`;
}

function renderInboxPage(messages: InboxMessage[], toFilter: string, sim: SmtpSimulator): string {
  const running = sim.isSmtpRunning;
  const headerExtra = `
<span class="status${running ? '' : ' down'}">SMTP ${running ? 'running' : 'stopped'} · ${escapeHtml(sim.smtpUrl)}</span>
<form class="inline" method="get" action="/" role="search">
  <label for="to-filter">Recipient</label>
  <input type="search" id="to-filter" name="to" value="${escapeHtml(toFilter)}" placeholder="someone@example.com">
  <button type="submit">Filter</button>
</form>
<form class="inline" method="post" action="/clear"><button type="submit">Clear all</button></form>`;

  const rows = messages
    .map(
      (m) => `<tr>
  <td>${escapeHtml(m.to.join(', '))}</td>
  <td><a href="/messages/${encodeURIComponent(m.id)}">${escapeHtml(m.subject || '(no subject)')}</a></td>
  <td class="time"><time datetime="${escapeHtml(m.date)}">${escapeHtml(formatTime(m.date))}</time></td>
</tr>`,
    )
    .join('\n');

  const heading = toFilter
    ? `<h2>Messages to ${escapeHtml(toFilter)} (${messages.length}) · <a href="/">show all</a></h2>`
    : `<h2>All messages (${messages.length})</h2>`;
  const body = messages.length
    ? `${heading}
<table>
<thead><tr><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Received</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`
    : `${heading}<p class="empty">No messages yet.</p>`;
  return renderPage('Inbox', body, headerExtra);
}

function renderMessagePage(m: InboxMessage): string {
  const summary: [string, string][] = [
    ['From', m.headers['from'] ?? m.from],
    ['To (envelope)', m.to.join(', ')],
    ['Subject', m.subject],
    ['Received', m.date],
    ['Message-ID', m.messageId],
  ];
  const summaryHtml = summary
    .map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`)
    .join('');
  const allHeaders = Object.entries(m.headers)
    .map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`)
    .join('');

  // No allow-scripts / allow-same-origin: mail HTML can never run code or reach the inbox origin.
  // Popups are allowed and links target a new tab so links in the mail stay clickable.
  const htmlSection = m.html
    ? `<h2>HTML body</h2>
<iframe title="HTML body of the message" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(
        `<base target="_blank">${m.html}`,
      )}"></iframe>`
    : '<h2>HTML body</h2><p class="empty">No HTML part.</p>';
  const textSection = m.text
    ? `<h2>Text body</h2>\n<pre>${linkify(m.text)}</pre>`
    : '<h2>Text body</h2><p class="empty">No text part.</p>';

  const body = `<p><a href="/">← Back to inbox</a></p>
<dl>${summaryHtml}</dl>
${htmlSection}
${textSection}
<details><summary>All headers</summary><dl>${allHeaders}</dl></details>`;
  return renderPage(m.subject || '(no subject)', body);
}

const URL_PATTERN = /https?:\/\/[^\s<>"'`]+/g;

/** Escapes text and turns every http(s) URL in it into a link. */
function linkify(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    let url = match[0];
    // Sentence punctuation after a URL ("see https://x.test/a.") is not part of it.
    const trailing = /[.,;:!?)\]]+$/.exec(url);
    if (trailing) url = url.slice(0, url.length - trailing[0].length);
    const start = match.index;
    out += escapeHtml(text.slice(last, start));
    out += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = start + url.length;
  }
  return out + escapeHtml(text.slice(last));
}

function formatTime(iso: string): string {
  return iso.replace('T', ' ').replace(/\.\d+Z$/, 'Z');
}
