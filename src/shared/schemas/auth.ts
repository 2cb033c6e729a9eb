import { z } from "zod";
import { promoCodeSchema } from "./billing.ts";

/**
 * Account inputs and the user object, shared by the browser forms and the server routes.
 * Messages are the product spec's (§5) word for word; the order of the checks decides which one a
 * field shows first (DESIGN §8: leading or trailing spaces before the allowed characters).
 */

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 50;
export const EMAIL_MIN = 5;
export const EMAIL_MAX = 255;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const USERNAME_CHARACTERS = /^[A-Za-z0-9_-]*$/;
/** Lower, upper, digit and one of @$!%*?&, and nothing but letters, digits and those specials. */
const PASSWORD_RULE = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&])[A-Za-z\d@$!%*?&]+$/;

export const passwordRuleMessage =
  "Password must include at least one uppercase letter, one lowercase letter, one number, and one special character";

/** A username as chosen at registration; never trimmed, so " alice" is refused rather than changed. */
export const usernameSchema = z
  .string()
  .refine((value) => value === value.trim(), "Username cannot contain leading or trailing spaces")
  .min(USERNAME_MIN, `Username must be at least ${USERNAME_MIN} characters`)
  .max(USERNAME_MAX, `Username cannot exceed ${USERNAME_MAX} characters`)
  .regex(USERNAME_CHARACTERS, "Username can only contain letters, numbers, underscores, and hyphens");

/** An e-mail address, trimmed; the length is checked before the format so every message can be met. */
export const emailSchema = z
  .string()
  .trim()
  .min(EMAIL_MIN, "Email is too short")
  .max(EMAIL_MAX, "Email address is too long")
  .pipe(z.email("Invalid email address"));

const passwordLengthSchema = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, "Password is too long");

/** A new password at registration or change: length, then the character classes. */
export const newPasswordSchema = passwordLengthSchema.regex(PASSWORD_RULE, passwordRuleMessage);

export const loginSchema = z.object({
  username: z
    .string()
    .min(1, "Username is required")
    .max(USERNAME_MAX, `Username cannot exceed ${USERNAME_MAX} characters`),
  // The cap only keeps absurd inputs away from the hash function; no real password is this long.
  password: z.string().min(1, "Password is required").max(1024, "Password is too long"),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  /** From /promo-test: a valid code adds its trial days; an unknown one refuses the registration. */
  promoCode: promoCodeSchema.optional(),
  /**
   * The browser's IANA time zone, the first guess of the speaker's own (decision 053). Never a reason to
   * refuse a registration: a zone the server does not know is left out, and the account keeps UTC.
   */
  timeZone: z.string().max(100).optional().catch(undefined),
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** Forgot password, recover username and resend verification all take just an e-mail. */
export const emailOnlySchema = z.object({ email: emailSchema });
export type EmailOnlyInput = z.infer<typeof emailOnlySchema>;

/** A link token; anything empty or absurdly long is answered like an unknown one. */
const linkTokenSchema = (invalidMessage: string) =>
  z.string().min(1, invalidMessage).max(512, invalidMessage);

const resetTokenSchema = linkTokenSchema("The password reset link is invalid or has expired.");

export const resetPasswordSchema = z.object({
  token: resetTokenSchema,
  password: passwordLengthSchema,
  /** "Sign out everywhere and remove my passkeys": someone else may hold a way in (issue 40). */
  removePasskeys: z.boolean({ error: "Remove passkeys must be true or false" }).optional(),
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** The reset page checks its link before asking for a password (the check does not use the link up). */
export const resetLinkParamsSchema = z.object({ token: resetTokenSchema });

export const verifyEmailSchema = z.object({
  token: linkTokenSchema("The verification link is invalid or has expired."),
});
export type VerifyEmailInput = z.infer<typeof verifyEmailSchema>;

export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, "Current password is required").max(1024, "Password is too long"),
  newPassword: newPasswordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** A change-of-e-mail link opened after another account took the address; the verify page shows it. */
export const emailTakenMeanwhileMessage =
  "This address now belongs to another Podium account, so your e-mail was not changed.";

/** A new sign-in e-mail; the current password proves the owner asks, not whoever holds the session. */
export const updateAccountSchema = z.object({
  email: emailSchema,
  currentPassword: z.string().min(1, "Current password is required").max(1024, "Password is too long"),
});
export type UpdateAccountInput = z.infer<typeof updateAccountSchema>;

/** The user as the API shows it, and never more (DESIGN §5). */
export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  isAdmin: z.boolean(),
  /** ISO instant. */
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** A plain confirmation, e.g. the recovery calls' generic answer. */
export const messageSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageSchema>;
