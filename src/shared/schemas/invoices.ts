import { z } from "zod";
import {
  idSchema,
  instantSchema,
  isRealIsoDate,
  optionalEmail,
  optionalText,
  pageQuery,
  percentage,
  REAL_DATE_MESSAGE,
  requiredDate,
  requiredText,
  singleLine,
  timeZoneSchema,
} from "./fields.ts";
import { actingLoginSchema } from "./team.ts";

export const INVOICE_STATUSES = ["draft", "sent", "partial", "paid", "void"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: "Draft",
  sent: "Sent",
  partial: "Partly paid",
  paid: "Paid",
  void: "Void",
};
export const INVOICE_KINDS = ["standard", "deposit", "balance"] as const;
export const PAYMENT_METHODS = ["card", "check", "bank_transfer", "cash", "other"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  card: "Card",
  check: "Check",
  bank_transfer: "Bank transfer",
  cash: "Cash",
  other: "Other",
};
export const INVOICE_ACTIVITY_LABELS: Record<string, string> = {
  created: "Created",
  updated: "Edited",
  sent: "Sent",
  viewed: "Viewed",
  reminder_sent: "Reminder sent",
  payment_recorded: "Payment recorded",
  payment_removed: "Payment removed",
  paid: "Paid in full",
  voided: "Voided",
  deleted: "Deleted",
  link_reissued: "Link re-issued (the previous one stopped working)",
  link_withdrawn: "Link withdrawn (its booking was revoked)",
};

/** Largest invoice amount in dollars (a line, a payment, a total). */
export const MAX_INVOICE_DOLLARS = 10_000_000;
export const MAX_INVOICE_ITEMS = 50;
export const DEFAULT_DEPOSIT_PERCENT = 50;
/** The balance of a deposit + balance pair is due this many days before the event (or on it when nearer). */
export const BALANCE_DUE_DAYS_BEFORE_EVENT = 30;

const hundredthsOk = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

function amount(label: string, { positive = false } = {}) {
  return z
    .number({ error: `${label} must be an amount in dollars` })
    .min(positive ? 0.01 : 0, positive ? `${label} must be more than 0` : `${label} cannot be negative`)
    .max(MAX_INVOICE_DOLLARS, `${label} cannot be more than $10,000,000`)
    .refine(hundredthsOk, `${label} can have at most 2 decimals`);
}

const optionalIsoDate = (label: string) =>
  z
    .string({ error: REAL_DATE_MESSAGE })
    .trim()
    .refine(isRealIsoDate, `${label}: ${REAL_DATE_MESSAGE}`)
    .optional();

export const invoiceItemInputSchema = z.object({
  description: singleLine.required("Description", 500),
  quantity: z
    .number({ error: "Quantity must be a number" })
    .min(0.01, "Quantity must be more than 0")
    .max(100_000, "Quantity cannot be more than 100,000")
    .refine(hundredthsOk, "Quantity can have at most 2 decimals"),
  unitPrice: amount("Price"),
});
export type InvoiceItemInput = z.input<typeof invoiceItemInputSchema>;

const items = z
  .array(invoiceItemInputSchema, { error: "Add at least one line" })
  .min(1, "Add at least one line")
  .max(MAX_INVOICE_ITEMS, `At most ${MAX_INVOICE_ITEMS} lines`);

export const createInvoiceSchema = z.object({
  eventId: idSchema.nullable().optional(),
  clientId: idSchema.nullable().optional(),
  issueDate: optionalIsoDate("Issue date"),
  dueDate: optionalIsoDate("Due date"),
  items,
  taxRate: percentage("Tax rate"),
  notes: optionalText("Notes", 5000),
  kind: z.enum(INVOICE_KINDS, { error: "Kind must be standard, deposit or balance" }).optional(),
});
export type CreateInvoiceInput = z.input<typeof createInvoiceSchema>;

export const updateInvoiceSchema = z.object({
  clientId: idSchema.nullable().optional(),
  issueDate: optionalIsoDate("Issue date"),
  dueDate: optionalIsoDate("Due date"),
  items: items.optional(),
  taxRate: percentage("Tax rate"),
  notes: optionalText("Notes", 5000),
});
export type UpdateInvoiceInput = z.input<typeof updateInvoiceSchema>;

export const createEventInvoicesSchema = z.object({
  schedule: z.enum(["full", "deposit_balance"], { error: "Schedule must be full or deposit_balance" }),
  depositPercent: z
    .number({ error: "Deposit must be a percentage" })
    .min(1, "Deposit must be at least 1%")
    .max(99, "Deposit must be at most 99%")
    .refine(hundredthsOk, "Deposit can have at most 2 decimals")
    .optional(),
  depositDueDate: optionalIsoDate("Deposit due date"),
  balanceDueDate: optionalIsoDate("Balance due date"),
});
export type CreateEventInvoicesInput = z.input<typeof createEventInvoicesSchema>;

