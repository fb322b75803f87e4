// SMTP stand-in for local runs and tests: accepts mail like a relay would, keeps it in memory
// (and, given a folder, on disk so it survives a restart) and shows it in a small web inbox. It
// can be stopped and restarted on the same port so tests can exercise "mail server down" paths.
//
// The parts are in smtp/: receive.ts and listener.ts (SMTP), mailbox.ts and inbox-store.ts (the
// messages), inbox-http.ts and inbox-pages.ts (the web inbox).
import { createServer } from 'node:http';
import { closeHttpServer, listen, sendJson, urlHost } from './http-helpers.ts';
import { portErrorFor } from './port-error.ts';
import { handleInboxRequest } from './smtp/inbox-http.ts';
import { SmtpListener } from './smtp/listener.ts';
import { Mailbox } from './smtp/mailbox.ts';

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

/** Starts the SMTP listener and the web inbox; resolves once both accept connections. */
export async function startSmtpSimulator(options: SmtpSimulatorOptions = {}): Promise<SmtpSimulator> {
  const host = options.host ?? '127.0.0.1';
  const mailbox = new Mailbox(options.storageDir);
  const smtp = new SmtpListener(host, options.smtpPort ?? 0, mailbox.store);
  let httpPort = options.httpPort ?? 0;
  await smtp.start();

  const httpServer = createServer((req, res) => {
    handleInboxRequest(simulator, req, res).catch((err: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: 'internal_error', message: String(err) });
      else res.destroy();
    });
  });

  const simulator: SmtpSimulator = {
    get smtpUrl() {
      return `smtp://${urlHost(host)}:${smtp.port}`;
    },
    get inboxUrl() {
      return `http://${urlHost(host)}:${httpPort}`;
    },
    get smtpPort() {
      return smtp.port;
    },
    get httpPort() {
      return httpPort;
    },
    messages: () => mailbox.messages(),
    clear: () => mailbox.clear(),
    stopSmtp: smtp.stop,
    startSmtp: smtp.start,
    get isSmtpRunning() {
      return smtp.running;
    },
    close: async () => {
      await Promise.all([smtp.stop(), closeHttpServer(httpServer)]);
    },
  };

  try {
    httpPort = await listen(httpServer, httpPort, host);
  } catch (err) {
    await smtp.stop();
    throw portErrorFor('inbox', host, httpPort, err);
  }
  return simulator;
}
