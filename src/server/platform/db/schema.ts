import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { BOOKING_STATUSES, type MediaKitSection } from "../../../shared/schemas/bookings.ts";
import { EXPENSE_CATEGORIES } from "../../../shared/schemas/expenses.ts";
import type { Answers, Proposal, Question } from "../../../shared/schemas/questionnaires.ts";
import { type ActingLogin, TEAM_MEMBER_ROLES } from "../../../shared/schemas/team.ts";

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

export const users = pgTable(
  "users",
  {
    id: id(),
    username: citext().notNull().unique(),
    email: citext().notNull().unique(),
    passwordHash: text().notNull(),
    emailVerifiedAt: timestamp({ withTimezone: true }),
    role: userRole().notNull().default("user"),
    trialEndsAt: timestamp({ withTimezone: true }).notNull().default(sql`now() + interval '30 days'`),
    /** Set by an admin: the account cannot sign in and its sessions are refused (DESIGN §10). */
    disabledAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // trial_ends_at: the admin dashboard counts the open trials as a range of this index.
  (t) => [index().on(t.createdAt), index().on(t.trialEndsAt)],
);

/**
 * Who earned each ADMIN_USERNAMES name's admin role (DESIGN §9): the grant is made once, to the first verified
 * account holding the name. No foreign key on purpose: the row outlives the account, so a stranger who
 * registers the name after it is deleted is not granted anything, and a role revoked by the CLI stays revoked.
 */
export const configuredAdminGrants = pgTable("configured_admin_grants", {
  username: citext().primaryKey(),
  userId: uuid().notNull(),
  grantedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
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
    /** Until when this session's fresh check lasts (`POST /api/reauth`, DESIGN §11); null when it has none. */
    reauthUntil: timestamp({ withTimezone: true }),
    /**
     * The speaker this session acts for (POST /api/workspaces/current), or null for the login's own book.
     * Set only by the server; a removed membership makes it fall back to the login's own (decision 051).
     */
    workspaceId: uuid().references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index().on(t.userId), index().on(t.expiresAt), index().on(t.workspaceId)],
);

// ── Second factors (issue 35, DESIGN §11, decision 049) ────────────────────────────────────────────────

/** A WebAuthn credential; `credentialId` is what the browser names it by (base64url), unique everywhere. */
export const passkeys = pgTable(
  "passkeys",
  {
    id: id(),
    userId: ownerId(),
    name: text().notNull(),
    credentialId: text().notNull().unique(),
    publicKey: text().notNull(),
    /** The authenticator's signature counter; 0 for those that keep none. */
    counter: bigint({ mode: "number" }).notNull().default(0),
    transports: jsonb().$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.userId)],
);

/** A user's authenticator app: set up (`enabledAt` null) until a first code turns it on. */
export const totpFactors = pgTable("totp_factors", {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** The base32 secret sealed (`sealed.v1.…`, decision 057), or as the app was given it in rows from before. */
  secret: text().notNull(),
  enabledAt: timestamp({ withTimezone: true }),
  /** The time step of the last code accepted: no code of that step or before is accepted again. */
  lastUsedStep: bigint({ mode: "number" }),
  createdAt: createdAt(),
});

/** The single-use recovery codes given when TOTP is turned on, hashed like passwords. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: id(),
    userId: ownerId(),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId)],
);

export const webauthnCeremony = pgEnum("webauthn_ceremony", ["registration", "authentication"]);

/**
 * A WebAuthn challenge handed out and not yet used: single-use (deleted as it is checked), five minutes, and
 * bound to the session or pre-session that asked for it so another browser cannot answer it.
 */
export const webauthnChallenges = pgTable(
  "webauthn_challenges",
  {
    challenge: text().primaryKey(),
    ceremony: webauthnCeremony().notNull(),
    /** SHA-256 of `session:<id>` or `pre:<id>` (the CSRF binding of the caller). */
    bindingHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.expiresAt)],
);

/** A password accepted for an account with a second factor: the second step may start the session. */
export const pendingSignIns = pgTable(
  "pending_sign_ins",
  {
    /** SHA-256 of the caller's CSRF binding: one pending sign-in per browser. */
    bindingHash: text().primaryKey(),
    userId: ownerId(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.expiresAt), index().on(t.userId)],
);

export const authTokens = pgTable(
  "auth_tokens",
  {
    id: id(),
    userId: ownerId(),
    purpose: authTokenPurpose().notNull(),
    tokenHash: text().notNull().unique(),
    /**
     * For a verification link sent by a change of e-mail: the new address, which becomes the account's only
     * when the link is opened (decision 009). Null: the link proves the account's current address.
     */
    newEmail: citext(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId, t.purpose)],
);

/**
 * For each kind of public link whose token hash is stored (invoice, signing, calendar), a fingerprint of the
 * key the stored hashes were made with: a start-up with another key stores them again (decision 037).
 */
