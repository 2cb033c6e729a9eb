import { describe, expect, it } from "vitest";
import { buildReportRows, formatReport } from "./build-report.ts";

const server = {
  version: "1.2.3",
  database: "postgres" as const,
  serverTime: "2026-06-01T10:00:02.000Z",
  session: { createdAt: "2026-05-30T08:00:00.000Z", expiresAt: "2026-06-30T10:00:00.000Z" },
  mail: { queued: 1, failed: 2 },
  requestId: "req-1",
  clientIp: "127.0.0.1",
  roundTripMs: 84,
  clockOffsetMs: -2500,
};
const client = {
  browser: "Chrome 131",
  os: "Linux",
  timeZone: "America/Chicago",
  cookies: true,
  localStorage: false,
};

describe("the diagnostic report", () => {
  it("states every fact support asks for", () => {
    const text = formatReport(buildReportRows(client, server), [], new Date("2026-06-01T10:00:00Z"));
    for (const [label, value] of [
      ["App version", "1.2.3"],
      ["Browser", "Chrome 131"],
      ["Operating system", "Linux"],
      ["Time zone", "America/Chicago"],
      ["Cookies", "working"],
      ["Local storage", "NOT working"],
      ["Session created", "2026-05-30T08:00:00.000Z"],
      ["Session expires", "2026-06-30T10:00:00.000Z"],
      ["API round trip", "84 ms"],
      ["Server time", "2026-06-01T10:00:02.000Z"],
      ["Clock difference", "2.5 s ahead of the server"],
      ["Database", "PostgreSQL"],
      ["Your e-mails queued", "1"],
      ["Your e-mails failed", "2"],
    ]) {
      expect(text).toMatch(new RegExp(`^${label} +${value}$`, "m"));
    }
    expect(text).toContain("Recent errors (0):\nnone");
  });

  it("lists the kept errors with when and where", () => {
    const text = formatReport(
      buildReportRows(client, server),
      [{ at: "2026-06-01T09:59:00.000Z", message: "TypeError: x is undefined", source: "app.js:1:2" }],
      new Date(),
    );
    expect(text).toContain(
      "Recent errors (1):\n2026-06-01T09:59:00.000Z  TypeError: x is undefined  (app.js:1:2)",
    );
  });
});
