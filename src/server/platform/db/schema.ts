import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/** Case-insensitive text from the citext extension (usernames and e-mails compare without case). */
const citext = customType<{ data: string }>({ dataType: () => "citext" });

const id = () => uuid().primaryKey().defaultRandom();
const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
const ownerId = () =>
  uuid()
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

export const userRole = pgEnum("user_role", ["user", "admin"]);
export const authTokenPurpose = pgEnum("auth_token_purpose", ["verify_email", "reset_password"]);
export const emailStatus = pgEnum("email_status", ["queued", "sent", "failed"]);
export const eventStatus = pgEnum("event_status", [
  "inquiry",
  "hold",
  "confirmed",
  "postponed",
  "completed",
  "cancelled",
]);

export const users = pgTable("users", {
  id: id(),
  username: citext().notNull().unique(),
  email: citext().notNull().unique(),
  passwordHash: text().notNull(),
  emailVerifiedAt: timestamp({ withTimezone: true }),
  role: userRole().notNull().default("user"),
  trialEndsAt: timestamp({ withTimezone: true }).notNull().default(sql`now() + interval '30 days'`),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  "sessions",
  {
    /** SHA-256 (hex) of the cookie's random token; the raw token is never stored. */
    id: text().primaryKey(),
    userId: ownerId(),
    createdAt: createdAt(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    ip: text(),
    userAgent: text(),
  },
  (t) => [index().on(t.userId), index().on(t.expiresAt)],
);

export const authTokens = pgTable(
  "auth_tokens",
  {
    id: id(),
    userId: ownerId(),
    purpose: authTokenPurpose().notNull(),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId, t.purpose)],
);

export const speakerProfiles = pgTable("speaker_profiles", {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  name: text(),
  title: text(),
  businessName: text(),
  phone: text(),
  email: text(),
  website: text(),
  address: text(),
  city: text(),
  state: text(),
  zipCode: text(),
  bio: text(),
  annualGoal: integer(),
  slug: text().unique(),
  updatedAt: updatedAt(),
});

export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: id(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    /** Where answers go, e.g. the visitor who wrote through the contact form. */
    replyTo: text(),
    status: emailStatus().notNull().default("queued"),
    attempts: integer().notNull().default(0),
    lastError: text(),
    createdAt: createdAt(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.status, t.createdAt)],
);

export const contactMessages = pgTable("contact_messages", {
  id: id(),
  /** Set when a signed-in user writes; anonymous visitors of the landing page may write too. */
  userId: uuid().references(() => users.id, { onDelete: "set null" }),
  name: text().notNull(),
  email: text().notNull(),
  message: text().notNull(),
  createdAt: createdAt(),
});

export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    /** The signed-in user's id, or the pre-session id for anonymous calls. */
    scope: text().notNull(),
    key: text().notNull(),
    method: text().notNull(),
    path: text().notNull(),
    /** Null while the first request is still being processed. */
    statusCode: integer(),
    responseBody: text(),
    responseHeaders: jsonb().$type<Record<string, string>>(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index().on(t.createdAt)],
);

export const rateLimitCounters = pgTable("rate_limit_counters", {
  key: text().primaryKey(),
  count: integer().notNull(),
  windowEndsAt: timestamp({ withTimezone: true }).notNull(),
});

export const clients = pgTable(
  "clients",
  {
    id: id(),
    userId: ownerId(),
    name: text().notNull(),
    company: text(),
    email: text(),
    phone: text(),
    website: text(),
    notes: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("clients_user_id_name_key").on(t.userId, sql`lower(${t.name})`),
    index("clients_name_trgm").using("gin", sql`${t.name} gin_trgm_ops`),
    index("clients_company_trgm").using("gin", sql`${t.company} gin_trgm_ops`),
    index("clients_email_trgm").using("gin", sql`${t.email} gin_trgm_ops`),
  ],
);

