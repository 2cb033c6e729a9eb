import nodemailer from "nodemailer";
import type { Config } from "../../config.ts";
import { findLinks } from "./links.ts";
import type { EmailMessage } from "./mailer.ts";

export type MailLogger = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

/** Where outbox messages go: an SMTP server, or the development mailbox when SMTP_URL is unset. */
export type MailTransport = {
  /** Resolves once the message was accepted; rejects with the reason otherwise. */
  send(message: EmailMessage): Promise<void>;
  close(): void;
};

/** An unreachable server fails within seconds, not nodemailer's minutes, so retries start promptly. */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

export function createMailTransport(config: Config, logger: MailLogger): MailTransport {
  if (!config.SMTP_URL) return createDevelopmentMailbox(config, logger);
  const transporter = nodemailer.createTransport({ url: config.SMTP_URL, ...SMTP_TIMEOUTS });
  return {
    send: async (message) => {
      await transporter.sendMail({
        from: config.MAIL_FROM,
        to: message.to,
        replyTo: message.replyTo,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: message.attachments?.map((file) => ({
          filename: file.filename,
          contentType: file.contentType,
          content: Buffer.from(file.contentBase64, "base64"),
        })),
      });
    },
    close: () => transporter.close(),
  };
}

/**
 * Without SMTP the message stays in the outbox, readable at /dev/mailbox, and the log names it with its
 * links (they are what a developer needs). In production the links carry live tokens and the address and
 * subject are a planner's or a speaker's (issue 40), so the log says only that a mail was not delivered.
 */
function createDevelopmentMailbox(config: Config, logger: MailLogger): MailTransport {
  return {
    send: async (message) => {
      if (config.isProduction) {
        logger.warn({}, "SMTP_URL is not set: an e-mail was recorded in the outbox but not delivered");
        return;
      }
      logger.info(
        { to: message.to, subject: message.subject, links: findLinks(message.text) },
        `E-mail in the development mailbox: ${config.APP_URL}/dev/mailbox`,
      );
    },
    close: () => {},
  };
}