export const tokenKeyFingerprints = pgTable("token_key_fingerprints", {
  purpose: text().primaryKey(),
  fingerprint: text().notNull(),
  changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

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
    /** Files sent with the message (a sealed contract, an invoice's PDF), their bytes in base64. */
    attachments: jsonb().$type<{ filename: string; contentType: string; contentBase64: string }[]>(),
    status: emailStatus().notNull().default("queued"),
    attempts: integer().notNull().default(0),
    lastError: text(),
    createdAt: createdAt(),
    sentAt: timestamp({ withTimezone: true }),
    /**
     * The account that had it sent to someone else (an invoice, a signing link, a planner's receipt): the
     * mail limits count these rows (decision 036). Null for mail to an account itself or to support.
     */
    senderId: uuid().references(() => users.id, { onDelete: "cascade" }),
    /** When the bodies and attachments of a delivered message were removed (7 days after sending). */
    bodyPurgedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index().on(t.status, t.createdAt),
    index().on(t.senderId, t.createdAt),
    // Whether an account has written to an address before (the new recipients of the hourly limit).
    index("email_outbox_sender_id_recipient_index").on(t.senderId, sql`lower(${t.to})`),
    // Only the delivered messages whose bodies are still kept: the purge's range, small at any age.
    index("email_outbox_unpurged_sent_at_index")
      .on(t.sentAt)
      .where(sql`status = 'sent' and body_purged_at is null`),
  ],
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
    /** SHA-256 of the request's URL, never the URL: a public call's path carries its link's token. */
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
    /** The bureau's commission on the speaking fee, in hundredths of a percent (2500 = 25 %); null: none set. */
    commissionBasisPoints: integer(),
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
    contactPhone: text(),
    /** When the speaker should be there, `HH:MM` (issue 33). */
    arrivalTime: text(),
    /** 1 = first hold among the speaker's holds on the date; set exactly while `status` is `hold`. */
    holdRank: integer(),
    /** A hold passing this day is released by the sweep; null = the hold never expires. */
    holdExpiresAt: date({ mode: "string" }),
    /** When the event was first placed on hold: the insights' hold conversion counts these. */
    firstHeldAt: timestamp({ withTimezone: true }),
    /** When the planner's questionnaire answers last filled a field that contracts merge (issue 40). */
    plannerFilledAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Keyset pages of a speaker's events by (date, id); the figures' columns after the key let the insights
    // (income, states, pipeline, reach, top clients) read a year of events from the index alone (decision 035).
    index("events_user_id_date_id_covering").on(
      t.userId,
      t.date,
      t.id,
      t.status,
      t.fee,
      t.travelFee,
      t.attendees,
      t.clientId,
      t.bureauPartnerId,
      t.state,
    ),
    // Led by the link, so a deleted client or bureau partner unlinks its events (ON DELETE SET NULL)
    // without scanning every speaker's events; the user narrows the totals and the client filter.
    index().on(t.clientId, t.userId),
    // The bureau partner's also carries the figures' columns, so the year's top bureaus read it alone when the
    // planner starts from the partners (decision 035).
    index("events_bureau_partner_id_user_id_covering").on(
      t.bureauPartnerId,
      t.userId,
      t.date,
      t.status,
      t.fee,
      t.travelFee,
    ),
    index().on(t.userId, t.status),
    index("events_title_trgm").using("gin", sql`${t.title} gin_trgm_ops`),
    index("events_venue_name_trgm").using("gin", sql`${t.venueName} gin_trgm_ops`),
    index("events_city_trgm").using("gin", sql`${t.city} gin_trgm_ops`),
    check("events_fee_nonnegative", sql`${t.fee} >= 0 and ${t.travelFee} >= 0`),
    check("events_attendees_nonnegative", sql`${t.attendees} is null or ${t.attendees} >= 0`),
    check("events_hold_rank_while_held", sql`(${t.status} = 'hold') = (${t.holdRank} is not null)`),
    check("events_hold_rank_positive", sql`${t.holdRank} is null or ${t.holdRank} >= 1`),
    // The sweep's expiry pass reads only the holds that carry an expiry.
    index("events_hold_expires_at").on(t.holdExpiresAt).where(sql`${t.holdExpiresAt} is not null`),
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

/**
 * The admin dashboard's whole-installation counts (accounts, verified, admins, disabled, signups per week,
 * events, the stored files' bytes), kept by statement-level triggers on users, events (migration 0013) and
 * files (admin-file-bytes) as signed deltas:
 * a change appends a row and never updates a shared one, so concurrent writers never wait on each other. A
 * figure is the sum of its rows; reading them folds the rows into one per name once they pile up.
 */
export const installationCounts = pgTable("installation_counts", {
  name: text().notNull(),
  delta: bigint({ mode: "number" }).notNull(),
});

/** When a speaker last imported a workbook (issue 12): the getting-started step ticks from the import itself. */
export const workbookImports = pgTable("workbook_imports", {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  lastImportedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

// ── Running the service: feedback, announcements, the admin audit log (issue 19) ──

export const feedbackCategory = pgEnum("feedback_category", ["idea", "problem", "praise", "other"]);
export const announcementSeverity = pgEnum("announcement_severity", ["info", "warning"]);
export const announcementAudience = pgEnum("announcement_audience", ["all", "trialing", "subscribed"]);

export const feedback = pgTable(
  "feedback",
  {
    id: id(),
    userId: ownerId(),
    category: feedbackCategory().notNull(),
    message: text().notNull(),
    rating: integer(),
    /** The app path the speaker was on when they wrote. */
    page: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.createdAt),
    index().on(t.userId),
    check("feedback_rating_range", sql`${t.rating} is null or ${t.rating} between 1 and 5`),
  ],
);

export const announcements = pgTable(
  "announcements",
  {
    id: id(),
    title: text().notNull(),
    /** Markdown; rendered without raw HTML. */
    body: text().notNull(),
    severity: announcementSeverity().notNull().default("info"),
    audience: announcementAudience().notNull().default("all"),
    /** Null: from its creation / without end. */
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.startsAt)],
);

export const announcementDismissals = pgTable(
  "announcement_dismissals",
  {
    userId: ownerId(),
    announcementId: uuid()
      .notNull()
      .references(() => announcements.id, { onDelete: "cascade" }),
    dismissedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.announcementId] })],
);