export const bureauPartners = pgTable(
  "bureau_partners",
  {
    id: id(),
    userId: ownerId(),
    name: text().notNull(),
    contactName: text(),
    email: text(),
    phone: text(),
    website: text(),
    notes: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("bureau_partners_user_id_name_key").on(t.userId, sql`lower(${t.name})`)],
);

export const events = pgTable(
  "events",
  {
    id: id(),
    userId: ownerId(),
    clientId: uuid().references(() => clients.id, { onDelete: "set null" }),
    bureauPartnerId: uuid().references(() => bureauPartners.id, { onDelete: "set null" }),
    title: text().notNull(),
    date: date({ mode: "string" }).notNull(),
    time: text(),
    venueName: text(),
    streetAddress: text(),
    city: text(),
    state: text(),
    zipCode: text(),
    fee: integer().notNull().default(0),
    travelFee: integer().notNull().default(0),
    status: eventStatus().notNull().default("inquiry"),
    description: text(),
    notes: text(),
    source: text(),
    attendees: integer(),
    bureauRepName: text(),
    contactName: text(),
    contactEmail: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.userId, t.date, t.id),
    // Led by the link, so a deleted client or bureau partner unlinks its events (ON DELETE SET NULL)
    // without scanning every speaker's events; the user narrows the totals and the client filter.
    index().on(t.clientId, t.userId),
    index().on(t.bureauPartnerId, t.userId),
    index().on(t.userId, t.status),
    index("events_title_trgm").using("gin", sql`${t.title} gin_trgm_ops`),
    index("events_venue_name_trgm").using("gin", sql`${t.venueName} gin_trgm_ops`),
    index("events_city_trgm").using("gin", sql`${t.city} gin_trgm_ops`),
    check("events_fee_nonnegative", sql`${t.fee} >= 0 and ${t.travelFee} >= 0`),
    check("events_attendees_nonnegative", sql`${t.attendees} is null or ${t.attendees} >= 0`),
  ],
);

/**
 * A counter per speaker that triggers on events, clients and bureau_partners bump in the transaction of
 * every change (migration 0004): an answer cached under a version is current exactly while the version is.
 */
export const bookVersions = pgTable("book_versions", {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  version: bigint({ mode: "number" }).notNull().default(0),
});

// Subscription billing (DESIGN §9–§10) ------------------------------------------------------------------

/** Stripe's subscription statuses, stored as Stripe sends them. */
export const stripeSubscriptionStatus = pgEnum("stripe_subscription_status", [
  "incomplete",
  "incomplete_expired",
  "trialing",
  "active",
  "past_due",
  "canceled",
  "unpaid",
  "paused",
]);

/** One row per user once they go to Checkout: their Stripe customer and, once subscribed, the subscription. */
export const subscriptions = pgTable(
  "subscriptions",
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    stripeCustomerId: text().unique(),
    stripeSubscriptionId: text(),
    /** Null until a webhook says the user subscribed. */
    status: stripeSubscriptionStatus(),
    currentPeriodEnd: timestamp({ withTimezone: true }),
    cancelAtPeriodEnd: boolean().notNull().default(false),
    /** The `created` time of the Stripe event that set the state above; an older event never overwrites it. */
    stateAt: timestamp({ withTimezone: true }),
    /** Counts Checkout attempts, so each attempt gets its own idempotency key. */
    checkoutAttempts: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.stripeSubscriptionId)],
);

/** Every Stripe webhook event acted on (or recorded, for unknown customers), so a repeat does nothing. */
export const stripeEvents = pgTable(
  "stripe_events",
  {
    id: text().primaryKey(),
    type: text().notNull(),
    /** The event's own `created` time. */
    createdAt: timestamp({ withTimezone: true }).notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    stripeCustomerId: text(),
    /** The account it concerned; null when the customer is unknown to Podium. */
    userId: uuid().references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index().on(t.userId), index().on(t.stripeCustomerId)],
);
