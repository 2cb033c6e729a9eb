import { z } from "zod";
import { emailSchema, userSchema } from "./auth.ts";
import { idSchema, instantSchema } from "./fields.ts";

/** The roles a speaker gives the members of their team (DESIGN §11). */
export const TEAM_MEMBER_ROLES = ["assistant", "bookkeeper", "viewer"] as const;
export type TeamMemberRole = (typeof TEAM_MEMBER_ROLES)[number];
/** What a login is in a speaker's book: the speaker themselves (owner) or a member. */
export type WorkspaceRole = "owner" | TeamMemberRole;

/** How long an invitation link works. */
export const INVITATION_DAYS = 7;

const teamRoleSchema = z.enum(TEAM_MEMBER_ROLES, { error: "Role must be assistant, bookkeeper or viewer" });
const workspaceRoleSchema = z.enum(["owner", ...TEAM_MEMBER_ROLES]);

export const inviteMemberSchema = z.object({ email: emailSchema, role: teamRoleSchema });
export type InviteMemberInput = z.infer<typeof inviteMemberSchema>;

export const changeMemberRoleSchema = z.object({ role: teamRoleSchema });

export const teamMemberSchema = z.object({
  userId: z.string(),
  username: z.string(),
  email: z.string(),
  role: teamRoleSchema,
  joinedAt: instantSchema,
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: teamRoleSchema,
  expiresAt: instantSchema,
});
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;

/**
 * A login that opened an invitation but whose verified e-mail is not the invited one (decision 062): it joins
 * when the owner approves, or by itself once it confirms the invited address.
 */
export const teamJoinRequestSchema = z.object({
  id: z.string(),
  userId: z.string(),
  username: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  invitedEmail: z.string(),
  role: teamRoleSchema,
  requestedAt: instantSchema,
});
export type TeamJoinRequest = z.infer<typeof teamJoinRequestSchema>;

export const teamSchema = z.object({
  members: z.array(teamMemberSchema),
  invitations: z.array(teamInvitationSchema),
  requests: z.array(teamJoinRequestSchema),
});
export type Team = z.infer<typeof teamSchema>;

export const teamSettingsSchema = z.object({
  replyTo: z.enum(["speaker", "member"], { error: "Reply-to must be speaker or member" }),
  requireSecondFactor: z.boolean({ error: "requireSecondFactor must be true or false" }),
});
export type TeamSettings = z.infer<typeof teamSettingsSchema>;

export const workspaceSchema = z.object({
  speakerId: z.string(),
  name: z.string(),
  role: workspaceRoleSchema,
});
export type Workspace = z.infer<typeof workspaceSchema>;

/**
 * GET /api/user: the login and the speaker its session acts for; `secondFactorRequired` when that speaker
 * requires a second factor the login has not set up (their routes answer 403 until it does).
 */
export const currentUserSchema = userSchema.extend({
  workspace: workspaceSchema.extend({ secondFactorRequired: z.boolean() }),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const workspaceListSchema = z.array(workspaceSchema);

export const chooseWorkspaceSchema = z.object({ speakerId: idSchema });

/** The speaker as an invitee sees them: the profile's name, else the business name (never a username). */
const invitingSpeakerSchema = z.object({ id: z.string(), name: z.string().nullable() });

/** GET /api/public/join/:token: who invites, with which role, to which address. */
export const invitationPreviewSchema = z.object({
  speaker: invitingSpeakerSchema,
  role: teamRoleSchema,
  email: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/**
 * POST /api/join/:token (decision 062): `joined` when the login's verified e-mail is the invited one;
 * `confirming` when it is the invited one not yet verified (the login joins on opening its verification
 * link); else `requested`, and the owner approves.
 */
export const joinedSchema = z.object({
  status: z.enum(["joined", "confirming", "requested"]),
  speaker: invitingSpeakerSchema,
  role: teamRoleSchema,
});
export type Joined = z.infer<typeof joinedSchema>;

/** Who did something for the speaker, with their role at the time (activity and audit entries). */
export const actingLoginSchema = z.object({
  userId: z.string(),
  username: z.string(),
  role: workspaceRoleSchema,
});
export type ActingLogin = z.infer<typeof actingLoginSchema>;

/** "by Sam (assistant)"; the speaker's own changes need no name. */
export function describeActor(by: ActingLogin | null | undefined): string | null {
  return by && by.role !== "owner" ? `by ${by.username} (${by.role})` : null;
}
