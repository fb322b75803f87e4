// The messages the SMTP simulator keeps: the newest 1,000, in memory and, given a folder, on disk.
import type { InboxMessage } from '../smtp.ts';
import { openInboxStore, type InboxStore } from './inbox-store.ts';

const MAX_STORED_MESSAGES = 1000;

/** The stored messages and their ids. */
export class Mailbox {
  private stored: InboxMessage[];
  private nextId: number;
  private readonly disk: InboxStore | undefined;

  constructor(storageDir: string | undefined) {
    this.disk = storageDir === undefined ? undefined : openInboxStore(storageDir);
    this.stored = this.disk ? this.disk.load().slice(-MAX_STORED_MESSAGES) : [];
    this.nextId = this.stored.reduce((max, m) => Math.max(max, Number(m.id)), 0) + 1;
  }

  /** Keeps a message; written before the SMTP reply, so a message the sender saw accepted is on disk. */
  readonly store = (message: Omit<InboxMessage, 'id'>): void => {
    const entry = { id: String(this.nextId++), ...message };
    this.disk?.save(entry);
    this.stored.push(entry);
    if (this.stored.length > MAX_STORED_MESSAGES) {
      for (const dropped of this.stored.slice(0, this.stored.length - MAX_STORED_MESSAGES)) this.disk?.remove(dropped.id);
      this.stored = this.stored.slice(-MAX_STORED_MESSAGES);
    }
  };

  /** Stored messages, newest first. */
  messages(): InboxMessage[] {
    return this.stored.slice().reverse();
  }

  /** Forgets every stored message. */
  clear(): void {
    for (const message of this.stored) this.disk?.remove(message.id);
    this.stored = [];
  }
}
