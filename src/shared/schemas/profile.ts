import { z } from "zod";
import { money, optionalEmail, optionalText, optionalUrl, singleLine } from "./fields.ts";

/** PUT replaces the whole profile: an absent field is saved as empty. */
export const speakerProfileInputSchema = z.object({
  name: singleLine.optional("Name", 200),
  title: singleLine.optional("Title", 200),
  businessName: singleLine.optional("Business name", 200),
  phone: singleLine.optional("Phone", 50),
  email: optionalEmail("Email"),
  website: optionalUrl("Website"),
  address: singleLine.optional("Address", 500),
  city: singleLine.optional("City", 200),
  state: singleLine.optional("State", 200),
  zipCode: singleLine.optional("Zip code", 20),
  bio: optionalText("Bio", 5000),
  /** Income goal for the year, in dollars. */
  annualGoal: money("Annual goal"),
});
export type SpeakerProfileInput = z.input<typeof speakerProfileInputSchema>;
export type SpeakerProfileUpdate = z.output<typeof speakerProfileInputSchema>;

/** The spec §3 profile; every field is null until the profile is first saved. */
export const speakerProfileSchema = z.object({
  name: z.string().nullable(),
  title: z.string().nullable(),
  businessName: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  bio: z.string().nullable(),
  annualGoal: z.number().nullable(),
});
export type SpeakerProfile = z.infer<typeof speakerProfileSchema>;

/** A public page's speaker: the names a planner may see, shown through `speakerDisplayName` (speaker-name.ts). */
export const speakerNamesSchema = speakerProfileSchema.pick({ name: true, businessName: true });
