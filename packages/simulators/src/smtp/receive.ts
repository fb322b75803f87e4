// The SMTP side: a server that accepts any sender and recipient (AUTH optional), reads each
// message as a mail client would (postal-mime), and listens and closes on demand.
import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { InboxMessage } from '../smtp.ts';

const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/** An SMTP server that hands every accepted message to `store` before answering 250. */
export function createSmtpServer(store: (message: Omit<InboxMessage, 'id'>) => void): SMTPServer {
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

/** Listens on `port` (0: a free one); resolves with the port. */
export function listenSmtp(server: SMTPServer, port: number, host: string): Promise<number> {
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

/** Closes the listener, cutting sessions after a short grace period. */
export function closeSmtp(server: SMTPServer): Promise<void> {
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