/**
 * Every admin action, inserted and never updated (DESIGN §9 "Audit"). The usernames are copied so the
 * entry still reads when an account is later deleted (its id then becomes null).
 */
export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: id(),
    actorId: uuid().references(() => users.id, { onDelete: "set null" }),
    actorUsername: text().notNull(),
    action: text().notNull(),
    targetUserId: uuid().references(() => users.id, { onDelete: "set null" }),
    targetUsername: text(),
    detail: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    ip: text(),
    userAgent: text(),
    createdAt: createdAt(),
  },
  // The foreign keys are indexed so deleting an account does not scan the log.
  (t) => [index().on(t.createdAt), index().on(t.actorId), index().on(t.targetUserId)],
);

// ── Files, the media kit and share links (DESIGN §9–§10) ──────────────────────────────────────────────

export const fileKind = pgEnum("file_kind", ["headshot", "document", "receipt", "logo"]);
export const mediaKitFileRole = pgEnum("media_kit_file_role", ["headshot", "resource"]);
export const shareLinkKind = pgEnum("share_link_kind", ["media_kit", "resources"]);

/** An uploaded file's record; its bytes live in the object store under `storage_key`. */
export const files = pgTable(
  "files",
  {
    id: id(),
    userId: ownerId(),
    kind: fileKind().notNull().default("document"),
    filename: text().notNull(),
    /** Decided from the bytes (magic numbers), never from the name or the browser's claim. */
    contentType: text().notNull(),
    size: bigint({ mode: "number" }).notNull(),
    sha256: text().notNull(),
    storageKey: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId, t.kind, t.createdAt)],
);

/** The media kit's texts; its slug is the profile's, its headshots and resources are media_kit_files. */
export const mediaKits = pgTable("media_kits", {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  headline: text(),
  shortBio: text(),
  longBio: text(),
  topics: jsonb()
    .$type<{ title: string; description: string | null; formats: string[]; audiences: string | null }[]>()
    .notNull()
    .default([]),
  feeFrom: integer(),
  feeTo: integer(),
  travelsFrom: text(),
  videos: jsonb().$type<{ title: string | null; url: string }[]>().notNull().default([]),
  testimonials: jsonb()
    .$type<{ quote: string; author: string; role: string | null; organization: string | null }[]>()
    .notNull()
    .default([]),
  links: jsonb().$type<Record<string, string | null>>().notNull().default({}),
  updatedAt: updatedAt(),
});

/** Headshots (the first is the primary) and resources of a media kit, in order; go with their file. */
export const mediaKitFiles = pgTable(
  "media_kit_files",
  {
    userId: ownerId(),
    fileId: uuid()
      .notNull()
      .references(() => files.id, { onDelete: "cascade" }),
    role: mediaKitFileRole().notNull(),
    position: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role, t.fileId] }), index().on(t.fileId)],
);

/**
 * Every slug a speaker has had, the current one included: old media-kit addresses redirect. A deleted
 * account's slugs stay, owned by nobody (user_id null): a form still embedded on the speaker's old website
 * must not start sending inquiries to whoever claims the slug.
 */
export const speakerSlugs = pgTable(
  "speaker_slugs",
  {
    slug: text().primaryKey(),
    userId: uuid().references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId)],
);

export const shareLinks = pgTable(
  "share_links",
  {
    id: id(),
    userId: ownerId(),
    kind: shareLinkKind().notNull(),
    label: text().notNull(),
    /** SHA-256 (hex) of the link's random token; the token itself is shown once. */
    tokenHash: text().notNull().unique(),
    eventId: uuid().references(() => events.id, { onDelete: "set null" }),
    expiresAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    viewCount: integer().notNull().default(0),
    lastViewedAt: timestamp({ withTimezone: true }),
    downloadCount: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.userId, t.createdAt)],
);

/** The files a resources link shares, in order; a deleted file leaves every link. */
export const shareLinkFiles = pgTable(
  "share_link_files",
  {
    shareLinkId: uuid()
      .notNull()
      .references(() => shareLinks.id, { onDelete: "cascade" }),
    fileId: uuid()
      .notNull()
      .references(() => files.id, { onDelete: "cascade" }),
    userId: ownerId(),
    position: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.shareLinkId, t.fileId] }), index().on(t.fileId), index().on(t.userId)],
);

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

/**
 * Each account's use of a promotional code at registration (its trial days), recorded once. The key is the
 * Stripe promotion code's id, or `PROMO_CODES:<CODE>` while billing is off. A deleted account's rows stay
 * (user_id null): deleting and registering again does not give a single-use code a second life.
 */
export const promotionRedemptions = pgTable(
  "promotion_redemptions",
  {
    id: id(),
    promotionKey: text().notNull(),
    userId: uuid().references(() => users.id, { onDelete: "set null" }),
    redeemedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.promotionKey, t.userId), index().on(t.userId)],
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

// ── Contracts and e-signature (DESIGN §9–§10) ─────────────────────────────────────────────────────────

export const contractStatus = pgEnum("contract_status", [
  "draft",
  "sent",
  "viewed",
  "signed",
  "completed",
  "declined",
  "voided",
  "expired",
]);

/** A speaker's contract templates: Markdown with `{{merge.fields}}`. The ready one is marked `isDefault`. */
export const contractTemplates = pgTable(
  "contract_templates",
  {
    id: id(),
    userId: ownerId(),
    name: text().notNull(),
    body: text().notNull(),
    isDefault: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.userId, t.createdAt),
    // At most one ready template per speaker, however many requests add it at once.
    uniqueIndex("contract_templates_one_default").on(t.userId).where(sql`${t.isDefault}`),
  ],
);

