import { z } from "zod";
import { eventStatusSchema } from "./event-status.ts";
import {
  idSchema,
  instantSchema,
  optionalText,
  pageQuery,
  requiredDate,
  singleLine,
  timeZoneSchema,
} from "./fields.ts";

// ── Action list ──────────────────────────────────────────────────────────────────────────────────────

export const ACTION_ANCHORS = ["event_date", "status_change"] as const;
export const actionAnchorSchema = z.enum(ACTION_ANCHORS, {
  error: "Anchor must be event_date or status_change",
});
export type ActionAnchor = z.infer<typeof actionAnchorSchema>;

export const MAX_ACTION_ITEMS = 50;

/** What a step may send instead of its e-mail template (DESIGN §11): the testimonial request. */
export const ACTION_ITEM_SENDS = ["testimonial_request"] as const;
export const actionItemSendsSchema = z.enum(ACTION_ITEM_SENDS, { error: "Unknown kind of step" });
export const AUTOMATIC_NEEDS_EMAIL = "Only a step with an e-mail can send it by itself";
/** Offsets reach a year either side of the anchor. */
export const MAX_OFFSET_DAYS = 365;

export const actionItemInputSchema = z
  .object({
    /** An existing item's id keeps it (and its tasks' link); absent or unknown makes a new item. */
    id: idSchema.optional(),
    title: singleLine.required("Title", 200),
    anchor: actionAnchorSchema,
    /** The status it applies to; required for a status change, optional for the event date (any status). */
    status: eventStatusSchema.nullable().optional(),
    offsetDays: z
      .number({ error: "Offset must be a whole number of days" })
      .int("Offset must be a whole number of days")
      .min(-MAX_OFFSET_DAYS, `Offset must be between -${MAX_OFFSET_DAYS} and ${MAX_OFFSET_DAYS} days`)
      .max(MAX_OFFSET_DAYS, `Offset must be between -${MAX_OFFSET_DAYS} and ${MAX_OFFSET_DAYS} days`),
    emailTemplate: optionalText("E-mail template", 5000),
    /** On its due date the sweep sends the step's e-mail by itself; absent leaves it as it was. */
    automatic: z.boolean({ error: "Automatic must be true or false" }).optional(),
    /** What the step sends instead of its template; absent leaves it as it was. */
    sends: actionItemSendsSchema.nullable().optional(),
  })
  .refine((item) => item.anchor !== "status_change" || item.status, {
    message: "Choose the status that starts this step",
    path: ["status"],
  })
  .refine((item) => !item.automatic || item.emailTemplate || item.sends, {
    message: AUTOMATIC_NEEDS_EMAIL,
    path: ["automatic"],
  });
export type ActionItemInput = z.input<typeof actionItemInputSchema>;

export const actionListInputSchema = z.object({
  items: z
    .array(actionItemInputSchema, { error: "Items must be a list" })
    .max(MAX_ACTION_ITEMS, `An action list has at most ${MAX_ACTION_ITEMS} steps`),
});
export type ActionListInput = z.input<typeof actionListInputSchema>;
export type ActionListValues = z.output<typeof actionListInputSchema>;
export type ActionItemValues = ActionListValues["items"][number];

export const actionItemSchema = z.object({
  id: idSchema,
  title: z.string(),
  anchor: actionAnchorSchema,
  status: eventStatusSchema.nullable(),
  offsetDays: z.number().int(),
  emailTemplate: z.string().nullable(),
  automatic: z.boolean(),
  sends: actionItemSendsSchema.nullable(),
});
export type ActionListItem = z.infer<typeof actionItemSchema>;

export const actionListSchema = z.object({ items: z.array(actionItemSchema) });
export type ActionList = z.infer<typeof actionListSchema>;

// ── Tasks ────────────────────────────────────────────────────────────────────────────────────────────

export const TASK_DUE_FILTERS = ["overdue", "today", "week"] as const;

export const taskListQuerySchema = z.object({
  /** overdue: before today; today; week: today and the six days after. Each only open tasks. */
  due: z.enum(TASK_DUE_FILTERS, { error: "Due must be overdue, today or week" }).optional(),
  eventId: idSchema.optional(),
  done: z.enum(["true", "false"], { error: "Done must be true or false" }).optional(),
  ...pageQuery,
});
export type TaskListQuery = z.output<typeof taskListQuerySchema>;

export const createTaskSchema = z.object({
  title: singleLine.required("Title", 200),
  dueDate: requiredDate("Due date"),
  eventId: idSchema.nullable().optional(),
});
export type CreateTaskInput = z.input<typeof createTaskSchema>;

export const updateTaskSchema = z.object({
  title: singleLine.required("Title", 200).optional(),
  /** A new date snoozes the task. */
  dueDate: requiredDate("Due date").optional(),
  done: z.boolean({ error: "Done must be true or false" }).optional(),
});
export type UpdateTaskInput = z.input<typeof updateTaskSchema>;

export const taskSchema = z.object({
  id: idSchema,
  title: z.string(),
  dueDate: z.string(),
  eventId: idSchema.nullable(),
  /** The event it belongs to, for lists that show tasks of many events. */
  event: z
    .object({ id: idSchema, title: z.string(), date: z.string(), status: eventStatusSchema })
    .nullable(),
  /** `event_date` or `status_change` for a task from the action list; null for one written by hand. */
  anchor: actionAnchorSchema.nullable(),
  emailTemplate: z.string().nullable(),
  done: z.boolean(),
  doneAt: instantSchema.nullable(),
  /** Set when the event was postponed or cancelled: the task no longer applies. */
  closedAt: instantSchema.nullable(),
  isOverdue: z.boolean(),
  createdAt: instantSchema,
});
export type Task = z.infer<typeof taskSchema>;

export const taskPageSchema = z.object({ items: z.array(taskSchema), nextCursor: z.string().nullable() });
export type TaskPage = z.infer<typeof taskPageSchema>;

// ── Notification settings ────────────────────────────────────────────────────────────────────────────

export const DIGEST_FREQUENCIES = ["off", "daily", "weekly"] as const;

export const notificationSettingsSchema = z.object({
  digest: z.enum(DIGEST_FREQUENCIES, { error: "Digest must be off, daily or weekly" }),
  digestHour: z
    .number({ error: "Hour must be a whole number from 0 to 23" })
    .int("Hour must be a whole number from 0 to 23")
    .min(0, "Hour must be a whole number from 0 to 23")
    .max(23, "Hour must be a whole number from 0 to 23"),
  timeZone: timeZoneSchema,
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

// ── Calendar feed ────────────────────────────────────────────────────────────────────────────────────

export const calendarFeedSchema = z.object({ url: z.string() });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;
