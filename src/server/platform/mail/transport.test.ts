import { Writable } from "node:stream";
import { pino } from "pino";
import { describe, expect, it, vi } from "vitest";
import { loadConfig } from "../../config.ts";
import { createLoggerOptions } from "../logger.ts";
import { findLinks } from "./links.ts";
import { createMailTransport } from "./transport.ts";

const message = {
  to: "alice@example.com",
  subject: "Reset your password",
  text: "Open https://podium.test/reset-password/live-token to choose a new password.",
  html: "<p>…</p>",
};
const createLogger = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() });

describe("the development mailbox (SMTP_URL unset)", () => {
  it("logs the recipient, subject and links outside production", async () => {
    const logger = createLogger();
    const config = loadConfig({ NODE_ENV: "development", APP_URL: "http://podium.test" });
    await createMailTransport(config, logger).send(message);
    expect(logger.info).toHaveBeenCalledWith(
      {
        to: "alice@example.com",
        subject: "Reset your password",
        links: ["https://podium.test/reset-password/live-token"],
      },
      "E-mail in the development mailbox: http://podium.test/dev/mailbox",
    );
  });

  it("logs no link, recipient or subject in production, only that nothing was delivered", async () => {
    const config = loadConfig({ NODE_ENV: "production", SESSION_SECRET: "s".repeat(40) });
    expect(config.SMTP_URL).toBeUndefined();
    const lines: string[] = [];
    const output = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = pino(createLoggerOptions(config), output);
    await createMailTransport(config, logger).send(message);
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({
        level: 40,
        msg: "SMTP_URL is not set: an e-mail was recorded in the outbox but not delivered",
      }),
    ]);
    expect(lines.join("")).not.toMatch(/live-token|alice@example\.com|Reset your password/);
  });
});

describe("findLinks", () => {
  it("finds every http and https link and nothing else", () => {
    expect(findLinks("a http://x.test/1 b https://y.test/2?c=3, mailto:z@x.test <https://w.test>.")).toEqual([
      "http://x.test/1",
      "https://y.test/2?c=3",
      "https://w.test",
    ]);
  });
});
