import { z } from "zod";
import { hasLineBreak, singleLineMessage } from "../single-line.ts";

/** The largest amount of money any field accepts, in dollars. */
export const MAX_DOLLARS = 10_000_000;
export const MAX_ATTENDEES = 10_000_000;
export const MAX_PAGE_SIZE = 200;
export const DEFAULT_PAGE_SIZE = 50;

export const REAL_DATE_MESSAGE = "Enter a real date as YYYY-MM-DD";
export const INVALID_EMAIL_MESSAGE = "Invalid email address";
export const INVALID_URL_MESSAGE = "Enter a web address starting with http:// or https://";

/** True for `YYYY-MM-DD` naming a day that exists (2024-02-29 yes, 2025-02-29 no). */
export function isRealIsoDate(value: string): boolean {
  if (!/^[1-9]\d{3}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/**
 * At most two decimals up to binary floating-point error (0.1 + 0.2 − 0.3 + 0.07 is 0.07000000000000006),
 * and no further: 0.000000001 is not 0.00, and rounding it would store a fee nobody typed.
 */
function hasAtMostTwoDecimals(value: number): boolean {
  const hundredths = value * 100;
  return Math.abs(hundredths - Math.round(hundredths)) <= Math.max(1, Math.abs(hundredths)) * 1e-12;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

const tooLong = (label: string, max: number) => `${label} must be at most ${max} characters`;

/** Trimmed text of at most `max` characters; `isOneLine` refuses line breaks in plain words. */
function text(label: string, max: number, isOneLine: boolean, error: z.core.$ZodErrorMap | string) {
  const schema = z.string({ error }).trim().max(max, tooLong(label, max));
  return isOneLine ? schema.refine((value) => !hasLineBreak(value), singleLineMessage(label)) : schema;
}

function required(label: string, max: number, isOneLine: boolean) {
  const message = `${label} is required`;
  const error = (issue: { input: unknown }) => (issue.input == null ? message : `${label} must be text`);
  return text(label, max, isOneLine, error).min(1, message);
}

function optional(label: string, max: number, isOneLine: boolean) {
  return text(label, max, isOneLine, `${label} must be text`)
    .transform((value) => value || null)
    .nullable()
    .optional();
}

/** Text that must be filled in: trimmed, not blank, at most `max` characters; line breaks allowed. */
export const requiredText = (label: string, max: number) => required(label, max, false);

/**
 * Optional text, line breaks allowed (notes, descriptions, messages): trimmed; blank or null becomes null
 * (clears the field); absent leaves it unchanged.
 */
export const optionalText = (label: string, max: number) => optional(label, max, false);

/**
 * One-line text (names, titles, phones, cities): as `requiredText` and `optionalText`, and a line break is
 * refused, since the value may be merged into a contract or printed where it would start a new paragraph.
 */
export const singleLine = {
  required: (label: string, max: number) => required(label, max, true),
  optional: (label: string, max: number) => optional(label, max, true),
};

export function optionalEmail(label = "Email") {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(255, "Email address is too long")
    .refine((value) => value === "" || z.regexes.email.test(value), INVALID_EMAIL_MESSAGE)
    .transform((value) => value || null)
    .nullable()
    .optional();
}

export function optionalUrl(label = "Website") {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(500, tooLong(label, 500))
    .refine((value) => value === "" || isHttpUrl(value), INVALID_URL_MESSAGE)
    .transform((value) => value || null)
    .nullable()
    .optional();
}

/** A required calendar date as `YYYY-MM-DD`. */
export function requiredDate(label = "Date") {
  const required = `${label} is required`;
  return z
    .string({ error: (issue) => (issue.input == null ? required : REAL_DATE_MESSAGE) })
    .trim()
    .min(1, required)
    .refine(isRealIsoDate, REAL_DATE_MESSAGE);
}

/** A date used as a filter: absent or blank means no filter. */
export const optionalDate = z
  .string()
  .trim()
  .refine((value) => value === "" || isRealIsoDate(value), REAL_DATE_MESSAGE)
  .transform((value) => value || undefined)
  .optional();

/** An amount in dollars: 0 to 10,000,000 with at most two decimals; null means none. */
export function money(label: string) {
  return z
    .number({ error: `${label} must be an amount in dollars` })
    .min(0, `${label} cannot be negative`)
    .max(MAX_DOLLARS, `${label} cannot be more than $10,000,000`)
    .refine(hasAtMostTwoDecimals, `${label} can have at most 2 decimals`)
    .nullable()
    .optional();
}

/** A required amount in dollars above zero: at most 10,000,000 with at most two decimals. */
export function positiveMoney(label: string) {
  return z
    .number({ error: `${label} must be an amount in dollars` })
    .min(0.01, `${label} must be more than 0`)
    .max(MAX_DOLLARS, `${label} cannot be more than $10,000,000`)
    .refine(hasAtMostTwoDecimals, `${label} can have at most 2 decimals`);
}

/** A percentage from 0 to 100 with at most two decimals (e.g. a bureau's 25 % commission); null clears it. */
export function percentage(label: string) {
  return z
    .number({ error: `${label} must be a percentage` })
    .min(0, `${label} cannot be negative`)
    .max(100, `${label} cannot be more than 100%`)
    .refine(hasAtMostTwoDecimals, `${label} can have at most 2 decimals`)
    .nullable()
    .optional();
}

export function wholeNumber(label: string, max: number) {
  return z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} cannot be negative`)
    .max(max, `${label} cannot be more than ${max.toLocaleString("en-US")}`)
    .nullable()
    .optional();
}

/** A uuid of any version (rows imported or seeded may carry non-v4 ids). */
export const idSchema = z.guid({ error: "Invalid id" });
/** Timestamps travel as ISO 8601 strings. */
export const instantSchema = z.string();

export const pageQuery = {
  limit: z.coerce
    .number({ error: `Limit must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
    .int(`Limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
    .min(1, `Limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
    .max(MAX_PAGE_SIZE, `Limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
    .default(DEFAULT_PAGE_SIZE),
  /** Opaque; taken from the previous page's `nextCursor`. */
  cursor: z.string().max(1000, "Invalid cursor").optional(),
  q: z.string().trim().max(200, "Search text must be at most 200 characters").optional(),
};

/** A page of a list: `nextCursor` is null on the last page. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}

export const NAME_SORTS = ["name", "-name"] as const;

/** The list query of clients and of bureau partners: sorted by name, optionally filtered by `q`. */
export const nameListQuerySchema = z.object({
  sort: z.enum(NAME_SORTS, { error: "Sort must be name or -name" }).default("name"),
  ...pageQuery,
});
export type NameListQuery = z.output<typeof nameListQuerySchema>;

/** Counts and totals over the events of a client or bureau partner (DESIGN §8). */
export const eventTotalsShape = {
  /** Every linked event, whatever its status. */
  eventCount: z.number().int(),
  /** Sum of gross fees (fee + travel fee) of the linked events that are not cancelled, in dollars. */
  totalFees: z.number(),
  /** The same events' net fees: gross fee less the bureau's commission on the speaking fee. */
  netFees: z.number(),
};

const recordTotalsSchema = z.object({ count: z.number().int(), ...eventTotalsShape });
export type RecordTotals = z.infer<typeof recordTotalsSchema>;

/**
 * A page of clients or bureau partners, with `totals` over every record the query matches (not just this
 * page): how many, their events, and their fees.
 */
export function namedRecordPageSchema<T extends z.ZodType>(item: T) {
  return pageSchema(item).extend({ totals: recordTotalsSchema });
}

/** True for a time zone the platform knows by its IANA name (America/Chicago, UTC). */
export function isTimeZone(value: string) {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** A time zone the speaker chose, by its IANA name. */
export const timeZoneSchema = z
  .string({ error: "Time zone must be text" })
  .max(100, "Unknown time zone")
  .refine(isTimeZone, "Unknown time zone");
