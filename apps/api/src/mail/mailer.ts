import nodemailer, { type Transporter } from 'nodemailer';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  /** Extra headers, such as the one-click unsubscribe of RFC 8058. */
  headers?: Record<string, string>;
}

/** Sends mail over SMTP_URL; bounded timeouts so a hung server cannot hold a worker. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** A mailer for `smtpUrl`, or one that always fails (and so keeps mail queued) when it is unset. */
export function createMailer(smtpUrl: string | undefined): Mailer {
  if (!smtpUrl) {
    return {
      send: async () => {
        throw new Error('SMTP_URL is not set; the message stays queued');
      },
      close: () => {},
    };
  }
  const transport: Transporter = nodemailer.createTransport(smtpUrl, {
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as object);
  return {
    send: async (mail) => {
      await transport.sendMail({ ...mail, disableFileAccess: true, disableUrlAccess: true });
    },
    close: () => transport.close(),
  };
}
