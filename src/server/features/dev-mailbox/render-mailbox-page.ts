import { LINK_PATTERN } from "../../platform/mail/links.ts";
import { escapeHtml } from "../../platform/mail/render.ts";
import { MAILBOX_SIZE, type MailboxMessage } from "./list-latest-messages.ts";

/** Escapes a plain-text body and turns its http(s) links into anchors; nothing else becomes markup. */
export function linkify(text: string): string {
  let html = "";
  let position = 0;
  for (const match of text.matchAll(LINK_PATTERN)) {
    html += escapeHtml(text.slice(position, match.index));
    const url = escapeHtml(match[0]);
    html += `<a href="${url}">${url}</a>`;
    position = match.index + match[0].length;
  }
  return html + escapeHtml(text.slice(position));
}

const formatTime = (instant: Date) => `${instant.toISOString().slice(0, 19).replace("T", " ")} UTC`;

function renderMessage(message: MailboxMessage): string {
  const delivery =
    message.status === "queued" && message.attempts === 0
      ? "queued"
      : `${message.status} after ${message.attempts} ${message.attempts === 1 ? "attempt" : "attempts"}`;
  return `<article>
<h2>${escapeHtml(message.subject)}</h2>
<dl>
<dt>To</dt><dd>${escapeHtml(message.to)}</dd>
<dt>Time</dt><dd><time datetime="${message.createdAt.toISOString()}">${formatTime(message.createdAt)}</time></dd>
<dt>Status</dt><dd class="status-${message.status}">${escapeHtml(delivery)}${message.lastError ? ` — ${escapeHtml(message.lastError)}` : ""}</dd>
</dl>
<pre>${linkify(message.text)}</pre>
</article>`;
}

/** A self-contained page (inline styles only, no script: the CSP allows none inline). */
export function renderMailboxPage(messages: MailboxMessage[]): string {
  const body =
    messages.length === 0
      ? "<p>No e-mail yet. Register or ask for a password reset, and it appears here.</p>"
      : messages.map(renderMessage).join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development mailbox — Podium</title>
<style>
body { margin: 0; padding: 24px; font-family: system-ui, sans-serif; background: #f3f4f6; color: #1f2937; }
main { max-width: 760px; margin: 0 auto; }
article { background: #fff; border-radius: 12px; padding: 16px 24px; margin: 16px 0; }
h2 { font-size: 18px; margin: 8px 0; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 12px; margin: 0 0 12px; font-size: 14px; }
dt { font-weight: 600; }
dd { margin: 0; overflow-wrap: anywhere; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; font: inherit; background: #f9fafb; padding: 12px; border-radius: 8px; }
a { color: #4338ca; }
.status-failed { color: #b91c1c; }
</style>
</head>
<body>
<main>
<h1>Development mailbox</h1>
<p>The latest ${MAILBOX_SIZE} e-mails from the outbox, newest first. With <code>SMTP_URL</code> unset, this is where they go.
It opens only to a browser on this machine, and does not exist once <code>SMTP_URL</code> is set or when <code>NODE_ENV=production</code>.</p>
${body}
</main>
</body>
</html>`;
}