/** One signature: the typed name, the drawn image (a PNG data URL) and where it came from. */
export type ContractSignature = {
  typedName: string;
  signatureImage: string | null;
  at: string;
  ip: string | null;
  userAgent: string | null;
};

export const contracts = pgTable(
  "contracts",
  {
    id: id(),
    userId: ownerId(),
    eventId: uuid().references(() => events.id, { onDelete: "set null" }),
    templateId: uuid().references(() => contractTemplates.id, { onDelete: "set null" }),
    title: text().notNull(),
    body: text().notNull(),
    status: contractStatus().notNull().default("draft"),
    signerName: text(),
    signerEmail: text(),
    message: text(),
    /** Merge fields without a value when the draft was made (blank lines in the text). */
    missingFields: jsonb().$type<string[]>().notNull().default([]),
    /** SHA-256 (hex) of the signing link's random token; the token itself is only in the e-mail. */
    tokenHash: text().unique(),
    sentAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }),
    viewedAt: timestamp({ withTimezone: true }),
    viewedIp: text(),
    viewedUserAgent: text(),
    consentedAt: timestamp({ withTimezone: true }),
    clientSignature: jsonb().$type<ContractSignature>(),
    clientSignedAt: timestamp({ withTimezone: true }),
    speakerSignature: jsonb().$type<ContractSignature>(),
    speakerSignedAt: timestamp({ withTimezone: true }),
    declinedAt: timestamp({ withTimezone: true }),
    declineReason: text(),
    voidedAt: timestamp({ withTimezone: true }),
    voidReason: text(),
    completedAt: timestamp({ withTimezone: true }),
    /** The PDF as sent (frozen text) and the sealed final PDF, in the object store. */
    documentKey: text(),
    /** SHA-256 (hex) of the text as sent (decision 020, amended); `pdfSha256` is the sent PDF's (decision 064). */
    documentSha256: text(),
    pdfSha256: text(),
    finalKey: text(),
    finalSha256: text(),
    remindersSent: integer().notNull().default(0),
    lastRemindedAt: timestamp({ withTimezone: true }),
    /** The event's `plannerFilledAt` when the draft merged its values: the text holds what a planner typed. */
    plannerFilledAt: timestamp({ withTimezone: true }),
    /** When the speaker last opened the agreement in the app; automatic countersigning needs it after the above. */
    speakerReadAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.userId, t.createdAt),
    index().on(t.eventId),
    index().on(t.templateId),
    index("contracts_open_by_status").on(t.status, t.sentAt),
  ],
);

/** Append-only: rows are inserted, never updated or deleted (except with the owning account). */
export const contractAudit = pgTable(
  "contract_audit",
  {
    id: id(),
    contractId: uuid()
      .notNull()
      .references(() => contracts.id, { onDelete: "cascade" }),
    userId: ownerId(),
    type: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Insertion order: events of one instant (consented, then signed) keep the order they happened in. */
    seq: bigint({ mode: "number" }).generatedAlwaysAsIdentity(),
    /** `speaker`, `signer` or `system`. */
    actor: text().notNull(),
    /** Which login acted for the speaker, with its role then (decision 051); null for signers and the system. */
    by: jsonb().$type<ActingLogin>(),
    ip: text(),
    userAgent: text(),
    detail: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index().on(t.contractId, t.at), index().on(t.userId)],
);

// ── Invoices (DESIGN §9–§10, issue 15) ─────────────────────────────────────────────────────────────────

export const invoiceStatus = pgEnum("invoice_status", ["draft", "sent", "partial", "paid", "void"]);
export const invoiceKind = pgEnum("invoice_kind", ["standard", "deposit", "balance"]);
export const paymentMethod = pgEnum("payment_method", ["card", "check", "bank_transfer", "cash", "other"]);
export const invoiceActivityType = pgEnum("invoice_activity_type", [
  "created",
  "updated",
  "sent",
  "viewed",
  "reminder_sent",
  "payment_recorded",
  "payment_removed",
  "paid",
  "voided",
  "deleted",
  "link_reissued",
  "link_withdrawn",
]);

/** Reminder rules: days before the due date, on it, days after it (DESIGN §10). */
export type InvoiceReminderRules = { beforeDueDays: number[]; onDueDate: boolean; afterDueDays: number[] };

/**
 * A speaker's invoicing settings and numbering counter. `next_number` is taken with UPDATE … RETURNING in
 * the transaction that creates the invoice, so two invoices never get the same number.
 */
export const invoiceSettings = pgTable(
  "invoice_settings",
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    numberPrefix: text().notNull().default("INV-"),
    nextNumber: integer().notNull().default(1),
    /** The highest sequence ever given out; `next_number` never goes to or below it. */
    highestNumber: integer().notNull().default(0),
    defaultDueDays: integer().notNull().default(14),
    paymentInstructions: text(),
    /** Hundredths of a percent (825 = 8.25 %). */
    taxRateBasisPoints: integer().notNull().default(0),
    businessAddress: text(),
    logoFileId: uuid().references(() => files.id, { onDelete: "set null" }),
    reminders: jsonb()
      .$type<InvoiceReminderRules>()
      .notNull()
      .default({ beforeDueDays: [3], onDueDate: true, afterDueDays: [3, 7, 14] }),
    /** IANA zone whose calendar decides "today" for overdue invoices and reminders. */
    timeZone: text().notNull().default("UTC"),
    updatedAt: updatedAt(),
  },
  (t) => [check("invoice_settings_next_number", sql`${t.nextNumber} > ${t.highestNumber}`)],
);

