import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { renderEmail } from "../../platform/mail/render.ts";
import { MAILBOX_SIZE } from "./list-latest-messages.ts";
import { linkify } from "./render-mailbox-page.ts";

const { app, db, mailer } = await createTestApp({ APP_URL: "http://podium.test" });
const production = await createTestApp({ NODE_ENV: "production", SESSION_SECRET: "s".repeat(40) });
const withSmtp = await createTestApp({ SMTP_URL: "smtp://127.0.0.1:2525" });

const queue = (to: string, subject: string, url = "http://podium.test/verify-email?token=t0k3n") =>
  mailer.queue(
    db,
    renderEmail({
      to,
      subject,
      paragraphs: ["Hello <b>there</b> & welcome"],
      action: { label: "Verify", url },
    }),
  );

describe("development mailbox", () => {
  it("lists the messages as escaped HTML with clickable links and the security headers", async () => {
    await queue("alice@example.com", "Verify <script>alert(1)</script>");
    const response = await app.inject({ method: "GET", url: "/dev/mailbox" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["cache-control"]).toBe("no-store");
    const page = response.body;
    expect(page).toContain("Verify &#60;script&#62;alert(1)&#60;/script&#62;");
    expect(page).not.toContain("<script");
    expect(page).toContain("Hello &#60;b&#62;there&#60;/b&#62; &#38; welcome");
    expect(page).toContain("alice@example.com");
    expect(page).toContain(
      '<a href="http://podium.test/verify-email?token=t0k3n">http://podium.test/verify-email?token=t0k3n</a>',
    );
    expect(page).toMatch(/<time datetime="\d{4}-\d\d-\d\dT[^"]+">\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC<\/time>/);
    expect(page).toContain(">queued<");
  });

  it("answers the newest messages as JSON for browser tests", async () => {
    const older = await queue("bob@example.com", "Older");
    const newer = await queue("bob@example.com", "Newer");
    const response = await app.inject({ method: "GET", url: "/dev/mailbox.json" });
    expect(response.statusCode).toBe(200);
    const { messages } = response.json();
    expect(messages[0]).toEqual({
      id: newer,
      to: "bob@example.com",
      subject: "Newer",
      text: expect.stringContaining("Verify: http://podium.test/verify-email?token=t0k3n"),
      html: expect.stringContaining('href="http://podium.test/verify-email?token=t0k3n"'),
      status: "queued",
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(messages[1].id).toBe(older);
  });

  it(`shows at most the latest ${MAILBOX_SIZE}`, async () => {
    for (let index = 0; index < MAILBOX_SIZE; index++) await queue("carol@example.com", `Bulk ${index}`);
    const { messages } = (await app.inject({ method: "GET", url: "/dev/mailbox.json" })).json();
    // The 50 newest, whatever order rows written in the same instant take among themselves.
    const subjects = messages.map((message: { subject: string }) => message.subject);
    const bulk = Array.from({ length: MAILBOX_SIZE }, (_, index) => `Bulk ${index}`);
    expect(new Set(subjects)).toEqual(new Set(bulk));
  });

  it("links only http and https addresses, and escapes everything else", () => {
    expect(linkify('see https://x.test/a?b=1&c="2" and javascript:alert(1) <i>')).toBe(
      'see <a href="https://x.test/a?b=1&#38;c=">https://x.test/a?b=1&#38;c=</a>&#34;2&#34; and javascript:alert(1) &#60;i&#62;',
    );
  });
});

describe("development mailbox in production", () => {
  it("does not exist", async () => {
    await production.mailer.queue(
      production.db,
      renderEmail({ to: "x@example.com", subject: "Secret", paragraphs: [] }),
    );
    for (const url of ["/dev/mailbox", "/dev/mailbox.json"]) {
      const response = await production.app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain("Secret");
    }
  });
});

describe("who may read the development mailbox", () => {
  const secret = () =>
    queue("victim@example.com", "Reset your password", "http://podium.test/reset-password/live-token");

  it("does not exist once SMTP_URL is set, even outside production", async () => {
    await withSmtp.mailer.queue(
      withSmtp.db,
      renderEmail({ to: "x@example.com", subject: "Secret", paragraphs: [] }),
    );
    for (const url of ["/dev/mailbox", "/dev/mailbox.json"]) {
      const response = await withSmtp.app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain("Secret");
    }
  });

  it("answers a client on another machine 404", async () => {
    await secret();
    for (const remoteAddress of ["203.0.113.9", "10.0.0.2", "::ffff:192.168.1.20", "2001:db8::1"]) {
      for (const url of ["/dev/mailbox", "/dev/mailbox.json"]) {
        const response = await app.inject({ method: "GET", url, remoteAddress });
        expect(response.statusCode).toBe(404);
        expect(response.body).not.toContain("live-token");
      }
    }
  });

  it("answers 404 through a proxy on this machine, whatever the proxy says", async () => {
    await secret();
    const forwarded = [
      { "x-forwarded-for": "127.0.0.1" },
      { forwarded: "for=127.0.0.1" },
      { "x-real-ip": "127.0.0.1" },
    ];
    for (const headers of forwarded) {
      const response = await app.inject({ method: "GET", url: "/dev/mailbox.json", headers });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain("live-token");
    }
  });

  it("opens for a browser on this machine, over IPv4 or IPv6", async () => {
    await secret();
    for (const remoteAddress of ["127.0.0.1", "127.0.0.2", "::1", "::ffff:127.0.0.1"]) {
      const response = await app.inject({ method: "GET", url: "/dev/mailbox.json", remoteAddress });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain("live-token");
    }
  });
});
