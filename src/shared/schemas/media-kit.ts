import { z } from "zod";
import { TOPIC_FORMATS } from "../media-kit-texts.ts";
import { videoEmbedUrl } from "../video-embed.ts";
import { idSchema, money, optionalText, optionalUrl, requiredText, singleLine } from "./fields.ts";

export { TOPIC_FORMAT_LABELS, TOPIC_FORMATS } from "../media-kit-texts.ts";

export const SLUG_MESSAGE = "Use 3–60 lowercase letters, digits and hyphens";
export const SLUG_TAKEN_MESSAGE = "This address is taken. Choose another.";
export const VIDEO_URL_MESSAGE = "Enter a YouTube or Vimeo link";

export const slugSchema = z
  .string({ error: SLUG_MESSAGE })
  .trim()
  .regex(/^[a-z0-9-]{3,60}$/, SLUG_MESSAGE);

const topicSchema = z.object({
  title: singleLine.required("Topic title", 200),
  description: optionalText("Description", 2000),
  formats: z
    .array(z.enum(TOPIC_FORMATS, { error: "Unknown format" }))
    .max(6)
    .default([]),
  audiences: singleLine.optional("Audiences", 500),
});

const videoSchema = z.object({
  title: singleLine.optional("Video title", 200),
  url: z
    .string({ error: VIDEO_URL_MESSAGE })
    .trim()
    .max(500, VIDEO_URL_MESSAGE)
    .refine((value) => videoEmbedUrl(value) !== null, VIDEO_URL_MESSAGE),
});

const testimonialSchema = z.object({
  quote: requiredText("Quote", 2000),
  author: singleLine.required("Author", 200),
  role: singleLine.optional("Role", 200),
  organization: singleLine.optional("Organization", 200),
});

const feeRangeSchema = z
  .object({ from: money("Fee from"), to: money("Fee to") })
  .refine((range) => range.from == null || range.to == null || range.to >= range.from, {
    message: "The upper fee must not be below the lower one",
    path: ["to"],
  });

const linksSchema = z.object({
  website: optionalUrl("Website"),
  linkedin: optionalUrl("LinkedIn"),
  youtube: optionalUrl("YouTube"),
  instagram: optionalUrl("Instagram"),
  x: optionalUrl("X"),
});

/** PUT /api/media-kit replaces the whole kit. */
export const mediaKitInputSchema = z.object({
  /** Blank (the editor's empty field) means none chosen; a slug once chosen is never cleared. */
  slug: z
    .union([z.literal("").transform(() => null), slugSchema])
    .nullable()
    .optional(),
  headline: singleLine.optional("Headline", 200),
  shortBio: optionalText("Short bio", 1000),
  longBio: optionalText("Long bio", 10000),
  topics: z.array(topicSchema).max(20, "At most 20 topics").default([]),
  feeRange: feeRangeSchema.nullable().optional(),
  travelsFrom: singleLine.optional("Travels from", 200),
  videos: z.array(videoSchema).max(10, "At most 10 videos").default([]),
  testimonials: z.array(testimonialSchema).max(20, "At most 20 testimonials").default([]),
  headshotFileIds: z.array(idSchema).max(20, "At most 20 headshots").default([]),
  resourceFileIds: z.array(idSchema).max(50, "At most 50 resources").default([]),
  links: linksSchema.optional(),
});
export type MediaKitInput = z.input<typeof mediaKitInputSchema>;
export type MediaKitUpdate = z.output<typeof mediaKitInputSchema>;

const nullableText = z.string().nullable();

export const mediaKitSchema = z.object({
  slug: nullableText,
  headline: nullableText,
  shortBio: nullableText,
  longBio: nullableText,
  topics: z.array(
    z.object({
      title: z.string(),
      description: nullableText,
      formats: z.array(z.enum(TOPIC_FORMATS)),
      audiences: nullableText,
    }),
  ),
  feeRange: z.object({ from: z.number().nullable(), to: z.number().nullable() }).nullable(),
  travelsFrom: nullableText,
  videos: z.array(z.object({ title: nullableText, url: z.string() })),
  testimonials: z.array(
    z.object({ quote: z.string(), author: z.string(), role: nullableText, organization: nullableText }),
  ),
  headshotFileIds: z.array(z.string()),
  resourceFileIds: z.array(z.string()),
  links: z.object({
    website: nullableText,
    linkedin: nullableText,
    youtube: nullableText,
    instagram: nullableText,
    x: nullableText,
  }),
});
export type MediaKit = z.infer<typeof mediaKitSchema>;