export const invoices = pgTable(
  "invoices",
  {
    id: id(),
    userId: ownerId(),
    eventId: uuid().references(() => events.id, { onDelete: "set null" }),
    clientId: uuid().references(() => clients.id, { onDelete: "set null" }),
    number: text().notNull(),
    kind: invoiceKind().notNull().default("standard"),
    status: invoiceStatus().notNull().default("draft"),
    issueDate: date({ mode: "string" }).notNull(),
    dueDate: date({ mode: "string" }).notNull(),
    taxRateBasisPoints: integer().notNull().default(0),
    /** Cents, kept in step with the lines and payments by the service in the same transaction. */
    subtotal: integer().notNull().default(0),
    tax: integer().notNull().default(0),
    total: integer().notNull().default(0),
    amountPaid: integer().notNull().default(0),
    notes: text(),
    /** Where it was last sent; reminders go there. */
    recipientEmail: text(),
    /** SHA-256 (hex) of the public link's token; set when first sent. */
    tokenHash: text().unique(),
    /** Part of the link's token: re-issuing the link raises it, so the previous link answers 404. */
    linkVersion: integer().notNull().default(1),
    sentAt: timestamp({ withTimezone: true }),
    firstViewedAt: timestamp({ withTimezone: true }),
    lastViewedAt: timestamp({ withTimezone: true }),
    viewCount: integer().notNull().default(0),
    paidAt: timestamp({ withTimezone: true }),
    voidedAt: timestamp({ withTimezone: true }),
    voidReason: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("invoices_user_id_number_key").on(t.userId, t.number),
    // Status and total after the key: the year's invoiced figure from the index alone (decision 035).
    index("invoices_user_id_issue_date_id_covering").on(t.userId, t.issueDate, t.id, t.status, t.total),
    index().on(t.userId, t.status, t.dueDate),
    index().on(t.eventId),
    index().on(t.clientId),
    check(
      "invoices_amounts",
      sql`${t.total} >= 0 and ${t.amountPaid} >= 0 and ${t.amountPaid} <= ${t.total}`,
    ),
  ],
);

export const invoiceItems = pgTable(
  "invoice_items",
  {
    id: id(),
    invoiceId: uuid()
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    userId: ownerId(),
    position: integer().notNull(),
    description: text().notNull(),
    /** Hundredths (150 = 1.5). */
    quantityHundredths: integer().notNull(),
    unitPrice: integer().notNull(),
    amount: integer().notNull(),
  },
  (t) => [index().on(t.invoiceId, t.position), index().on(t.userId)],
);

export const invoicePayments = pgTable(
  "invoice_payments",
  {
    id: id(),
    invoiceId: uuid()
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    userId: ownerId(),
    amount: integer().notNull(),
    date: date({ mode: "string" }).notNull(),
    method: paymentMethod().notNull(),
    reference: text(),
    /** Set for a card payment made through Checkout: Stripe's payment intent, recorded once however often its event arrives. */
    stripePaymentIntentId: text().unique(),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.invoiceId),
    // The amount after the key: the year's collected figure from the index alone (decision 035).
    index("invoice_payments_user_id_date_covering").on(t.userId, t.date, t.amount),
    check("invoice_payments_amount", sql`${t.amount} > 0`),
  ],
);

/**
 * The speaker's Stripe Connect Express account, for invoices paid by card (DESIGN §9). The two flags are
 * Stripe's, kept current from `account.updated` and when the speaker returns from onboarding.
 */
export const paymentAccounts = pgTable("payment_accounts", {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  stripeAccountId: text().notNull().unique(),
  chargesEnabled: boolean().notNull().default(false),
  detailsSubmitted: boolean().notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Each reminder rule sent for an invoice, once: the primary key makes a second send impossible. */
export const invoiceReminders = pgTable(
  "invoice_reminders",
  {
    invoiceId: uuid()
      .notNull()
      .references(() => invoices.id, { onDelete: "cascade" }),
    /** `before-3`, `due`, `after-7`, or `manual-<uuid>` for one sent by hand. */
    rule: text().notNull(),
    userId: ownerId(),
    sentAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.rule] }), index().on(t.userId)],
);

/**
 * What happened to an invoice, inserted and never updated (DESIGN §9 "Audit"). No foreign key to the
 * invoice, so the record of a deleted draft stays; it goes with the account.
 */
