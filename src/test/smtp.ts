import net from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { from: string; to: string[]; raw: string };

/** A real SMTP server on 127.0.0.1 that keeps every message it accepts; stop and start it to simulate an outage. */
export function createSmtpServer() {
  const received: ReceivedMail[] = [];
  let server: SMTPServer | undefined;

  const create = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      // Connections still open when the test stops the server are cut after half a second, not 30.
      closeTimeout: 500,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            raw: Buffer.concat(chunks).toString("utf8"),
          });
          callback();
        });
      },
    });

  return {
    received,
    /** Listens on `port` (0 picks a free one) and resolves with the port. */
    start: (port = 0) =>
      new Promise<number>((resolve, reject) => {
        server = create();
        server.on("error", reject);
        server.listen(port, "127.0.0.1", () => resolve((server!.server.address() as net.AddressInfo).port));
      }),
    stop: () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
  };
}

/** A port that nothing listens on right now. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export type MimePart = { contentType: string; body: string };

/** Reads a message as nodemailer writes it: headers, then text and HTML parts (quoted-printable or base64). */
export function parseMail(raw: string) {
  const [head = "", ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = parseHeaders(head);
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers["content-type"] ?? "")?.[1];
  const body = rest.join("\r\n\r\n");
  const parts: MimePart[] = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((part) => {
          const [partHead = "", ...partBody] = part.replace(/^\r?\n/, "").split(/\r?\n\r?\n/);
          const partHeaders = parseHeaders(partHead);
          return {
            contentType: partHeaders["content-type"] ?? "",
            body: decodeBody(partBody.join("\r\n\r\n"), partHeaders["content-transfer-encoding"]),
          };
        })
    : [
        {
          contentType: headers["content-type"] ?? "",
          body: decodeBody(body, headers["content-transfer-encoding"]),
        },
      ];
  const partOf = (type: string) => parts.find((part) => part.contentType.startsWith(type))?.body ?? "";
  return { headers, text: partOf("text/plain"), html: partOf("text/html") };
}

function parseHeaders(head: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function decodeBody(body: string, encoding = "7bit"): string {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (/quoted-printable/i.test(encoding)) {
    const bytes = body
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}
