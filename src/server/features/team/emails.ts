import type { TeamMemberRole } from "../../../shared/schemas/team.ts";
import { INVITATION_DAYS } from "../../../shared/schemas/team.ts";
import { ROLE_SUMMARY } from "../../../shared/team-access.ts";
import type { EmailMessage } from "../../platform/mail/mailer.ts";
import { renderEmail } from "../../platform/mail/render.ts";

const ROLE_WORDS: Record<TeamMemberRole, string> = {
  assistant: "as their assistant: the book of business, files, contracts and invoices",
  bookkeeper: "as their bookkeeper: invoices, payments, expenses, mileage and insights",
  viewer: "as a viewer: you can read their book of business and their money, and change nothing",
};

/** Who a login is, for its speaker's own mail: the username and the address it signs in with. */
export type JoiningLogin = { username: string; email: string };

const ROLE_NAMES: Record<TeamMemberRole, string> = {
  assistant: "your assistant",
  bookkeeper: "your bookkeeper",
  viewer: "a viewer",
};

/** To the owner: a login accepted the invitation (or confirmed its address) and is now in the team. */
export function renderMemberJoinedEmail(
  appUrl: string,
  owner: { email: string },
  joined: { login: JoiningLogin; role: TeamMemberRole; invitedEmail: string },
): EmailMessage {
  const { login, role } = joined;
  return renderEmail({
    to: owner.email,
    subject: `${login.username} joined your team on Podium`,
    paragraphs: [
      `${login.username} (${login.email}) accepted your invitation to ${joined.invitedEmail} and joined your team as ${ROLE_NAMES[role]}.`,
      ROLE_SUMMARY[role],
    ],
    action: { label: "Open your team", url: `${appUrl}/account-settings?tab=team` },
    footnote: "If you did not expect this, remove them in Settings → Team.",
  });
}

/** To the owner: the invitation was opened by a login whose verified e-mail is not the invited one. */
export function renderJoinRequestEmail(
  appUrl: string,
  owner: { email: string },
  request: { login: JoiningLogin & { isVerified: boolean }; role: TeamMemberRole; invitedEmail: string },
): EmailMessage {
  const { login, role } = request;
  const address = `${login.email}${login.isVerified ? "" : ", not yet confirmed"}`;
  return renderEmail({
    to: owner.email,
    subject: `${login.username} asks to join your team on Podium`,
    paragraphs: [
      `Your invitation to ${request.invitedEmail} was opened by the login ${login.username} (${address}), which is not the address you invited.`,
      `They join as ${ROLE_NAMES[role]} only if you approve it in Settings → Team; refuse it if you do not know them.`,
    ],
    action: { label: "Approve or refuse", url: `${appUrl}/account-settings?tab=team` },
  });
}

export function renderInvitationEmail(
  appUrl: string,
  invitation: { email: string; role: TeamMemberRole; speakerName: string; token: string },
): EmailMessage {
  return renderEmail({
    to: invitation.email,
    subject: `${invitation.speakerName} invited you to their team on Podium`,
    paragraphs: [
      `${invitation.speakerName} invited you to work in their Podium ${ROLE_WORDS[invitation.role]}.`,
      "Open the link to join: sign in with your Podium login, or create one (it is free for team members).",
    ],
    action: { label: "Join the team", url: `${appUrl}/join/${invitation.token}` },
    footnote: `This link works once and expires in ${INVITATION_DAYS} days. If you did not expect it, ignore this email.`,
  });
}
