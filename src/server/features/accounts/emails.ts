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
    "Someone asked to reset the password of your Podium account. Your email address is not verified yet, so " +
    "this is a verification email: the button below confirms your address and then takes you straight to " +
    "choosing a new password.",
  "email-changed":
    "You asked to use this address for your Podium account. Please confirm it: the account switches to this " +
    "address when you open the link.",
};

export function renderVerificationEmail(
  config: Config,
  user: Recipient,
  token: string,
  reason: VerificationReason,
  /** A reset token to continue with once the address is verified (a reset was asked for). */
  resetToken?: string,
): EmailMessage {
  const query = new URLSearchParams({ token, ...(resetToken ? { reset: resetToken } : {}) });
  return renderEmail({
    to: user.email,
    subject: "Verify your email address for Podium",
    greeting: `Hi ${user.username},`,
    paragraphs: [verificationIntro[reason]],
    action: { label: "Verify email address", url: `${config.APP_URL}/verify-email?${query}` },
    footnote: resetToken
      ? "The password step of this link expires in 1 hour; after that, verify and then ask for a new reset link. " +
        "If you did not ask for it, you can ignore this email."
      : "This link expires in 24 hours. If you did not expect this email, you can ignore it.",
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

/** To the current address when a change is asked for: the owner learns of it even when a thief asks. */
export function renderEmailChangeRequestedNotice(
  config: Config,
  user: Recipient,
  newEmail: string,
): EmailMessage {
  return renderEmail({
    to: user.email,
    subject: "A change of your Podium e-mail was requested",
    greeting: `Hi ${user.username},`,
    paragraphs: [
      `Someone signed in to your Podium account asked to change its e-mail to ${newEmail}. It changes only when ` +
        "the link we sent to that address is opened. Your other devices were signed out.",
      "If this was not you, change your password now and contact " +
        `${config.SUPPORT_EMAIL}, so we can help you keep your account.`,
    ],
    action: { label: "Sign in", url: `${config.APP_URL}/auth` },
    footnote: "If you asked for this change yourself, open the link in the e-mail sent to the new address.",
  });
}

/** To the old address once the change is made: the owner learns of it even when a thief made it. */
export function renderEmailChangedNotice(config: Config, user: Recipient, newEmail: string): EmailMessage {
  return renderEmail({
    to: user.email,
    subject: "Your Podium e-mail was changed",
    greeting: `Hi ${user.username},`,
    paragraphs: [
      `Your Podium e-mail was changed to ${newEmail}.`,
      "If this was not you, someone else may be using your account: contact " +
        `${config.SUPPORT_EMAIL} at once, so we can help you get it back.`,
    ],
    action: { label: "Sign in", url: `${config.APP_URL}/auth` },
    footnote: "If you made this change yourself, there is nothing more to do.",
  });
}

/** To an address that already has an account, when another account tried to switch to it. */
export function renderEmailTakenNotice(config: Config, user: Recipient): EmailMessage {
  return renderEmail({
    to: user.email,
    subject: "Someone tried to use your e-mail on Podium",
    greeting: `Hi ${user.username},`,
    paragraphs: [
      "Another Podium account tried to change its e-mail to this address, which already belongs to your " +
        "account. Nothing was changed: the address stays yours.",
      "If you were trying to move this address to another account, change the e-mail of this account first.",
    ],
    action: { label: "Sign in", url: `${config.APP_URL}/auth` },
    footnote: "If you did not expect this email, you can ignore it.",
  });
}
