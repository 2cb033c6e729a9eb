import type { TeamMemberRole } from "../../../shared/schemas/team.ts";
import { INVITATION_DAYS } from "../../../shared/schemas/team.ts";
import type { EmailMessage } from "../../platform/mail/mailer.ts";
import { renderEmail } from "../../platform/mail/render.ts";

const ROLE_WORDS: Record<TeamMemberRole, string> = {
  assistant: "as their assistant: the book of business, files, contracts and invoices",
  bookkeeper: "as their bookkeeper: invoices, payments, expenses, mileage and insights",
  viewer: "as a viewer: you can read their book of business and their money, and change nothing",
};

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
