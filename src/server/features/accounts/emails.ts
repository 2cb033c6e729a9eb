import type { Config } from "../../config.ts";
import type { EmailMessage } from "../../platform/mail/mailer.ts";
import { renderEmail } from "../../platform/mail/render.ts";

type Recipient = { username: string; email: string };

/** Why a verification link is being sent; each reason gets its own explanation. */
export type VerificationReason = "registered" | "requested" | "reset-requested" | "email-changed";

const verificationIntro: Record<VerificationReason, string> = {
  registered: "Welcome to Podium! Please confirm that this is your email address.",
  requested: "Here is a new link to confirm your email address.",
  "reset-requested":
    "Someone asked to reset the password of your Podium account. You must verify your email address before " +
    "resetting your password, so we are sending a verification link instead. Once your address is verified, " +
    "request the password reset again.",
  "email-changed": "You changed the email address of your Podium account. Please confirm the new address.",
};

export function renderVerificationEmail(
  config: Config,
  user: Recipient,
  token: string,
  reason: VerificationReason,
): EmailMessage {
  return renderEmail({
    to: user.email,
    subject: "Verify your email address for Podium",
    greeting: `Hi ${user.username},`,
    paragraphs: [verificationIntro[reason]],
    action: { label: "Verify email address", url: `${config.APP_URL}/verify-email?token=${token}` },
    footnote: "This link expires in 24 hours. If you did not expect this email, you can ignore it.",
  });
}

export function renderPasswordResetEmail(config: Config, user: Recipient, token: string): EmailMessage {
  return renderEmail({
    to: user.email,
    subject: "Reset your Podium password",
    greeting: `Hi ${user.username},`,
    paragraphs: ["Someone asked to reset the password of your Podium account. Choose a new password here:"],
    action: { label: "Reset password", url: `${config.APP_URL}/reset-password/${token}` },
    footnote:
      "This link expires in 1 hour and works once. If you did not ask for it, ignore this email: " +
      "your password stays as it is.",
  });
}

export function renderUsernameEmail(config: Config, user: Recipient): EmailMessage {
  return renderEmail({
    to: user.email,
    subject: "Your Podium username",
    greeting: "Hi,",
    paragraphs: [
      "Someone asked for the username of the Podium account that uses this email address.",
      `Your username is: ${user.username}`,
    ],
    action: { label: "Sign in", url: `${config.APP_URL}/auth` },
    footnote: "If you did not ask for it, you can ignore this email.",
  });
}
