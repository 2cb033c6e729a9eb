import type { z } from "zod";
import { dollarsToCents, percentToBasisPoints } from "../../../shared/money.ts";
import { createBureauPartnerSchema } from "../../../shared/schemas/bureau-partners.ts";
import { createClientSchema } from "../../../shared/schemas/clients.ts";
import { createEventSchema } from "../../../shared/schemas/events.ts";
import { speakerProfileInputSchema } from "../../../shared/schemas/profile.ts";
import {
  type CellValue,
  type Parsed,
  parseDate,
  parseNumber,
  parseStatus,
  parseTime,
  quote,
  readText,
} from "./cell-values.ts";
import type {
  BureauPartnerColumnKey,
  ClientColumnKey,
  EventColumnKey,
  ProfileFieldKey,
} from "./workbook-columns.ts";

/**
 * How each workbook column becomes a stored value. The limits and messages are the entity schemas' own
 * (the same ones the forms and the API use), so an imported record is one the app could have saved.
 */
export type FieldRule = (value: CellValue, column: string) => Parsed<unknown>;

/** Runs one field of an entity schema; a failure quotes the cell so the speaker can find it. */
function checkWith(schema: z.ZodType, input: unknown, cell: CellValue): Parsed<unknown> {
  // Every schema used here takes an empty (null) value; most cells of a large sheet are empty.
  if (input === null) return { value: null };
  const result = schema.safeParse(input);
  if (result.success) return { value: result.data ?? null };
  return { problem: `${result.error.issues[0]?.message ?? "Invalid value"}: ${quote(cell)}` };
}

const text =
  (schema: z.ZodType): FieldRule =>
  (value) =>
    checkWith(schema, readText(value), value);

const requiredText =
  (schema: z.ZodType): FieldRule =>
  (value, column) => {
    const content = readText(value);
    return content === null ? { problem: `${column} is empty` } : checkWith(schema, content, value);
  };

/** Spreadsheets often hold "www.example.com"; it is stored as the https address it means. */
const website =
  (schema: z.ZodType): FieldRule =>
  (value) => {
    const content = readText(value);
    const isBareDomain =
      content !== null && !/^[a-z][a-z\d+.-]*:/i.test(content) && /^[^\s/]+\.[^\s]+$/.test(content);
    return checkWith(schema, isBareDomain ? `https://${content}` : content, value);
  };

/** Dollars into cents; a blank amount is 0 when `blankAsZero`, else null. */
const money =
  (schema: z.ZodType, blankAsZero: boolean): FieldRule =>
  (value, column) => {
    const parsed = parseNumber(value, column);
    if ("problem" in parsed) return parsed;
    const checked = checkWith(schema, parsed.value, value);
    if ("problem" in checked) return checked;
    const dollars = checked.value as number | null;
    return { value: dollars === null ? (blankAsZero ? 0 : null) : dollarsToCents(dollars) };
  };

const wholeNumber =
  (schema: z.ZodType): FieldRule =>
  (value, column) => {
    const parsed = parseNumber(value, column);
    return "problem" in parsed ? parsed : checkWith(schema, parsed.value, value);
  };

const event = createEventSchema.shape;

/** Gross Fee, Industry, Commission and Net Fee are written on export and ignored on import (null rule). */
export const EVENT_RULES: Record<EventColumnKey, FieldRule | null> = {
  title: requiredText(event.title),
  date: (value, column) =>
    readText(value) === null ? { problem: `${column} is empty` } : parseDate(value, column),
  venueName: text(event.venueName),
  streetAddress: text(event.streetAddress),
  city: text(event.city),
  state: text(event.state),
  zipCode: text(event.zipCode),
  fee: money(event.fee, true),
  travelFee: money(event.travelFee, true),
  grossFee: null,
  status: parseStatus,
  description: text(event.description),
  notes: text(event.notes),
  source: text(event.source),
  attendees: wholeNumber(event.attendees),
  time: (value) => checkWith(event.time, parseTime(value), value),
  industry: null,
  bureauPartnerName: text(event.bureauPartnerName),
  bureauRepName: text(event.bureauRepName),
  contactName: text(event.contactName),
  contactEmail: text(event.contactEmail),
  contactPhone: text(event.contactPhone),
  arrivalTime: text(event.arrivalTime),
  clientName: text(event.clientName),
  commission: null,
  netFee: null,
};

const client = createClientSchema.shape;

export const CLIENT_RULES: Record<ClientColumnKey, FieldRule> = {
  name: requiredText(client.name),
  email: text(client.email),
  phone: text(client.phone),
  website: website(client.website),
  notes: text(client.notes),
  company: text(client.company),
};

const partner = createBureauPartnerSchema.shape;

export const BUREAU_PARTNER_RULES: Record<BureauPartnerColumnKey, FieldRule> = {
  name: requiredText(partner.name),
  contactName: text(partner.contactName),
  email: text(partner.email),
  phone: text(partner.phone),
  website: website(partner.website),
  notes: text(partner.notes),
  commissionBasisPoints: (value, column) => {
    const text = readText(value);
    if (text === null) return { value: null };
    // A percent-formatted cell holds a fraction (0.25 shows as 25%); typed text may say "25%" or "25".
    const isFraction = typeof value === "number" && value <= 1;
    const parsed = parseNumber(isFraction ? value * 100 : text.replace(/%$/, "").trim(), column);
    if ("problem" in parsed) return parsed;
    const checked = checkWith(partner.commissionRate, parsed.value, value);
    if ("problem" in checked) return checked;
    return { value: checked.value === null ? null : percentToBasisPoints(checked.value as number) };
  },
};

const profile = speakerProfileInputSchema.shape;

export const PROFILE_RULES: Record<ProfileFieldKey, FieldRule> = {
  name: text(profile.name),
  title: text(profile.title),
  businessName: text(profile.businessName),
  phone: text(profile.phone),
  email: text(profile.email),
  website: website(profile.website),
  address: text(profile.address),
  city: text(profile.city),
  state: text(profile.state),
  zipCode: text(profile.zipCode),
  bio: text(profile.bio),
  annualGoal: money(profile.annualGoal, false),
};
