import { z } from "zod";
import { idSchema, instantSchema, requiredText, singleLine } from "./fields.ts";

export const ANNOUNCEMENT_SEVERITIES = ["info", "warning"] as const;
export const ANNOUNCEMENT_AUDIENCES = ["all", "trialing", "subscribed"] as const;
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number];
export const ANNOUNCEMENT_AUDIENCE_LABELS: Record<AnnouncementAudience, string> = {
  all: "Everyone",
  trialing: "Speakers in their trial",
  subscribed: "Subscribed speakers",
};
export const ANNOUNCEMENT_TITLE_MAX = 120;
export const ANNOUNCEMENT_BODY_MAX = 5000;

const optionalInstant = (label: string) =>
  z
    .string({ error: `${label} must be a date and time` })
    .trim()
    .refine((value) => value === "" || !Number.isNaN(Date.parse(value)), `${label} must be a date and time`)
    .transform((value) => (value ? new Date(value).toISOString() : null))
    .nullable()
    .optional();

const announcementFields = {
  title: singleLine.required("Title", ANNOUNCEMENT_TITLE_MAX),
  body: requiredText("Message", ANNOUNCEMENT_BODY_MAX),
  severity: z.enum(ANNOUNCEMENT_SEVERITIES, { error: "Severity must be info or warning" }),
  audience: z.enum(ANNOUNCEMENT_AUDIENCES, { error: "Audience must be all, trialing or subscribed" }),
  startsAt: optionalInstant("Start"),
  endsAt: optionalInstant("End"),
};

const endsAfterStart = (value: { startsAt?: string | null; endsAt?: string | null }) =>
  !value.startsAt || !value.endsAt || value.endsAt > value.startsAt;
const endsAfterStartIssue = { message: "The end must be after the start", path: ["endsAt"] };

/** POST /api/admin/announcements (and the admin form). Blank start: now; blank end: until deleted. */
export const announcementInputSchema = z
  .object(announcementFields)
  .refine(endsAfterStart, endsAfterStartIssue);
export type AnnouncementInput = z.input<typeof announcementInputSchema>;

/** PATCH /api/admin/announcements/:id: any of the fields. */
export const announcementPatchSchema = z
  .object(announcementFields)
  .partial()
  .refine(endsAfterStart, endsAfterStartIssue);

export const announcementSchema = z.object({
  id: idSchema,
  title: z.string(),
  body: z.string(),
  severity: z.enum(ANNOUNCEMENT_SEVERITIES),
  audience: z.enum(ANNOUNCEMENT_AUDIENCES),
  startsAt: instantSchema.nullable(),
  endsAt: instantSchema.nullable(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type Announcement = z.infer<typeof announcementSchema>;

/** GET /api/announcements: what the banner shows to this speaker now. */
export const activeAnnouncementSchema = announcementSchema.pick({
  id: true,
  title: true,
  body: true,
  severity: true,
});
export type ActiveAnnouncement = z.infer<typeof activeAnnouncementSchema>;
