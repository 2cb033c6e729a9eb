import { z } from "zod";
import { signatureInputSchema } from "./contracts.ts";

export const NO_SAVED_SIGNATURE = "Save your signature first: type your name (and draw it, if you like).";

/**
 * `GET / PUT /api/countersign-settings`: the speaker's saved signature and whether it countersigns an
 * agreement by itself the moment the planner signs (issue 32).
 */
export const countersignSettingsSchema = z.object({
  autoCountersign: z.boolean(),
  signature: signatureInputSchema.nullable(),
});
export type CountersignSettings = z.infer<typeof countersignSettingsSchema>;

export const countersignSettingsInputSchema = countersignSettingsSchema.refine(
  (settings) => !settings.autoCountersign || settings.signature !== null,
  { message: NO_SAVED_SIGNATURE, path: ["signature"] },
);
