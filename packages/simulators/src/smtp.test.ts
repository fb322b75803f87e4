import nodemailer, { type Transporter } from 'nodemailer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSmtpSimulator, type InboxMessage, type SmtpSimulator } from './smtp.ts';

let sim: SmtpSimulator;

beforeAll(async () => {
  sim = await startSmtpSimulator({});
});

afterAll(async () => {
  await sim.close();
});

beforeEach(async () => {
  if (!sim.isSmtpRunning) await sim.startSmtp();
  sim.clear();
});

/** A fresh, non-pooled transport so every send opens a new connection. */
function transport(auth = false): Transporter {
  return nodemailer.createTransport({
    host: '127.0.0.1',
    port: sim.smtpPort,
    secure: false,
    ...(auth ? { auth: { user: 'mailer', pass: 'secret' } } : {}),
    connectionTimeout: 2000,
    greetingTimeout: 2000,
  });
}

async function getJson<T>(path: string): Promise<{ status: number; type: string | null; body: T }> {
  const res = await fetch(`${sim.inboxUrl}${path}`);
  return { status: res.status, type: res.headers.get('content-type'), body: (await res.json()) as T };
}

describe('SMTP simulator', () => {
  it('stores a sent message and lists it by envelope recipient', async () => {
    await transport(true).sendMail({
      from: 'Tradelist <no-reply@tradelist.test>',
      to: 'Bob@Example.com',
      bcc: 'audit@example.com',
      subject: 'Verify your email',
      text: 'Open https://app.tradelist.test/verify?token=abc to continue.',
      html: '<p>Open <a href="https://app.tradelist.test/verify?token=abc">this link</a></p>',
    });

    const { status, type, body } = await getJson<InboxMessage[]>('/api/messages?to=bob@example.com');
    expect(status).toBe(200);
    expect(type).toBe('application/json; charset=utf-8');
    expect(body).toHaveLength(1);
    const [message] = body;
    expect(message).toMatchObject({
      id: expect.any(String),
      from: 'no-reply@tradelist.test',
      // nodemailer lowercases the domain part; the local part is kept as written.
      to: ['Bob@example.com', 'audit@example.com'],
      subject: 'Verify your email',
      text: expect.stringContaining('https://app.tradelist.test/verify?token=abc'),
      html: expect.stringContaining('<a href="https://app.tradelist.test/verify?token=abc">'),
    });
    expect(message?.messageId).toMatch(/^<.+>$/);
    expect(message?.headers['subject']).toBe('Verify your email');
    expect(Number.isNaN(Date.parse(message?.date ?? ''))).toBe(false);

    expect((await getJson<InboxMessage[]>('/api/messages?to=AUDIT@example.com')).body).toHaveLength(1);
    expect((await getJson<InboxMessage[]>('/api/messages?to=nobody@example.com')).body).toHaveLength(0);
    expect(sim.messages()).toHaveLength(1);
  });

  it('lists newest first with incrementing ids', async () => {
    const mailer = transport();
    await mailer.sendMail({ from: 'a@tradelist.test', to: 'x@example.com', subject: 'first', text: '1' });
    await mailer.sendMail({ from: 'a@tradelist.test', to: 'x@example.com', subject: 'second', text: '2' });
    const { body } = await getJson<InboxMessage[]>('/api/messages');
    expect(body.map((m) => m.subject)).toEqual(['second', 'first']);
    expect(Number(body[0]?.id)).toBeGreaterThan(Number(body[1]?.id));
  });

  it('refuses connections while stopped and accepts again on the same port after restart', async () => {
    const port = sim.smtpPort;
    await sim.stopSmtp();
    expect(sim.isSmtpRunning).toBe(false);

    await expect(
      transport().sendMail({ from: 'a@tradelist.test', to: 'x@example.com', subject: 'lost', text: '-' }),
    ).rejects.toThrow(/ECONNREFUSED/);

    // The inbox stays up while SMTP is down.
    expect((await getJson<{ running: boolean }>('/api/smtp')).body).toEqual({ running: false });

    await sim.startSmtp();
    expect(sim.isSmtpRunning).toBe(true);
    expect(sim.smtpPort).toBe(port);
    expect(sim.smtpUrl).toBe(`smtp://127.0.0.1:${port}`);
    await transport().sendMail({ from: 'a@tradelist.test', to: 'x@example.com', subject: 'back', text: '-' });
    expect(sim.messages().map((m) => m.subject)).toEqual(['back']);
  });

  it('keeps messages across a stop/start', async () => {
    await transport().sendMail({ from: 'a@tradelist.test', to: 'k@example.com', subject: 'kept', text: '-' });
    await sim.stopSmtp();
    await sim.startSmtp();
    expect(sim.messages().map((m) => m.subject)).toEqual(['kept']);
  });

  it('stops and starts SMTP over HTTP', async () => {
    const stop = await fetch(`${sim.inboxUrl}/api/smtp/stop`, { method: 'POST' });
    expect(stop.status).toBe(200);
    expect(await stop.json()).toEqual({ running: false });
    expect(sim.isSmtpRunning).toBe(false);
    await expect(
      transport().sendMail({ from: 'a@tradelist.test', to: 'x@example.com', subject: 'lost', text: '-' }),
    ).rejects.toMatchObject({ message: expect.stringMatching(/ECONNREFUSED/) });

    const start = await fetch(`${sim.inboxUrl}/api/smtp/start`, { method: 'POST' });
    expect(await start.json()).toEqual({ running: true });
    await transport().sendMail({ from: 'a@tradelist.test', to: 'x@example.com', subject: 'ok', text: '-' });
    expect(sim.messages()).toHaveLength(1);
  });

  it('renders the inbox page with subjects, newest first, and filters by recipient', async () => {
    const mailer = transport();
    await mailer.sendMail({ from: 'a@tradelist.test', to: 'one@example.com', subject: 'Price list ready', text: '-' });
    await mailer.sendMail({ from: 'a@tradelist.test', to: 'two@example.com', subject: 'Reset your password', text: '-' });

    const res = await fetch(`${sim.inboxUrl}/`);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    expect(html).toContain('Price list ready');
    expect(html.indexOf('Reset your password')).toBeLessThan(html.indexOf('Price list ready'));
    const id = sim.messages()[0]?.id ?? '';
    expect(html).toContain(`href="/messages/${id}"`);

    const filtered = await (await fetch(`${sim.inboxUrl}/?to=ONE@example.com`)).text();
    expect(filtered).toContain('Price list ready');
    expect(filtered).not.toContain('Reset your password');
  });

  it('escapes message content on the message page and links URLs in the text body', async () => {
    await transport().sendMail({
      from: 'a@tradelist.test',
      to: 'x@example.com',
      subject: '<script>alert("subject")</script>',
      text: 'Go to https://app.tradelist.test/reset?token=a&b=1. <b>not bold</b>',
      html: '<p onclick="steal()">Hi & "bye"</p><script>alert(1)</script>',
    });
    const message = sim.messages()[0];
    const res = await fetch(`${sim.inboxUrl}/messages/${message?.id ?? ''}`);
    expect(res.status).toBe(200);
    const html = await res.text();

    expect(html).not.toContain('<script>alert');
    expect(html).toContain('&lt;script&gt;alert(&quot;subject&quot;)&lt;/script&gt;');
    // The HTML body only ever appears escaped inside srcdoc of a sandboxed iframe without scripts.
    const iframe = /<iframe[^>]*>/.exec(html)?.[0] ?? '';
    expect(iframe).toMatch(/\ssandbox="[^"]*"/);
    expect(iframe).not.toContain('allow-scripts');
    expect(iframe).not.toContain('allow-same-origin');
    expect(iframe).toContain('srcdoc="');
    expect(iframe).toContain('srcdoc="&lt;base target=&quot;_blank&quot;&gt;&lt;p onclick=&quot;steal()&quot;&gt;Hi &amp; &quot;bye&quot;&lt;/p&gt;&lt;script&gt;');
    expect(html).not.toContain('onclick="steal()"');
    // Text body: escaped, URL clickable, trailing full stop not part of the link.
    expect(html).toContain(
      '<a href="https://app.tradelist.test/reset?token=a&amp;b=1">https://app.tradelist.test/reset?token=a&amp;b=1</a>.',
    );
    expect(html).toContain('&lt;b&gt;not bold&lt;/b&gt;');
  });

  it('clears messages with DELETE and answers unknown paths with JSON 404', async () => {
    await transport().sendMail({ from: 'a@tradelist.test', to: 'x@example.com', subject: 'bye', text: '-' });
    const del = await fetch(`${sim.inboxUrl}/api/messages`, { method: 'DELETE' });
    expect(del.status).toBe(204);
    expect((await getJson<InboxMessage[]>('/api/messages')).body).toEqual([]);

    const missing = await getJson<{ error: string }>('/api/nope');
    expect(missing.status).toBe(404);
    expect(missing.type).toBe('application/json; charset=utf-8');
    expect((await fetch(`${sim.inboxUrl}/messages/999999`)).status).toBe(404);
  });

  it('rejects messages over 10 MB', async () => {
    const big = 'x'.repeat(10 * 1024 * 1024 + 1024);
    await expect(
      transport().sendMail({ from: 'a@tradelist.test', to: 'x@example.com', subject: 'huge', text: big }),
    ).rejects.toMatchObject({ responseCode: 552 });
    expect(sim.messages()).toHaveLength(0);
  });
});