export const invoiceActivity = pgTable(
  "invoice_activity",
  {
    id: id(),
    invoiceId: uuid().notNull(),
    userId: ownerId(),
    type: invoiceActivityType().notNull(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** `speaker`, `recipient` or `system`. */
    actor: text().notNull(),
    /** Which login acted for the speaker, with its role then (decision 051); null for recipients and the system. */
    by: jsonb().$type<ActingLogin>(),
    ip: text(),
    userAgent: text(),
    detail: text(),
  },
  (t) => [index().on(t.invoiceId, t.at), index().on(t.userId)],
);

// ── Expenses, mileage and insights (DESIGN §10, issue 17) ─────────────────────────────────────────────

export const expenseCategory = pgEnum("expense_category", EXPENSE_CATEGORIES);

export const expenses = pgTable(
  "expenses",
  {
    id: id(),
    userId: ownerId(),
    eventId: uuid().references(() => events.id, { onDelete: "set null" }),
    date: date({ mode: "string" }).notNull(),
    /** Cents. */
    amount: integer().notNull(),
    category: expenseCategory().notNull(),
    vendor: text(),
    description: text(),
    receiptFileId: uuid().references(() => files.id, { onDelete: "set null" }),
    /** Offered as a line when the speaker invoices the expense's event. */
    billable: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Category and amount after the key: the year's expenses by category from the index alone (decision 035).
    index("expenses_user_id_date_id_covering").on(t.userId, t.date, t.id, t.category, t.amount),
    index().on(t.eventId),
    index().on(t.receiptFileId),
    check("expenses_amount_positive", sql`${t.amount} > 0`),
  ],
);

/** A business trip for the IRS mileage log: date, destination, purpose and miles. */
export const mileageTrips = pgTable(
  "mileage_trips",
  {
    id: id(),
    userId: ownerId(),
    eventId: uuid().references(() => events.id, { onDelete: "set null" }),
    date: date({ mode: "string" }).notNull(),
    fromPlace: text().notNull(),
    toPlace: text().notNull(),
    purpose: text().notNull(),
    /** Hundredths of a mile, one way (1250 = 12.5 miles). */
    milesHundredths: integer().notNull(),
    /** Counts the miles twice. */
    roundTrip: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Miles and round trip after the key: the year's mileage from the index alone (decision 035).
    index("mileage_trips_user_id_date_id_covering").on(
      t.userId,
      t.date,
      t.id,
      t.milesHundredths,
      t.roundTrip,
    ),
    index().on(t.eventId),
    check("mileage_trips_miles_positive", sql`${t.milesHundredths} > 0`),
  ],
);

/** A speaker's own rate for a year; years without a row take the built-in IRS rate (DESIGN §10). */
export const mileageRates = pgTable(
  "mileage_rates",
  {
    userId: ownerId(),
    year: integer().notNull(),
    /** Tenths of a cent per mile (655 = 65.5 ¢), so the deduction is exact integer arithmetic. */
    tenthsOfCentPerMile: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.year] }),
    check("mileage_rates_rate", sql`${t.tenthsOfCentPerMile} >= 0`),
  ],
);

// ── Places near a venue (issue 18) ─────────────────────────────────────────────────────────────────────

export const nearbyCategory = pgEnum("nearby_category", ["food", "activities"]);

/**
 * What OpenStreetMap answered for a venue address (normalized) and a category, kept 30 days so a venue is
 * looked up once a month at most, whoever asks (the services' usage policies). Null coordinates: the
 * geocoder did not find the address.
 */
export const nearbyPlaces = pgTable(
  "nearby_places",
  {
    addressKey: text().notNull(),
    category: nearbyCategory().notNull(),
    lat: doublePrecision(),
    lon: doublePrecision(),
    places: jsonb()
      .$type<
        {
          name: string;
          category: string;
          cuisine: string | null;
          distanceMeters: number;
          address: string | null;
          website: string | null;
          openingHours: string | null;
          osmUrl: string;
        }[]
      >()
      .notNull()
      .default([]),
    fetchedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.addressKey, t.category] }), index().on(t.fetchedAt)],
);

// ── Follow-ups: action lists, tasks, the digest and the calendar feed (DESIGN §10, issue 18) ──────────

export const actionAnchor = pgEnum("action_anchor", ["event_date", "status_change"]);
export const actionItemSends = pgEnum("action_item_sends", ["testimonial_request"]);
export const digestFrequency = pgEnum("digest_frequency", ["off", "daily", "weekly"]);

/**
 * Marks a speaker whose action list has been made: the default items are written once, with this row, so a
 * speaker who empties the list keeps it empty.
 */
export const actionLists = pgTable("action_lists", {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});

/** One step of a speaker's action list, in order. `offset_days` is negative before the anchor. */
export const actionItems = pgTable(
  "action_items",
  {
    id: id(),
    userId: ownerId(),
    position: integer().notNull(),
    title: text().notNull(),
    anchor: actionAnchor().notNull(),
    /** The status it applies to; for `event_date` items null means every open event. */
    status: eventStatus(),
    offsetDays: integer().notNull(),
    emailTemplate: text(),
    /** On its due date the sweep sends the step's e-mail by itself (DESIGN §11). */
    automatic: boolean().notNull().default(false),
    /** What the step sends instead of its template: the testimonial request (issue 33). */
    sends: actionItemSends(),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.userId, t.position),
    check(
      "action_items_status_change_has_status",
      sql`${t.anchor} <> 'status_change' or ${t.status} is not null`,
    ),
  ],
);

/**
 * A speaker's to-do: from an action-list item for an event (anchor and offset copied, so a date move can
 * recompute it after the list changed) or written by hand. `closed_at`: the event was postponed or cancelled.
 */
export const tasks = pgTable(
  "tasks",
  {
    id: id(),
    userId: ownerId(),
    eventId: uuid().references(() => events.id, { onDelete: "cascade" }),
    actionItemId: uuid().references(() => actionItems.id, { onDelete: "set null" }),
    title: text().notNull(),
    dueDate: date({ mode: "string" }).notNull(),
    /** Null for a task written by hand. */
    anchor: actionAnchor(),
    offsetDays: integer(),
    emailTemplate: text(),
    doneAt: timestamp({ withTimezone: true }),
    closedAt: timestamp({ withTimezone: true }),
    /** When the sweep sent an automatic step's e-mail: once only. */
    autoSentAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One task per event and list item: a status reached again reopens it rather than adding another.
    uniqueIndex("tasks_event_id_action_item_id_key").on(t.eventId, t.actionItemId),
    index("tasks_open_by_due_date")
      .on(t.userId, t.dueDate)
      .where(sql`${t.doneAt} is null and ${t.closedAt} is null`),
    index().on(t.actionItemId),
    // The sweep's automatic steps read only the tasks not yet sent.
    index("tasks_automatic_unsent")
      .on(t.dueDate)
      .where(sql`${t.autoSentAt} is null and ${t.doneAt} is null and ${t.closedAt} is null`),
  ],
);

