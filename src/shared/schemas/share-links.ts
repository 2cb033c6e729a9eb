import { z } from "zod";
import { idSchema, instantSchema, singleLine } from "./fields.ts";
import { mediaKitSchema } from "./media-kit.ts";

export const SHARE_LINK_KINDS = ["media_kit", "resources"] as const;
export { UNAVAILABLE_MESSAGE } from "../media-kit-texts.ts";
export const EXPIRY_MESSAGE = "Enter the expiry as a date and time";

const expiresAt = z
  .string({ error: EXPIRY_MESSAGE })
  .refine((value) => !Number.isNaN(Date.parse(value)), EXPIRY_MESSAGE)
  .nullable()
  .optional();
const fileIds = z.array(idSchema).max(100, "At most 100 files").optional();

export const createShareLinkSchema = z.object({
  kind: z.enum(SHARE_LINK_KINDS, { error: "Kind must be media_kit or resources" }),
  label: singleLine.required("Label", 200),
  fileIds,
  eventId: idSchema.nullable().optional(),
  expiresAt,
});
export type CreateShareLinkInput = z.input<typeof createShareLinkSchema>;

export const updateShareLinkSchema = z.object({
  label: singleLine.required("Label", 200).optional(),
  fileIds,
  expiresAt,
});

export const shareLinkSchema = z.object({
  id: idSchema,
  kind: z.enum(SHARE_LINK_KINDS),
  label: z.string(),
  /** The full address; only in the answer that creates the link (the server keeps only a hash of it). */
  url: z.string().nullable(),
  fileIds: z.array(z.string()),
  eventId: z.string().nullable(),
  expiresAt: instantSchema.nullable(),
  revokedAt: instantSchema.nullable(),
  viewCount: z.number().int(),
  lastViewedAt: instantSchema.nullable(),
  downloadCount: z.number().int(),
  createdAt: instantSchema,
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

export const shareLinkListSchema = z.object({
  items: z.array(shareLinkSchema),
  nextCursor: z.string().nullable(),
});

export const publicFileSchema = z.object({
  id: z.string(),
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});

export const publicShareSchema = z.object({
  /** The speaker's current slug (media-kit links): a visit with an older one moves to it. */
  slug: z.string().nullable(),
  kind: z.enum(SHARE_LINK_KINDS),
  speaker: z.object({
    name: z.string().nullable(),
    title: z.string().nullable(),
    businessName: z.string().nullable(),
    website: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
  }),
  mediaKit: mediaKitSchema
    .omit({ headshotFileIds: true, resourceFileIds: true, slug: true })
    .extend({
      headshots: z.array(publicFileSchema),
    })
    .nullable(),
  files: z.array(publicFileSchema),
});
export type PublicShare = z.infer<typeof publicShareSchema>;

export const publicShareQuerySchema = z.object({ slug: z.string().max(100).optional() });
