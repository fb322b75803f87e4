// The web inbox's pages: the message list (with the SMTP status and a recipient filter) and
// one message, its HTML body in a sandboxed frame and its text with links.
import { escapeHtml } from '../http-helpers.ts';
import type { InboxMessage, SmtpSimulator } from '../smtp.ts';

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

/** A page of the inbox. */
export function renderPage(title: string, body: string, headerExtra = ''): string {
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

/** The list of messages. */
export function renderInboxPage(messages: InboxMessage[], toFilter: string, sim: SmtpSimulator): string {
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

/** One message. */
export function renderMessagePage(m: InboxMessage): string {
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
