import type { EmailMessage } from "./mailer.ts";

export type EmailContent = {
  to: string;
  subject: string;
  /** Opening line, e.g. "Hi alice,". */
  greeting?: string;
  /** Plain paragraphs; they are escaped for the HTML body. */
  paragraphs: string[];
  /** A call to action shown as a button (HTML) and as a bare link (text). */
  action?: { label: string; url: string };
  /** Small print under the action, e.g. when the link expires. */
  footnote?: string;
};

/**
 * The footnote of mail to a planner that sets a Reply-To: that address is the speaker's, or the team member's who
 * sent it when the speaker chose so (mailer.ts), so the text names no address of its own.
 */
export const REPLY_FOOTNOTE = "Questions? Just reply to this e-mail.";

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Builds both bodies of an e-mail from one description, so the text and HTML versions never drift. */
export function renderEmail(content: EmailContent): EmailMessage {
  const textParts = [content.greeting, ...content.paragraphs];
  if (content.action) textParts.push(`${content.action.label}: ${content.action.url}`);
  if (content.footnote) textParts.push(content.footnote);
  textParts.push("— Podium, for speakers, by speakers");

  const paragraph = (text: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#1f2937">${escapeHtml(text)}</p>`;
  const button = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:#4338ca;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(content.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#6b7280">Or paste this link into your browser: ${escapeHtml(content.action.url)}</p>`
    : "";
  const html = `<!doctype html><html><body style="margin:0;padding:24px;background:#f3f4f6;font-family:system-ui,-apple-system,Segoe UI,sans-serif">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#312e81">Podium</p>
${content.greeting ? paragraph(content.greeting) : ""}${content.paragraphs.map(paragraph).join("\n")}
${button}
${content.footnote ? `<p style="margin:16px 0 0;font-size:13px;color:#6b7280">${escapeHtml(content.footnote)}</p>` : ""}
</div></body></html>`;

  return { to: content.to, subject: content.subject, text: textParts.filter(Boolean).join("\n\n"), html };
}