export const sendInvoiceSchema = z.object({
  to: optionalEmail("To"),
  cc: optionalEmail("Cc"),
  message: optionalText("Message", 2000),
});
export type SendInvoiceInput = z.input<typeof sendInvoiceSchema>;

export const recordPaymentSchema = z.object({
  amount: amount("Amount", { positive: true }),
  date: requiredDate("Date"),
  method: z.enum(PAYMENT_METHODS, { error: "Choose how it was paid" }),
  reference: singleLine.optional("Reference", 200),
});
export type RecordPaymentInput = z.input<typeof recordPaymentSchema>;

export const voidInvoiceSchema = z.object({ reason: requiredText("Reason", 500) });

export const invoiceListQuerySchema = z.object({
  status: z.enum(INVOICE_STATUSES, { error: "Unknown status" }).optional(),
  clientId: idSchema.optional(),
  eventId: idSchema.optional(),
  overdue: z.enum(["true", "false"], { error: "Overdue must be true or false" }).optional(),
  limit: pageQuery.limit,
  cursor: pageQuery.cursor,
});
export type InvoiceListQuery = z.input<typeof invoiceListQuerySchema>;

const dayList = (label: string) =>
  z
    .array(
      z
        .number({ error: `${label} must be whole days` })
        .int(`${label} must be whole days`)
        .min(1, `${label} must be 1 to 365 days`)
        .max(365, `${label} must be 1 to 365 days`),
      { error: `${label} must be a list of days` },
    )
    .max(10, `At most 10 ${label.toLowerCase()} reminders`);

export const invoiceRemindersSchema = z.object({
  beforeDueDays: dayList("Before due"),
  onDueDate: z.boolean({ error: "On the due date must be yes or no" }),
  afterDueDays: dayList("After due"),
});
export type InvoiceReminderSettings = z.infer<typeof invoiceRemindersSchema>;

export const invoiceSettingsInputSchema = z.object({
  numberPrefix: z
    .string({ error: "Prefix must be text" })
    .trim()
    .max(20, "Prefix must be at most 20 characters")
    .regex(/^[\w-]*$/, "Prefix may use letters, digits, - and _ only"),
  nextNumber: z
    .number({ error: "Next number must be a whole number" })
    .int("Next number must be a whole number")
    .min(1, "Next number must be at least 1")
    .max(999_999, "Next number must be at most 999,999"),
  defaultDueDays: z
    .number({ error: "Due days must be a whole number" })
    .int("Due days must be a whole number")
    .min(0, "Due days cannot be negative")
    .max(365, "Due days must be at most 365"),
  taxRate: percentage("Tax rate"),
  businessAddress: optionalText("Business address", 1000),
  logoFileId: idSchema.nullable().optional(),
  reminders: invoiceRemindersSchema,
  timeZone: timeZoneSchema.optional(),
});
export type InvoiceSettingsInput = z.input<typeof invoiceSettingsInputSchema>;

/**
 * The bank details printed on every invoice: changed apart from the other settings, by the owner alone and
 * after a fresh check, since whoever changes them redirects the speaker's money (decision 067).
 */
export const paymentInstructionsInputSchema = z.object({
  paymentInstructions: optionalText("Payment instructions", 2000),
});
export type PaymentInstructionsInput = z.input<typeof paymentInstructionsInputSchema>;

export const invoiceSettingsSchema = z.object({
  numberPrefix: z.string(),
  nextNumber: z.number().int(),
  defaultDueDays: z.number().int(),
  paymentInstructions: z.string().nullable(),
  taxRate: z.number(),
  businessAddress: z.string().nullable(),
  logoFileId: z.string().nullable(),
  reminders: invoiceRemindersSchema,
  timeZone: z.string(),
});
export type InvoiceSettings = z.infer<typeof invoiceSettingsSchema>;

export const invoiceItemSchema = z.object({
  id: idSchema,
  description: z.string(),
  quantity: z.number(),
  unitPrice: z.number(),
  amount: z.number(),
});

