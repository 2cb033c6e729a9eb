import { isIP } from "node:net";
import { z } from "zod";
import { TOKEN_PURPOSES, type TokenKeyVersions, type TokenPurpose } from "./platform/auth/token-keys.ts";

const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

/** An address or a CIDR range (`10.0.0.0/8`, `fd00::/8`). */
function isAddressOrRange(value: string): boolean {
  const [address = "", bits, ...rest] = value.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies may tell the client's address in X-Forwarded-For (Fastify's `trustProxy`): unset trusts
 * none, so a client cannot write its own address past the per-IP limits; a number trusts that many hops;
 * otherwise a comma-separated list of addresses and CIDR ranges.
 */
const trustProxySchema = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): false | number | string[] => {
    if (!value) return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(",").map((entry) => entry.trim());
    const invalid = entries.filter((entry) => !isAddressOrRange(entry));
    if (invalid.length === 0) return entries;
    ctx.addIssue({
      code: "custom",
      message: `must be a number of hops or a comma-separated list of addresses or CIDR ranges; "${invalid[0]}" is neither`,
    });
    return z.NEVER;
  });

export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default("127.0.0.1"),
    APP_URL: z.url({ protocol: /^https?$/ }).optional(),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z
      .url({ protocol: /^postgres(ql)?$/ })
      .optional()
      .or(z.literal("").transform(() => undefined)),
    SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    SMTP_URL: z
      .url({ protocol: /^smtps?$/ })
      .optional()
      .or(z.literal("").transform(() => undefined)),
    MAIL_FROM: z.string().min(3).default("Podium <no-reply@localhost>"),
    SUPPORT_EMAIL: z.string().min(3).default("support@localhost"),
    /** Seconds between delivery attempts of a failed e-mail (doubles each time). */
    MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).default(30),
    MAIL_RETRY_LIMIT: z.coerce.number().int().min(0).default(8),
    /** E-mail an account may have sent to other people a day, and new addresses an hour (decision 036). */
    MAIL_DAILY_LIMIT: z.coerce.number().int().min(1).default(200),
    MAIL_NEW_RECIPIENTS_PER_HOUR: z.coerce.number().int().min(1).default(20),
    S3_BUCKET: optionalText,
    S3_REGION: optionalText,
    S3_ENDPOINT: optionalText,
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    /** Path-style addresses (`endpoint/bucket/key`), as most S3-compatible servers need. */
    S3_FORCE_PATH_STYLE: z
      .enum(["true", "false", "1", "0", ""])
      .default("false")
      .transform((value) => value === "true" || value === "1"),
    /** Largest single upload and the total one account may store (DESIGN §9). */
    FILE_MAX_MB: z.coerce.number().positive().default(25),
    FILE_QUOTA_MB: z.coerce.number().positive().default(1024),
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    STRIPE_PRICE_ID: optionalText,
    STRIPE_API_BASE: z
      .url({ protocol: /^https?$/ })
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /** Extra-trial codes while billing is off: `CODE=days,OTHER=days`. */
    PROMO_CODES: z
      .string()
      .optional()
      .transform((value, ctx) => parsePromoCodes(value ?? "", ctx)),
    /** Usernames that hold the admin role (granted at registration and at start-up). */
    ADMIN_USERNAMES: z
      .string()
      .optional()
      .transform((value) =>
        [...new Set((value ?? "").split(",").map((name) => name.trim()))].filter(Boolean),
      ),
    /** The PKCS#12 that seals completed contracts (a path, or base64 text) and its passphrase (DESIGN §9). */
    SIGNING_CERT_P12: optionalText,
    SIGNING_CERT_PASSPHRASE: z.string().optional(),
    /** Seconds between runs of the periodic sweep (invoice and contract reminders, expiry); 0 turns it off. */
    SCHEDULER_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
    /** Nominatim-compatible geocoder and Overpass API for places near a venue (DESIGN §9, decision 031). */
    GEOCODER_URL: z
      .url({ protocol: /^https?$/ })
      .optional()
      .or(z.literal("").transform(() => undefined)),
    OVERPASS_URL: z
      .url({ protocol: /^https?$/ })
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /** Unset: on only when GEOCODER_URL is set, so tests and CI never reach the internet (decision 031). */
    PLACES_ENABLED: z.enum(["true", "false", "1", "0", ""]).optional(),
    /** Scheduled backups (docs/operations.md, Backups): the folder, hours between archives, archives kept. */
    BACKUP_DIR: optionalText,
    BACKUP_INTERVAL_HOURS: z.coerce.number().positive().max(8_760).default(24),
    BACKUP_KEEP: z.coerce.number().int().min(1).default(7),
    /** The bearer token GET /metrics asks for; unset, there is no /metrics. */
    METRICS_TOKEN: z
      .string()
      .trim()
      .min(16, "must be at least 16 characters")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    /** Seconds a shutdown (SIGTERM) waits for requests in flight before closing their connections. */
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(300).default(10),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /** Multiplies every rate limit of DESIGN §8; tests and benchmarks raise or lower it. */
    RATE_LIMIT_FACTOR: z.coerce.number().positive().default(1),
    TRUST_PROXY: trustProxySchema,
    /** `purpose=version,…`: a purpose's key generation, raised to rotate that kind of link alone (decision 037). */
    TOKEN_KEY_VERSIONS: z
      .string()
      .optional()
      .transform((value, ctx) => parseTokenKeyVersions(value ?? "", ctx)),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: "is required when NODE_ENV=production",
      });
    }
    // Outside production the development mailbox and its logged links are on: not for a public address.
    if (env.NODE_ENV !== "production" && env.APP_URL?.startsWith("https://")) {
      ctx.addIssue({
        code: "custom",
        path: ["APP_URL"],
        message:
          "is an https:// address, which means a public server: set NODE_ENV=production (with SESSION_SECRET and SMTP_URL), or use an http:// address for local use",
      });
    }
    if (env.SIGNING_CERT_PASSPHRASE && !env.SIGNING_CERT_P12) {
      ctx.addIssue({
        code: "custom",
        path: ["SIGNING_CERT_P12"],
        message: "is required when SIGNING_CERT_PASSPHRASE is set",
      });
    }
    // Billing is all or nothing: a key without a price (say) would charge nobody or fail at Checkout.
    const stripeSet = STRIPE_VARIABLES.filter((name) => env[name]);
    if (stripeSet.length > 0 || env.STRIPE_API_BASE) {
      for (const name of STRIPE_VARIABLES.filter((variable) => !env[variable])) {
        ctx.addIssue({
          code: "custom",
          path: [name],
          message: `is required once any STRIPE_* variable is set (leave them all unset to turn billing off)`,
        });
      }
    }
  });