/** The digest e-mail's settings; `last_digest_on` is the speaker's local day of the last one queued. */
export const notificationSettings = pgTable(
  "notification_settings",
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    digest: digestFrequency().notNull().default("off"),
    digestHour: integer().notNull().default(7),
    timeZone: text().notNull().default("UTC"),
    lastDigestOn: date({ mode: "string" }),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("notification_settings_digest_on").on(t.digest).where(sql`${t.digest} <> 'off'`),
    check("notification_settings_digest_hour", sql`${t.digestHour} between 0 and 23`),
  ],
);

/**
 * The secret calendar feed: its token is an HMAC of `feed_key` under the instance secret (like invoice links,
 * decision 023), so the page can show the address again while the database keeps only its SHA-256. A new
 * link gets a new key; the old token's hash is gone and the old address answers 404. Each login that reads a
 * speaker's book has its own (decision 059): the speaker's (`member_id` null) and one per team member, which
 * goes with the membership (the foreign key) and with a change of role (a trigger, migration 0041).
 */
export const calendarFeeds = pgTable(
  "calendar_feeds",
  {
    id: id(),
    /** The speaker whose events the feed shows. */
    userId: ownerId(),
    /** The team member the feed was made for, or null for the speaker's own. */
    memberId: uuid(),
    feedKey: uuid().notNull().defaultRandom(),
    tokenHash: text().notNull().unique(),
    /** SHA-256 of the last body served and when it last differed: the feed's ETag and Last-Modified. */
    contentHash: text(),
    contentChangedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    unique("calendar_feeds_user_id_member_id_key").on(t.userId, t.memberId).nullsNotDistinct(),
    foreignKey({
      name: "calendar_feeds_member_fk",
      columns: [t.userId, t.memberId],
      foreignColumns: [teamMembers.speakerId, teamMembers.userId],
    }).onDelete("cascade"),
  ],
);

// ── The speaker's team (DESIGN §11, issue 34, decision 051) ───────────────────────────────────────────

export const teamRole = pgEnum("team_role", TEAM_MEMBER_ROLES);

/** A login working in a speaker's book with a role; the speaker (owner) is never a row of their own team. */
export const teamMembers = pgTable(
  "team_members",
  {
    speakerId: ownerId(),
    /** The member's login; named user_id so the change feed's trigger tells that login's sessions. */
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: teamRole().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.speakerId, t.userId] }), index().on(t.userId)],
);

/** An open invitation; the token is stored as its SHA-256 only, and the row goes when it is accepted. */
export const teamInvitations = pgTable(
  "team_invitations",
  {
    id: id(),
    speakerId: ownerId(),
    email: citext().notNull(),
    role: teamRole().notNull(),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.speakerId)],
);

/**
 * An invitation opened by a login whose verified e-mail is not the invited one (decision 062): it waits for
 * the owner, who approves (the login becomes a member with `role`) or refuses (the row goes).
 */
export const teamJoinRequests = pgTable(
  "team_join_requests",
  {
    id: id(),
    speakerId: ownerId(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: teamRole().notNull(),
    /** The address the invitation went to, which the owner compares with the login's. */
    invitedEmail: citext().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex().on(t.speakerId, t.userId), index().on(t.userId)],
);

/** The owner's choices for their team; a speaker without a row has the defaults. */
export const teamSettings = pgTable("team_settings", {
  speakerId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  replyTo: text().$type<"speaker" | "member">().notNull().default("speaker"),
  requireSecondFactor: boolean().notNull().default(false),
});

/** How a speaker's holds behave (DESIGN §11); the defaults until they save theirs. */
export const holdSettings = pgTable(
  "hold_settings",
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Days a new hold lasts; null = holds do not expire. */
    defaultExpiryDays: integer().default(14),
    notifyNewFirstHold: boolean().notNull().default(false),
    showAvailabilityOnInquiryForm: boolean().notNull().default(false),
    /** The e-mail to a hold's contact when it becomes first; null = the default text. */
    newFirstHoldTemplate: text(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "hold_settings_default_expiry_days",
      sql`${t.defaultExpiryDays} is null or ${t.defaultExpiryDays} between 1 and 365`,
    ),
  ],
);

export const holdAnswer = pgEnum("hold_answer", ["confirm", "release"]);

/**
 * "Ask the first hold to decide": a link e-mailed to the first hold's contact. Only the SHA-256 of its
 * 256-bit token is kept (like share links). The link works through `deadline`, and takes one answer.
 */
export const holdChallenges = pgTable(
  "hold_challenges",
  {
    id: id(),
    userId: ownerId(),
    eventId: uuid()
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    tokenHash: text().notNull().unique(),
    sentTo: text().notNull(),
    deadline: date({ mode: "string" }).notNull(),
    answer: holdAnswer(),
    message: text(),
    answeredAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.eventId), index().on(t.userId, t.deadline)],
);

export const eventActivityActor = pgEnum("event_activity_actor", ["speaker", "planner", "system"]);

/** What happened to an event beyond its fields: holds released, expired, challenged and answered. */
export const eventActivity = pgTable(
  "event_activity",
  {
    id: id(),
    userId: ownerId(),
    eventId: uuid()
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    type: text().notNull(),
    actor: eventActivityActor().notNull(),
    /** Who acted for the speaker, with their role (DESIGN §11); null for the planner and the system. */
    by: jsonb().$type<ActingLogin>(),
    detail: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Insertion order: the notes of one write share their instant and keep the order they were written in. */
    seq: bigint({ mode: "number" }).generatedAlwaysAsIdentity(),
  },
  (t) => [index().on(t.eventId, t.at)],
);

