/**
 * Media-kit words the public share page needs without the zod schemas (its JavaScript budget is small);
 * src/shared/schemas/media-kit.ts and share-links.ts re-export them.
 */
export const TOPIC_FORMATS = ["keynote", "workshop", "breakout", "virtual", "emcee", "panel"] as const;
export type TopicFormat = (typeof TOPIC_FORMATS)[number];
export const TOPIC_FORMAT_LABELS: Record<TopicFormat, string> = {
  keynote: "Keynote",
  workshop: "Workshop",
  breakout: "Breakout",
  virtual: "Virtual",
  emcee: "Emcee",
  panel: "Panel",
};

/** Every way a share link can fail shows exactly this (spec §2, DESIGN §10). */
export const UNAVAILABLE_MESSAGE = "This link is no longer available";