const STRIPE_VARIABLES = ["STRIPE_SECRET_KEY", "STRIPE_PRICE_ID", "STRIPE_WEBHOOK_SECRET"] as const;

const PROMO_CODE_ENTRY = /^([A-Za-z0-9_-]{1,50})=(\d{1,3})$/;

/** `CODE=days,OTHER=days` → code (upper case) → extra trial days. */
function parsePromoCodes(value: string, ctx: z.RefinementCtx): Record<string, number> {
  const codes: Record<string, number> = {};
  for (const entry of value
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)) {
    const match = PROMO_CODE_ENTRY.exec(entry);
    if (!match || Number(match[2]) < 1) {
      ctx.addIssue({
        code: "custom",
        message: `"${entry}" is not CODE=days (letters, digits, _ or -, then 1 to 999 days)`,
      });
      continue;
    }
    codes[match[1]!.toUpperCase()] = Number(match[2]);
  }
  return codes;
}

/** `invoice-link=2,contract-sign=3` → { "invoice-link": 2, "contract-sign": 3 }. */
function parseTokenKeyVersions(value: string, ctx: z.RefinementCtx): TokenKeyVersions {
  const versions: TokenKeyVersions = {};
  for (const entry of value
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [purpose = "", version = "", ...rest] = entry.split("=").map((part) => part.trim());
    const number = Number(version);
    if (
      !TOKEN_PURPOSES.includes(purpose as TokenPurpose) ||
      rest.length > 0 ||
      !Number.isInteger(number) ||
      number < 1
    ) {
      ctx.addIssue({
        code: "custom",
        message: `"${entry}" is not purpose=version (a purpose of ${TOKEN_PURPOSES.join(", ")}; a version of 1 or more)`,
      });
      continue;
    }
    versions[purpose as TokenPurpose] = number;
  }
  return versions;
}

export type Env = z.infer<typeof envSchema>;

export type Config = Env & {
  APP_URL: string;
  isHttps: boolean;
  isProduction: boolean;
  /** Subscription billing through Stripe; null when the STRIPE_* variables are unset (billing off). */
  stripe: StripeConfig | null;
  /** Outside look-ups for places near a venue; null when off (only the map search links are shown). */
  places: PlacesConfig | null;
};

export type PlacesConfig = { geocoderUrl: string; overpassUrl: string };

const PUBLIC_GEOCODER_URL = "https://nominatim.openstreetmap.org";
const PUBLIC_OVERPASS_URL = "https://overpass-api.de/api/interpreter";

/** PLACES_ENABLED when given; otherwise on exactly when the operator named a geocoder. */
function placesConfig(env: Env): PlacesConfig | null {
  const setting = env.PLACES_ENABLED || undefined;
  const isEnabled = setting === undefined ? Boolean(env.GEOCODER_URL) : setting === "true" || setting === "1";
  if (!isEnabled) return null;
  return {
    geocoderUrl: (env.GEOCODER_URL ?? PUBLIC_GEOCODER_URL).replace(/\/+$/, ""),
    overpassUrl: env.OVERPASS_URL ?? PUBLIC_OVERPASS_URL,
  };
}

export type StripeConfig = { secretKey: string; priceId: string; webhookSecret: string; apiBase?: string };

/** Parses the environment once; a bad value throws an error naming every faulty variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  return {
    ...env,
    APP_URL: appUrl,
    isHttps: appUrl.startsWith("https://"),
    isProduction: env.NODE_ENV === "production",
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_PRICE_ID && env.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            priceId: env.STRIPE_PRICE_ID,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            apiBase: env.STRIPE_API_BASE,
          }
        : null,
    places: placesConfig(env),
  };
}

export class ConfigError extends Error {}