// ── The booking page (DESIGN §11, issue 32) ─────────────────────────────────────────────────────────────

export const bookingStatus = pgEnum("booking_status", BOOKING_STATUSES);

/** One booking link per event: the agreement, the deposit and balance invoices and the materials it carries. */
export const bookings = pgTable(
  "bookings",
  {
    id: id(),
    userId: ownerId(),
    eventId: uuid()
      .notNull()
      .unique()
      .references(() => events.id, { onDelete: "cascade" }),
    /** SHA-256 of the link's token, an HMAC of the id and `linkVersion` (decision 037). */
    tokenHash: text().notNull().unique(),
    linkVersion: integer().notNull().default(1),
    status: bookingStatus().notNull().default("sent"),
    recipientEmail: text().notNull(),
    message: text(),
    /** The agreement the planner signs now; an amendment moves the one signed before into `earlierContractIds`. */
    contractId: uuid().references(() => contracts.id, { onDelete: "set null" }),
    earlierContractIds: jsonb().$type<string[]>().notNull().default([]),
    depositInvoiceId: uuid().references(() => invoices.id, { onDelete: "set null" }),
    balanceInvoiceId: uuid().references(() => invoices.id, { onDelete: "set null" }),
    fileIds: jsonb().$type<string[]>().notNull().default([]),
    includeMediaKit: boolean().notNull().default(true),
    /** The media-kit sections the page shows; null = all of them. */
    mediaKitSections: jsonb().$type<MediaKitSection[]>(),
    /** The outer bound of the link (60 days after the event); a hold's expiry may end it sooner. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull(),
    openedAt: timestamp({ withTimezone: true }),
    signedAt: timestamp({ withTimezone: true }),
    depositPaidAt: timestamp({ withTimezone: true }),
    confirmedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    /** Set when the agreement changed after the planner first opened the page (the page says so). */
    contractRevisedAt: timestamp({ withTimezone: true }),
    /** The fees (cents) of the agreement last sent on the link; null before issue 41 (the event's then). */
    agreedFee: integer(),
    agreedTravelFee: integer(),
    viewCount: integer().notNull().default(0),
    lastViewedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index().on(t.userId, t.createdAt),
    index().on(t.contractId),
    index().on(t.depositInvoiceId),
    index().on(t.balanceInvoiceId),
  ],
);

// ── Testimonials after the talk (DESIGN §11, issue 33) ──────────────────────────────────────────────────

/**
 * A testimonial request e-mailed to the planner, and what they answered. Only the SHA-256 of the link's
 * 256-bit random token is kept; the link works until `expires_at` (90 days), takes one answer, and stops when
 * a newer request for the event replaces it (`revoked_at`).
 */
export const testimonials = pgTable(
  "testimonials",
  {
    id: id(),
    userId: ownerId(),
    eventId: uuid()
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    tokenHash: text().notNull().unique(),
    sentTo: text().notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    submittedAt: timestamp({ withTimezone: true }),
    rating: integer(),
    quote: text(),
    highlights: text(),
    name: text(),
    role: text(),
    organization: text(),
    permission: boolean().notNull().default(false),
    referrals: jsonb()
      .$type<{ name: string; email: string; organization: string | null }[]>()
      .notNull()
      .default([]),
    /** The speaker chose to publish a low rating all the same. */
    showAnyway: boolean().notNull().default(false),
    addedToMediaKitAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.userId, t.submittedAt),
    index().on(t.eventId),
    check("testimonials_rating", sql`${t.rating} is null or ${t.rating} between 1 and 5`),
  ],
);
/**
 * The speaker's saved signature and whether it countersigns by itself: when on, the planner's signature
 * completes an agreement at once with this signature (issue 32).
 */
export const countersignSettings = pgTable("countersign_settings", {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  autoCountersign: boolean().notNull().default(false),
  typedName: text(),
  /** A PNG data URL of the drawn signature; null draws the typed name. */
  signatureImage: text(),
  updatedAt: updatedAt(),
});

/** The speaker's questionnaire (issue 33): the questions every event's questionnaire starts from. */
export const questionnaires = pgTable("questionnaires", {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  questions: jsonb().$type<Question[]>().notNull(),
  updatedAt: updatedAt(),
});

/**
 * One event's questionnaire: the questions as sent, the planner's answers (a draft until submitted) and the
 * proposals for event fields that already held another value. `/q/<token>` stores only the token's SHA-256;
 * a questionnaire answered from the booking page has no token of its own.
 */
export const eventQuestionnaires = pgTable(
  "event_questionnaires",
  {
    id: id(),
    userId: ownerId(),
    eventId: uuid()
      .notNull()
      .unique()
      .references(() => events.id, { onDelete: "cascade" }),
    /** SHA-256 of the `/q/<token>` token, an HMAC of the id and `linkVersion` (decision 037). */
    tokenHash: text().unique(),
    linkVersion: integer().notNull().default(0),
    sentTo: text(),
    message: text(),
    questions: jsonb().$type<Question[]>().notNull(),
    answers: jsonb().$type<Answers>().notNull().default({}),
    proposals: jsonb().$type<Proposal[]>().notNull().default([]),
    sentAt: timestamp({ withTimezone: true }),
    answeredAt: timestamp({ withTimezone: true }),
    /** The planner's reminders, 7 and 3 days before the talk: each once. */
    remindedWeekAt: timestamp({ withTimezone: true }),
    remindedThreeDaysAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.userId)],
);
