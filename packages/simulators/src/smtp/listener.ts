// The SMTP listener, stopped and started on the same port so tests can make a mail outage.
import type { SMTPServer } from 'smtp-server';
import type { InboxMessage } from '../smtp.ts';
import { portErrorFor } from '../port-error.ts';
import { closeSmtp, createSmtpServer, listenSmtp } from './receive.ts';

/** Starts and stops the SMTP server; its port stays once chosen. */
export class SmtpListener {
  private server: SMTPServer | null = null;
  // Serialises stop/start so concurrent calls from HTTP and tests cannot interleave half-way.
  private transition: Promise<void> = Promise.resolve();

  constructor(
    private readonly host: string,
    /** 0 picks a free port on the first start. */
    public port: number,
    private readonly store: (message: Omit<InboxMessage, 'id'>) => void,
  ) {}

  get running(): boolean {
    return this.server !== null;
  }

  /** Listens for SMTP (again); nothing when already listening. */
  readonly start = (): Promise<void> => {
    this.transition = this.transition.then(async () => {
      if (this.server) return;
      const server = createSmtpServer(this.store);
      try {
        this.port = await listenSmtp(server, this.port, this.host);
      } catch (error) {
        throw portErrorFor('smtp', this.host, this.port, error);
      }
      this.server = server;
    });
    return this.transition;
  };

  /** Closes the listener so clients get ECONNREFUSED. */
  readonly stop = (): Promise<void> => {
    this.transition = this.transition.then(async () => {
      const server = this.server;
      if (!server) return;
      this.server = null;
      await closeSmtp(server);
    });
    return this.transition;
  };
}
