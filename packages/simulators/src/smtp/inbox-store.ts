// The SMTP simulator's messages on disk, one JSON file per message, so a mail sent before a
// restart (an activation link, a password reset) can still be opened after it.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { InboxMessage } from '../smtp.ts';

export interface InboxStore {
  /** Every stored message, oldest first. */
  load(): InboxMessage[];
  save(message: InboxMessage): void;
  remove(id: string): void;
}

const MESSAGE_FILE = /^(\d+)\.json$/;

/** Opens (and creates) the folder; synchronous so a message is on disk before SMTP answers 250. */
export function openInboxStore(dir: string): InboxStore {
  mkdirSync(dir, { recursive: true });
  const fileFor = (id: string): string => path.join(dir, `${id.padStart(8, '0')}.json`);
  return {
    load() {
      const messages: { id: number; message: InboxMessage }[] = [];
      for (const name of readdirSync(dir)) {
        const match = MESSAGE_FILE.exec(name);
        // A write cut short by a crash leaves only a .tmp file behind; it was never acknowledged.
        if (!match) {
          if (name.endsWith('.json.tmp')) rmSync(path.join(dir, name), { force: true });
          continue;
        }
        const file = path.join(dir, name);
        try {
          messages.push({ id: Number(match[1]), message: JSON.parse(readFileSync(file, 'utf8')) as InboxMessage });
        } catch (error) {
          throw new Error(`The simulator inbox cannot read ${file} (${(error as Error).message}); delete the file to go on without it`, { cause: error });
        }
      }
      return messages.sort((a, b) => a.id - b.id).map((entry) => entry.message);
    },
    save(message) {
      const file = fileFor(message.id);
      // Write then rename, so a crash never leaves half a message under its final name.
      writeFileSync(`${file}.tmp`, JSON.stringify(message));
      renameSync(`${file}.tmp`, file);
    },
    remove(id) {
      rmSync(fileFor(id), { force: true });
    },
  };
}
