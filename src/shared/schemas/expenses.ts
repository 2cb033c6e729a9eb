import { z } from "zod";
import {
  idSchema,
  instantSchema,
  optionalDate,
  optionalText,
  pageQuery,
  positiveMoney,
  requiredDate,
  singleLine,
} from "./fields.ts";

export const EXPENSE_CATEGORIES = [
  "airfare",
  "lodging",
  "meals",
  "ground_transport",
  "materials",
  "marketing",
  "commissions",
  "fees",
  "office",
  "other",
] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];
export const EXPENSE_CATEGORY_LABELS: Record<ExpenseCategory, string> = {
  airfare: "Airfare",
  lodging: "Lodging",
  meals: "Meals",
  ground_transport: "Ground transport",
  materials: "Materials",
  marketing: "Marketing",
  commissions: "Commissions",
  fees: "Fees",
  office: "Office",
  other: "Other",
};

export const expenseCategorySchema = z.enum(EXPENSE_CATEGORIES, {
  error: `Category must be one of ${EXPENSE_CATEGORIES.join(", ")}`,
});

const expenseFields = {
  date: requiredDate(),
  amount: positiveMoney("Amount"),
  category: expenseCategorySchema,
  vendor: singleLine.optional("Vendor", 200),
  description: optionalText("Description", 2000),
  eventId: idSchema.nullable().optional(),
  receiptFileId: idSchema.nullable().optional(),
  billable: z.boolean({ error: "Billable must be true or false" }).optional(),
};

export const createExpenseSchema = z.object(expenseFields);
export type CreateExpenseInput = z.input<typeof createExpenseSchema>;

export const updateExpenseSchema = z.object(expenseFields).partial();
export type UpdateExpenseInput = z.input<typeof updateExpenseSchema>;

const dateRange = <T extends { from?: string; to?: string }>(query: T) =>
  !query.from || !query.to || query.from <= query.to;
const rangeError = { path: ["to"], message: "The end date must be on or after the start date" };

export const expenseListQuerySchema = z
  .object({
    from: optionalDate,
    to: optionalDate,
    category: expenseCategorySchema.optional(),
    eventId: z.guid("Event not found").optional(),
    billable: z.enum(["true", "false"], { error: "Billable must be true or false" }).optional(),
    ...pageQuery,
  })
  .refine(dateRange, rangeError);
export type ExpenseListQuery = z.output<typeof expenseListQuerySchema>;

export const expenseSchema = z.object({
  id: idSchema,
  date: z.string(),
  amount: z.number(),
  category: expenseCategorySchema,
  vendor: z.string().nullable(),
  description: z.string().nullable(),
  eventId: idSchema.nullable(),
  eventTitle: z.string().nullable(),
  receipt: z
    .object({ id: idSchema, filename: z.string(), contentType: z.string(), size: z.number().int() })
    .nullable(),
  billable: z.boolean(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type Expense = z.infer<typeof expenseSchema>;

export const expenseListSchema = z.object({
  items: z.array(expenseSchema),
  nextCursor: z.string().nullable(),
  /** Over every expense the filters match, not just this page. */
  totals: z.object({ count: z.number().int(), amount: z.number() }),
});
export type ExpenseList = z.infer<typeof expenseListSchema>;

// ── Mileage ───────────────────────────────────────────────────────────────────────────────────────────

export const MAX_TRIP_MILES = 100_000;

const mileageFields = {
  date: requiredDate(),
  from: singleLine.required("From", 300),
  to: singleLine.required("To", 300),
  purpose: singleLine.required("Purpose", 500),
  miles: z
    .number({ error: "Miles must be a number" })
    .min(0.01, "Miles must be more than 0")
    .max(MAX_TRIP_MILES, `Miles cannot be more than ${MAX_TRIP_MILES.toLocaleString("en-US")}`)
    .refine(
      (value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
      "Miles can have at most 2 decimals",
    ),
  eventId: idSchema.nullable().optional(),
  roundTrip: z.boolean({ error: "Round trip must be true or false" }).optional(),
};

export const createMileageSchema = z.object(mileageFields);
export type CreateMileageInput = z.input<typeof createMileageSchema>;
export const updateMileageSchema = z.object(mileageFields).partial();
export type UpdateMileageInput = z.input<typeof updateMileageSchema>;

export const mileageListQuerySchema = z
  .object({
    from: optionalDate,
    to: optionalDate,
    eventId: z.guid("Event not found").optional(),
    ...pageQuery,
  })
  .refine(dateRange, rangeError);
export type MileageListQuery = z.output<typeof mileageListQuerySchema>;

export const mileageEntrySchema = z.object({
  id: idSchema,
  date: z.string(),
  from: z.string(),
  to: z.string(),
  purpose: z.string(),
  /** One way, as entered. */
  miles: z.number(),
  roundTrip: z.boolean(),
  /** The miles that count: twice `miles` for a round trip. */
  totalMiles: z.number(),
  eventId: idSchema.nullable(),
  eventTitle: z.string().nullable(),
  /** The rate of the trip's year, cents per mile (65.5). */
  rateCents: z.number(),
  /** Dollars: totalMiles × rate, rounded to the cent. */
  deduction: z.number(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type MileageEntry = z.infer<typeof mileageEntrySchema>;

export const mileageListSchema = z.object({
  items: z.array(mileageEntrySchema),
  nextCursor: z.string().nullable(),
  /** Over every trip the filters match: miles that count, and the deduction (each year's miles × its rate). */
  totals: z.object({ count: z.number().int(), miles: z.number(), deduction: z.number() }),
});
export type MileageList = z.infer<typeof mileageListSchema>;

export const MIN_RATE_YEAR = 1990;
export const MAX_RATE_YEAR = 2200;

export const mileageRateSchema = z.object({
  year: z
    .number({ error: "Year must be a whole number" })
    .int("Year must be a whole number")
    .min(MIN_RATE_YEAR, `Year must be ${MIN_RATE_YEAR} or later`)
    .max(MAX_RATE_YEAR, `Year must be ${MAX_RATE_YEAR} or earlier`),
  centsPerMile: z
    .number({ error: "Rate must be a number of cents per mile" })
    .min(0, "Rate cannot be negative")
    .max(1000, "Rate cannot be more than 1,000 cents per mile")
    .refine(
      (value) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-6,
      "Rate can have at most 1 decimal",
    ),
});
export type MileageRate = z.infer<typeof mileageRateSchema>;

export const mileageRatesSchema = z
  .array(mileageRateSchema, { error: "Send a list of { year, centsPerMile }" })
  .max(300, "At most 300 years")
  .refine(
    (rates) => new Set(rates.map((rate) => rate.year)).size === rates.length,
    "Each year may appear once",
  );
