/**
 * The 403 `error` a member without a second factor gets on the routes of a speaker who requires one (the
 * owner's `requireSecondFactor`, DESIGN §11); the answer also carries `secondFactorRequired: true`. Apart from
 * the zod schemas: the signed-in shell shows it and must not load zod.
 */
export const secondFactorRequiredMessage = (speaker: string) =>
  `${speaker} requires a second factor. Set one up in Settings → Security.`;