export const invoicePaymentSchema = z.object({
  id: idSchema,
  amount: z.number(),
  date: z.string(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string().nullable(),
  createdAt: instantSchema,
});

export const invoiceActivitySchema = z.object({
  id: idSchema,
  type: z.string(),
  at: instantSchema,
  actor: z.string(),
  /** Who acted for the speaker, with their role (DESIGN §11); null for the recipient and the system. */
  by: actingLoginSchema.nullable(),
  detail: z.string().nullable(),
});

const summaryFields = {
  id: idSchema,
  number: z.string(),
  kind: z.enum(INVOICE_KINDS),
  status: z.enum(INVOICE_STATUSES),
  isOverdue: z.boolean(),
  eventId: z.string().nullable(),
  eventTitle: z.string().nullable(),
  client: z.object({ id: idSchema, name: z.string(), email: z.string().nullable() }).nullable(),
  issueDate: z.string(),
  dueDate: z.string(),
  total: z.number(),
  amountPaid: z.number(),
  balanceDue: z.number(),
};

export const invoiceSummarySchema = z.object(summaryFields);
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const invoiceSchema = z.object({
  ...summaryFields,
  items: z.array(invoiceItemSchema),
  subtotal: z.number(),
  taxRate: z.number(),
  tax: z.number(),
  notes: z.string().nullable(),
  recipientEmail: z.string().nullable(),
  sentAt: instantSchema.nullable(),
  firstViewedAt: instantSchema.nullable(),
  lastViewedAt: instantSchema.nullable(),
  viewCount: z.number().int(),
  paidAt: instantSchema.nullable(),
  voidedAt: instantSchema.nullable(),
  voidReason: z.string().nullable(),
  /** `APP_URL/i/<token>`: only in the answer to send (the server keeps a hash of the token). */
  publicUrl: z.string().nullable(),
  payments: z.array(invoicePaymentSchema),
  activity: z.array(invoiceActivitySchema),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceListSchema = z.object({
  items: z.array(invoiceSummarySchema),
  nextCursor: z.string().nullable(),
  totals: z.object({ outstanding: z.number(), overdue: z.number(), paidThisYear: z.number() }),
});
export type InvoiceList = z.infer<typeof invoiceListSchema>;

export const eventInvoicesSchema = z.object({ invoices: z.array(invoiceSchema) });

/** Everything an invoice's PDF, e-mails and public page show: no internal notes' history, no activity. */
export const invoiceViewSchema = z.object({
  number: z.string(),
  status: z.enum(INVOICE_STATUSES),
  isOverdue: z.boolean(),
  issueDate: z.string(),
  dueDate: z.string(),
  from: z.object({
    name: z.string().nullable(),
    businessName: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
  }),
  billTo: z.object({ name: z.string().nullable(), company: z.string().nullable() }),
  event: z
    .object({
      title: z.string(),
      date: z.string(),
      venueName: z.string().nullable(),
      city: z.string().nullable(),
      state: z.string().nullable(),
    })
    .nullable(),
  items: z.array(invoiceItemSchema.omit({ id: true })),
  subtotal: z.number(),
  taxRate: z.number(),
  tax: z.number(),
  total: z.number(),
  amountPaid: z.number(),
  balanceDue: z.number(),
  paymentInstructions: z.string().nullable(),
  notes: z.string().nullable(),
  /** The speaker takes cards (Stripe Connect) and a balance is due: the page offers "Pay by card". */
  canPayByCard: z.boolean(),
  /** The speaker's logo is at `/api/public/invoices/<token>/logo`. */
  hasLogo: z.boolean(),
});
export type InvoiceView = z.infer<typeof invoiceViewSchema>;
/** What the client sees at `/i/<token>` while the invoice stands (a draft has no link). */
export const liveInvoiceSchema = invoiceViewSchema.extend({ status: z.enum(["sent", "partial", "paid"]) });
export type LiveInvoice = z.infer<typeof liveInvoiceSchema>;
/** A void invoice's page says only that it is void (issue 27): no amounts, lines or payment details. */
export const voidPublicInvoiceSchema = z.object({ status: z.literal("void"), number: z.string() });
export const publicInvoiceSchema = z.discriminatedUnion("status", [
  liveInvoiceSchema,
  voidPublicInvoiceSchema,
]);
export type PublicInvoice = z.infer<typeof publicInvoiceSchema>;

export const UNKNOWN_INVOICE_LINK = "This invoice link is not valid";
export const VOID_INVOICE_MESSAGE = "This invoice is void: there is nothing to pay.";

/** `POST /api/invoices/:id/reissue-link`: the new link, once (the previous one answers 404 from then on). */
export const reissuedLinkSchema = z.object({ publicUrl: z.string() });

// ── Card payments through Stripe Connect (DESIGN §10) ────────────────────────────────────────────────

export const PAYMENTS_ACCOUNT_STATUSES = ["off", "not_connected", "pending", "active"] as const;
export const paymentsAccountSchema = z.object({ status: z.enum(PAYMENTS_ACCOUNT_STATUSES) });
export type PaymentsAccount = z.infer<typeof paymentsAccountSchema>;

/** `?refresh=true` asks Stripe for the account's state now (on return from onboarding). */
export const paymentsAccountQuerySchema = z.object({
  refresh: z.enum(["true", "false"], { error: "Refresh must be true or false" }).optional(),
});
