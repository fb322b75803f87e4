import { expect } from '@playwright/test';

interface InboxMessage {
  id: string;
  to: string[];
  subject: string;
  text: string;
}

/** Waits for a mail to `to` whose subject contains `subject` at the SMTP simulator and returns it. */
export async function waitForMail(to: string, subject: string): Promise<InboxMessage> {
  const inbox = process.env.E2E_INBOX_URL;
  let found: InboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${inbox}/api/messages?to=${encodeURIComponent(to)}`);
        const messages = (await response.json()) as InboxMessage[];
        found = messages.find((message) => message.subject.includes(subject));
        return found !== undefined;
      },
      { timeout: 20_000, message: `a mail "${subject}" to ${to}` },
    )
    .toBe(true);
  return found!;
}

/** The first link in a mail's text that starts with `prefix` (e.g. the app's /activate/ path). */
export function linkIn(message: { text: string }, pathPrefix: string): string {
  const match = new RegExp(`https?://\\S+${pathPrefix}\\S+`).exec(message.text);
  if (!match) throw new Error(`No ${pathPrefix} link in: ${message.text}`);
  return match[0];
}

/** Stops or restarts the simulator's SMTP listener. */
export async function setSmtpRunning(running: boolean): Promise<void> {
  await fetch(`${process.env.E2E_INBOX_URL}/api/smtp/${running ? 'start' : 'stop'}`, { method: 'POST' });
}
