import type { LoggedError } from "../../../lib/error-log.ts";
import type { TimedDiagnostic } from "../api/use-diagnostic.ts";

export type ReportRow = { label: string; value: string };

export type ClientFacts = {
  browser: string;
  os: string;
  timeZone: string;
  cookies: boolean;
  localStorage: boolean;
};

const yesNo = (value: boolean) => (value ? "working" : "NOT working");

/** The rows of the diagnostic report, in the order support reads them. */
export function buildReportRows(client: ClientFacts, server: TimedDiagnostic): ReportRow[] {
  const offsetSeconds = server.clockOffsetMs / 1000;
  return [
    { label: "App version", value: server.version },
    { label: "Browser", value: client.browser },
    { label: "Operating system", value: client.os },
    { label: "Time zone", value: client.timeZone },
    { label: "Cookies", value: yesNo(client.cookies) },
    { label: "Local storage", value: yesNo(client.localStorage) },
    { label: "Session created", value: server.session.createdAt },
    { label: "Session expires", value: server.session.expiresAt },
    { label: "API round trip", value: `${server.roundTripMs} ms` },
    { label: "Server time", value: server.serverTime },
    {
      label: "Clock difference",
      value: `${Math.abs(offsetSeconds).toFixed(1)} s ${offsetSeconds >= 0 ? "behind" : "ahead of"} the server`,
    },
    { label: "Database", value: server.database === "pglite" ? "embedded (PGlite)" : "PostgreSQL" },
    { label: "Your e-mails queued", value: String(server.mail.queued) },
    { label: "Your e-mails failed", value: String(server.mail.failed) },
    { label: "Request id", value: server.requestId },
  ];
}

/** The plain-text report "Copy report" puts on the clipboard. */
export function formatReport(rows: ReportRow[], errors: LoggedError[], now: Date): string {
  const width = Math.max(...rows.map((row) => row.label.length));
  const lines = [`Podium diagnostic report, ${now.toISOString()}`, ""];
  for (const row of rows) lines.push(`${row.label.padEnd(width)}  ${row.value}`);
  lines.push("", `Recent errors (${errors.length}):`);
  if (errors.length === 0) lines.push("none");
  for (const error of errors)
    lines.push(`${error.at}  ${error.message}${error.source ? `  (${error.source})` : ""}`);
  return lines.join("\n");
}
