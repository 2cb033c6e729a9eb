import { z } from "zod";
import { userSchema } from "./auth.ts";
import { idSchema, instantSchema, singleLine } from "./fields.ts";

/**
 * Second factors and the fresh check (DESIGN §11 "Second factors"): passkeys (WebAuthn), authenticator-app
 * codes (TOTP, RFC 6238) with recovery codes, the second step of a password sign-in, and `POST /api/reauth`.
 */

/** How long a fresh check lasts, and a WebAuthn challenge. */
export const REAUTH_MINUTES = 10;
export const CHALLENGE_MINUTES = 5;
export const RECOVERY_CODE_COUNT = 10;
export const TOTP_DIGITS = 6;

/** The 403 `error` of an action that needs a fresh check; the answer also carries `reauth: true`. */
export const REAUTH_REQUIRED_MESSAGE =
  "Confirm it's you first: enter your password, a code from your authenticator app, or use a passkey.";
export const INVALID_CODE_MESSAGE = "That code is not right. Check your authenticator app and try again.";
export const INVALID_RECOVERY_CODE_MESSAGE = "That recovery code is not right or has been used already.";
export const INVALID_PASSKEY_MESSAGE = "That passkey could not be verified. Try again.";
export const INVALID_PASSWORD_MESSAGE = "Incorrect password";
/** The second step was too slow or was never begun: start the sign-in again. */
export const SECOND_FACTOR_EXPIRED_MESSAGE =
  "Your sign-in has expired. Enter your username and password again.";

export const SECOND_FACTOR_METHODS = ["totp", "passkey", "recovery"] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/** A six-digit code; spaces (as apps show "123 456") are ignored. */
export const totpCodeSchema = z
  .string({ error: "Enter the 6-digit code from your authenticator app" })
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app"));

/** A recovery code as printed (`abcde-12345`); case, spaces and hyphens are ignored. */
export const recoveryCodeSchema = z
  .string({ error: "Enter one of your recovery codes" })
  .transform((value) => value.replace(/[\s-]+/g, "").toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9]{10}$/, "Enter one of your recovery codes"));

const passwordSchema = z
  .string({ error: "Password is required" })
  .min(1, "Password is required")
  .max(1024, "Password is too long");

/**
 * What a browser's `navigator.credentials` call gives back, as `@simplewebauthn/browser` encodes it
 * (RegistrationResponseJSON / AuthenticationResponseJSON); the server library checks the rest.
 */
export const webauthnResponseSchema = z.looseObject({
  id: z.string().min(1).max(1024),
  rawId: z.string().min(1).max(1024),
  type: z.literal("public-key"),
  response: z.looseObject({ clientDataJSON: z.string().max(10_000) }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});
export type WebauthnResponse = z.infer<typeof webauthnResponseSchema>;

/** WebAuthn options (PublicKeyCredentialCreationOptionsJSON / RequestOptionsJSON), passed to the browser as they are. */
export const webauthnOptionsSchema = z.looseObject({ challenge: z.string() });
export type WebauthnOptions = z.infer<typeof webauthnOptionsSchema>;

export const passkeySchema = z.object({
  id: idSchema,
  name: z.string(),
  createdAt: instantSchema,
  lastUsedAt: instantSchema.nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** GET /api/security. */
export const securitySchema = z.object({
  passkeys: z.array(passkeySchema),
  totp: z.object({ enabled: z.boolean() }),
  recoveryCodesLeft: z.number().int(),
  /** Until when this session's fresh check lasts; null when it has none. */
  reauthUntil: instantSchema.nullable(),
});
export type Security = z.infer<typeof securitySchema>;

/** POST /api/passkeys. */
export const createPasskeySchema = z.object({
  name: singleLine.required("Passkey name", 100),
  response: webauthnResponseSchema,
});
export type CreatePasskeyInput = z.input<typeof createPasskeySchema>;

/** POST /api/login/passkey. */
export const passkeyLoginSchema = z.object({ response: webauthnResponseSchema });

/** POST /api/totp/setup: shown until the first code turns it on. */
export const totpSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string(), qrSvg: z.string() });
export type TotpSetup = z.infer<typeof totpSetupSchema>;

/** POST /api/totp/enable. */
export const totpEnableSchema = z.object({ code: totpCodeSchema });
export const recoveryCodesSchema = z.object({
  recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT),
});
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** Exactly one of the given proofs; the message names them all. */
function oneOf<T extends z.ZodRawShape>(shape: T, message: string) {
  return z
    .object(shape)
    .partial()
    .refine((value) => Object.values(value).filter((each) => each !== undefined).length === 1, {
      message,
      path: ["body"],
    });
}

/** POST /api/totp/disable. */
export const totpDisableSchema = oneOf(
  { code: totpCodeSchema, password: passwordSchema },
  "Enter a code from your authenticator app or your password",
);
export type TotpDisableInput = z.input<typeof totpDisableSchema>;

/** POST /api/login/second-factor. */
export const secondFactorSchema = oneOf(
  { code: totpCodeSchema, recoveryCode: recoveryCodeSchema, passkey: webauthnResponseSchema },
  "Enter a code from your authenticator app or a recovery code, or use a passkey",
);
export type SecondFactorInput = z.input<typeof secondFactorSchema>;

/** POST /api/reauth. */
export const reauthSchema = oneOf(
  { password: passwordSchema, code: totpCodeSchema, passkey: webauthnResponseSchema },
  "Enter your password or a code from your authenticator app, or use a passkey",
);
export type ReauthInput = z.input<typeof reauthSchema>;
export const reauthAnswerSchema = z.object({ reauthUntil: instantSchema });
export type ReauthAnswer = z.infer<typeof reauthAnswerSchema>;

/** POST /api/login with a second factor on: no session yet, the methods the second step accepts. */
export const secondFactorRequiredSchema = z.object({
  secondFactor: z.array(z.enum(SECOND_FACTOR_METHODS)).min(1),
});
export type SecondFactorRequired = z.infer<typeof secondFactorRequiredSchema>;
export const loginAnswerSchema = z.union([userSchema, secondFactorRequiredSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

/** The 403 of an action that needs a fresh check. */
export const reauthRequiredSchema = z.object({ error: z.string(), reauth: z.literal(true) });

/** Which factors an account has, as the admin's user details show it. */
export const userFactorsSchema = z.object({
  totp: z.boolean(),
  passkeys: z.number().int(),
  recoveryCodesLeft: z.number().int(),
});
export type UserFactors = z.infer<typeof userFactorsSchema>;
