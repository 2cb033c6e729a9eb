import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

/** A request the fake Stripe received, with its form body decoded into nested objects. */
export type StripeRequest = {
  method: string;
  path: string;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  idempotencyKey: string | undefined;
  /** `Stripe-Account` (Connect calls made on behalf of a connected account). */
  stripeAccount: string | undefined;
  authorization: string | undefined;
};

type Handler = (request: StripeRequest) => { status?: number; body: unknown };

export type PromotionCodeSpec = {
  code: string;
  percentOff?: number;
  amountOff?: number;
  durationMonths?: number;
  trialDays?: number;
  active?: boolean;
  /** The promotion code's own restrictions, as the Dashboard sets them. */
  maxRedemptions?: number;
  timesRedeemed?: number;
  expiresAt?: Date;
  customer?: string;
  firstTimeTransaction?: boolean;
};

const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_test_${randomBytes(8).toString("hex")}`;

/** Where the fake sends the events its hosted pages cause (the app's webhook and its signing secret). */
export type WebhookTarget = { url: string; secret: string };

/**
 * A local HTTP server that answers like Stripe's API for the calls Podium makes (customers, Checkout
 * Sessions, billing portal sessions, listing and cancelling subscriptions, promotion codes with their
 * coupons, Connect Express accounts with Account Links, and Checkout Sessions on a connected account), with
 * the object shapes Stripe documents.
 * It keeps what it created, replays a repeated Idempotency-Key like Stripe does, and records every request.
 * `handle()` adds more calls. Stop it with `close()`.
 *
 * Connect onboarding links and the Checkout of a connected account point at pages of this server: opening
 * one finishes it at once (the account becomes active, the session is paid), sends the event Stripe would
 * send to `webhook` when one is given, and redirects to the return or success URL, as Stripe does.
 */
export async function startStripeServer(options: { webhook?: WebhookTarget } = {}) {
  const requests: StripeRequest[] = [];
  const customers = new Map<string, Record<string, unknown>>();
  const accounts = new Map<string, Record<string, unknown>>();
  const accountLinks = new Map<string, { account: string; returnUrl: string; refreshUrl: string }>();
  const connectSessions = new Map<string, Record<string, unknown>>();
  const coupons = new Map<string, Record<string, unknown>>();
  const promotionCodes = new Map<string, Record<string, unknown>>();
  const subscriptions = new Map<string, Record<string, unknown>>();
  /** Podium's own Checkout Sessions (subscription mode), until the customer finishes them. */
  const checkoutSessions = new Map<string, Record<string, unknown>>();
  const replays = new Map<string, { status: number; body: unknown }>();
  const handlers = new Map<string, Handler>();
  let failures: { count: number; status: number; message: string } = { count: 0, status: 500, message: "" };

  const handle = (method: string, path: string, handler: Handler) =>
    handlers.set(`${method} ${path}`, handler);

  handle("POST", "/v1/customers", ({ body }) => {
    const customer = {
      id: newId("cus"),
      object: "customer",
      address: null,
      balance: 0,
      created: now(),
      currency: null,
      default_source: null,
      delinquent: false,
      description: null,
      email: body.email ?? null,
      invoice_prefix: randomBytes(4).toString("hex").toUpperCase(),
      invoice_settings: {
        custom_fields: null,
        default_payment_method: null,
        footer: null,
        rendering_options: null,
      },
      livemode: false,
      metadata: body.metadata ?? {},
      name: body.name ?? null,
      phone: null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: "none",
      test_clock: null,
    };
    customers.set(customer.id, customer);
    return { body: customer };
  });

  handle("POST", "/v1/accounts", ({ body }) => {
    const account = expressAccount(newId("acct"), body);
    accounts.set(String(account.id), account);
    return { body: account };
  });

  handle("POST", "/v1/account_links", ({ body }) => {
    const account = String(body.account ?? "");
    if (!accounts.has(account)) return invalidRequest(`No such account: '${account}'`, "account", 404);
    if (typeof body.return_url !== "string" || typeof body.refresh_url !== "string") {
      return invalidRequest("Missing required param: return_url.", "return_url");
    }
    const code = randomBytes(8).toString("hex");
    accountLinks.set(code, { account, returnUrl: body.return_url, refreshUrl: body.refresh_url });
    return {
      body: {
        object: "account_link",
        created: now(),
        expires_at: now() + 300,
        url: `${baseUrl()}/setup/e/${account}/${code}`,
      },
    };
  });

  handle("POST", "/v1/checkout/sessions", ({ body, stripeAccount }) => {
    if (typeof body.customer === "string" && !customers.has(body.customer)) {
      return invalidRequest(`No such customer: '${body.customer}'`, "customer", 404);
    }
    if (stripeAccount !== undefined) return createConnectSession(body, stripeAccount);
    const id = newId("cs");
    const session = {
      id,
      object: "checkout.session",
      allow_promotion_codes: body.allow_promotion_codes === "true" ? true : null,
      amount_subtotal: null,
      amount_total: null,
      cancel_url: body.cancel_url ?? null,
      client_reference_id: body.client_reference_id ?? null,
      created: now(),
      currency: null,
      customer: body.customer ?? null,
      discounts: body.discounts ?? [],
      expires_at: now() + 24 * 3600,
      livemode: false,
      metadata: body.metadata ?? {},
      mode: body.mode,
      payment_status: "unpaid",
      status: "open",
      subscription: null,
      success_url: body.success_url ?? null,
      url: `https://checkout.stripe.com/c/pay/${id}`,
    };
    checkoutSessions.set(id, { ...session, subscription_data: body.subscription_data ?? {} });
    return { body: session };
  });

  handle("POST", "/v1/billing_portal/sessions", ({ body }) => {
    if (typeof body.customer !== "string" || !customers.has(body.customer)) {
      return invalidRequest(`No such customer: '${String(body.customer)}'`, "customer", 404);
    }
    const id = newId("bps");
    return {
      body: {
        id,
        object: "billing_portal.session",
        configuration: "bpc_test_default",
        created: now(),
        customer: body.customer,
        flow: null,
        livemode: false,
        locale: null,
        on_behalf_of: null,
        return_url: body.return_url ?? null,
        url: `https://billing.stripe.com/p/session/${id}`,
      },
    };
  });

  handle("GET", "/v1/promotion_codes", ({ query }) => {
    const expandCoupon = Object.values((query.expand as Record<string, string>) ?? {}).includes(
      "data.promotion.coupon",
    );
    const data = [...promotionCodes.values()]
      .filter(
        (promo) =>
          query.code === undefined || String(promo.code).toLowerCase() === String(query.code).toLowerCase(),
      )
      .filter((promo) => query.active === undefined || String(promo.active) === query.active)
      .map((promo) => {
        const couponId = (promo.promotion as { coupon: string }).coupon;
        return expandCoupon
          ? { ...promo, promotion: { type: "coupon", coupon: coupons.get(couponId) } }
          : promo;
      });
    return { body: { object: "list", data, has_more: false, url: "/v1/promotion_codes" } };
  });

  // Stripe's list: without `status`, every subscription not canceled; `ended` is canceled or
  // incomplete_expired; `all` is every one. Newest first, `limit` (10) a page, `starting_after` the cursor.
  handle("GET", "/v1/subscriptions", ({ query }) => {
    const status = query.status === undefined ? undefined : String(query.status);
    const matches = (subscription: Record<string, unknown>) => {
      if (status === "all") return true;
      if (status === "ended") return ["canceled", "incomplete_expired"].includes(String(subscription.status));
      if (status === undefined) return subscription.status !== "canceled";
      return subscription.status === status;
    };
    const all = [...subscriptions.values()]
      .filter((subscription) => query.customer === undefined || subscription.customer === query.customer)
      .filter(matches)
      .reverse();
    const after =
      query.starting_after === undefined ? 0 : all.findIndex((s) => s.id === query.starting_after) + 1;
    const limit = Number(query.limit ?? 10);
    const data = all.slice(after, after + limit);
    return { body: { object: "list", data, has_more: after + limit < all.length, url: "/v1/subscriptions" } };
  });

  /**
   * Calls on one object: `GET /v1/accounts/<id>` (the account as it is now) and `DELETE
   * /v1/subscriptions/<id>` (cancels at once, as `subscriptions.cancel` does).
   */
  function objectHandler(request: StripeRequest): Handler | undefined {
    const [, version, resource, id, ...rest] = request.path.split("/");
    if (version !== "v1" || !id || rest.length) return undefined;
    if (request.method === "GET" && resource === "accounts") {
      return () => {
        const account = accounts.get(id);
        return account ? { body: account } : invalidRequest(`No such account: '${id}'`, "account", 404);
      };
    }
    if (request.method === "DELETE" && resource === "subscriptions") {
      return () => {
        const subscription = subscriptions.get(id);
        if (!subscription) return invalidRequest(`No such subscription: '${id}'`, "id", 404);
        if (subscription.status === "canceled") {
          return invalidRequest(`A canceled subscription can only update its metadata: '${id}'`);
        }
        Object.assign(subscription, { status: "canceled", canceled_at: now(), ended_at: now() });
        return { body: subscription };
      };
    }
    return undefined;
  }

  /** A payment-mode session on a connected account: one line with price_data, as Podium sends it. */
  function createConnectSession(body: Record<string, unknown>, stripeAccount: string) {
    const account = accounts.get(stripeAccount);
    if (!account) return invalidRequest(`No such account: '${stripeAccount}'`, undefined, 403);
    if (!account.charges_enabled) {
      return invalidRequest("This account cannot currently make live charges.", undefined, 400);
    }
    const lines = Object.values((body.line_items as Record<string, Record<string, unknown>>) ?? {});
    const amount = lines.reduce((sum, line) => {
      const price = line.price_data as { unit_amount?: string } | undefined;
      return sum + Number(price?.unit_amount ?? 0) * Number(line.quantity ?? 1);
    }, 0);
    const currency = (lines[0]?.price_data as { currency?: string } | undefined)?.currency ?? "usd";
    const id = newId("cs");
    const session = {
      id,
      object: "checkout.session",
      amount_subtotal: amount,
      amount_total: amount,
      cancel_url: body.cancel_url ?? null,
      client_reference_id: body.client_reference_id ?? null,
      created: now(),
      currency,
      customer: null,
      customer_details: null,
      expires_at: now() + 24 * 3600,
      livemode: false,
      metadata: body.metadata ?? {},
      mode: body.mode,
      // Created when the customer pays (API versions since 2022-08-01).
      payment_intent: null,
      payment_status: "unpaid",
      status: "open",
      submit_type: body.submit_type ?? null,
      success_url: body.success_url ?? null,
      url: `${baseUrl()}/c/pay/${id}`,
    };
    connectSessions.set(id, { ...session, account: stripeAccount });
    return { body: session };
  }

  /** Onboarding finished: the account can take charges; the `account.updated` event Stripe sends. */
  function finishOnboarding(accountId: string) {
    const account = accounts.get(accountId);
    if (!account) throw new Error(`No such account: ${accountId}`);
    Object.assign(account, {
      charges_enabled: true,
      details_submitted: true,
      payouts_enabled: true,
      capabilities: { card_payments: "active", transfers: "active" },
      requirements: { ...(account.requirements as object), currently_due: [], disabled_reason: null },
    });
    return eventEnvelope("account.updated", account, accountId);
  }

  /** The customer paid: the session completes; the `checkout.session.completed` event, from the account. */
  function payCheckoutSession(sessionId: string) {
    const stored = connectSessions.get(sessionId);
    if (!stored) throw new Error(`No such connected-account session: ${sessionId}`);
    const { account, ...session } = stored;
    Object.assign(session, {
      status: "complete",
      payment_status: "paid",
      payment_intent: stored.payment_intent ?? newId("pi"),
      customer_details: { email: "payer@example.com", name: "Card Payer" },
    });
    connectSessions.set(sessionId, { ...session, account });
    return eventEnvelope("checkout.session.completed", session, String(account));
  }

  async function deliver(event: object) {
    if (!options.webhook) return;
    const payload = JSON.stringify(event);
    await fetch(options.webhook.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "stripe-signature": signWebhookPayload(payload, options.webhook.secret),
      },
      body: payload,
    });
  }

  /** The hosted pages: Connect onboarding (`/setup/e/<account>/<code>`) and Checkout (`/c/pay/<id>`). */
  async function openHostedPage(path: string, res: ServerResponse): Promise<boolean> {
    const parts = path.split("/").filter(Boolean);
    const redirect = (location: string) => {
      res.writeHead(303, { location });
      res.end();
    };
    if (parts[0] === "setup" && parts.length === 4) {
      const link = accountLinks.get(parts[3]!);
      if (!link || link.account !== parts[2]) return false;
      accountLinks.delete(parts[3]!); // Account Links are single-use.
      await deliver(finishOnboarding(link.account));
      redirect(link.returnUrl);
      return true;
    }
    if (parts[0] === "c" && parts[1] === "pay" && parts.length === 3) {
      const session = connectSessions.get(parts[2]!);
      if (!session) return false;
      if (session.status === "open") await deliver(payCheckoutSession(parts[2]!));
      redirect(String(session.success_url).replace("{CHECKOUT_SESSION_ID}", String(session.id)));
      return true;
    }
    return false;
  }

  const server = createServer((req, res) => {
    void respond(req, res).catch((error: unknown) => {
      res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { type: "api_error", message: String(error) } }));
    });
  });

  async function respond(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (
      req.method === "GET" &&
      !url.pathname.startsWith("/v1/") &&
      (await openHostedPage(url.pathname, res))
    ) {
      return;
    }
    const raw = await readBody(req);
    const request: StripeRequest = {
      method: req.method ?? "GET",
      path: url.pathname,
      query: decodeForm(url.searchParams),
      body: decodeForm(new URLSearchParams(raw)),
      idempotencyKey: header(req, "idempotency-key"),
      stripeAccount: header(req, "stripe-account"),
      authorization: header(req, "authorization"),
    };
    requests.push(request);
    const send = (status: number, body: unknown, replayed = false) => {
      res.writeHead(status, {
        "content-type": "application/json",
        "request-id": newId("req"),
        ...(replayed && { "idempotent-replayed": "true" }),
      });
      res.end(JSON.stringify(body));
    };
    if (failures.count > 0) {
      failures.count -= 1;
      return send(failures.status, { error: { type: "api_error", message: failures.message } });
    }
    const replayKey = request.idempotencyKey && `${request.method} ${request.path} ${request.idempotencyKey}`;
    const replay = replayKey ? replays.get(replayKey) : undefined;
    if (replay) return send(replay.status, replay.body, true);
    const handler = handlers.get(`${request.method} ${request.path}`) ?? objectHandler(request);
    const answer = handler
      ? handler(request)
      : invalidRequest(`Unrecognized request URL (${request.method}: ${request.path}).`, undefined, 404);
    const status = answer.status ?? 200;
    if (replayKey && status < 500) replays.set(replayKey, { status, body: answer.body });
    send(status, answer.body);
  }

  /** A monthly subscription as Stripe answers it: trialing until `trialEnd` (seconds) when given, else active. */
  function createSubscription(customer: string, trialEnd: number | null) {
    const id = newId("sub");
    const isTrialing = trialEnd !== null && trialEnd > now();
    const subscription: Record<string, unknown> = {
      id,
      object: "subscription",
      cancel_at_period_end: false,
      canceled_at: null,
      created: now(),
      customer,
      ended_at: null,
      items: {
        object: "list",
        data: [
          {
            id: newId("si"),
            object: "subscription_item",
            current_period_end: isTrialing ? trialEnd : now() + 30 * 86400,
            subscription: id,
          },
        ],
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
      },
      livemode: false,
      metadata: {},
      status: isTrialing ? "trialing" : "active",
      trial_end: isTrialing ? trialEnd : null,
    };
    subscriptions.set(id, subscription);
    return subscription;
  }

  function changeSubscription(id: string, changes: Record<string, unknown>) {
    const subscription = subscriptions.get(id);
    if (!subscription) throw new Error(`No such subscription: ${id}`);
    return Object.assign(subscription, changes);
  }

  /** The invoice of the subscription's current period, as in invoice.paid / invoice.payment_failed. */
  function invoiceOf(subscription: Record<string, unknown>) {
    const item = (subscription.items as { data: [{ current_period_end: number }] }).data[0];
    return {
      id: newId("in"),
      object: "invoice",
      customer: subscription.customer,
      parent: {
        type: "subscription_details",
        subscription_details: { subscription: subscription.id, metadata: {} },
      },
      lines: {
        object: "list",
        data: [
          {
            id: newId("il"),
            object: "line_item",
            period: { start: item.current_period_end - 30 * 86400, end: item.current_period_end },
          },
        ],
      },
    };
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = () => `http://127.0.0.1:${port}`;

  return {
    /** STRIPE_API_BASE for the app under test. */
    url: `http://127.0.0.1:${port}`,
    requests,
    customers,
    accounts,
    subscriptions,
    finishOnboarding,
    payCheckoutSession,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    handle,
    /** The next `count` requests answer this error (500: Stripe is down; the client retries twice). */
    failRequests(count: number, status = 500, message = "Something went wrong") {
      failures = { count, status, message };
    },
    /**
     * A subscription made at Stripe without Podium hearing of it (no event is sent): an active monthly one of
     * `customerId`, or of a new customer.
     */
    addSubscription(customerId?: string) {
      const customer = customerId ?? newId("cus");
      if (!customers.has(customer))
        customers.set(customer, { id: customer, object: "customer", created: now() });
      const subscription = createSubscription(customer, null);
      return { customerId: customer, subscriptionId: String(subscription.id) };
    },
    /**
     * The customer finishes Podium's Checkout Session: its subscription starts (trialing until
     * `subscription_data.trial_end` when one was asked), and the events Stripe sends for it are returned in
     * order, for the test to deliver.
     */
    completeCheckout(sessionId: string) {
      const session = checkoutSessions.get(sessionId);
      if (session?.status !== "open") throw new Error(`No open Checkout Session: ${sessionId}`);
      const trialEnd = (session.subscription_data as { trial_end?: string }).trial_end;
      const subscription = createSubscription(String(session.customer), trialEnd ? Number(trialEnd) : null);
      const { subscription_data: _asked, ...completed } = Object.assign(session, {
        status: "complete",
        payment_status: subscription.status === "trialing" ? "no_payment_required" : "paid",
        subscription: subscription.id,
      });
      const events = [
        eventEnvelope("checkout.session.completed", completed),
        eventEnvelope("customer.subscription.created", subscription),
      ];
      if (subscription.status === "active")
        events.push(eventEnvelope("invoice.paid", invoiceOf(subscription)));
      return { customerId: String(session.customer), subscriptionId: String(subscription.id), events };
    },
    /** A renewal payment fails: the subscription is past due; the events Stripe sends. */
    failRenewal(subscriptionId: string) {
      const subscription = changeSubscription(subscriptionId, { status: "past_due" });
      return [
        eventEnvelope("invoice.payment_failed", invoiceOf(subscription)),
        eventEnvelope("customer.subscription.updated", subscription),
      ];
    },
    /** The subscription ends (cancelled in the portal, or Stripe gave up retrying); the event Stripe sends. */
    endSubscription(subscriptionId: string) {
      const subscription = changeSubscription(subscriptionId, {
        status: "canceled",
        canceled_at: now(),
        ended_at: now(),
      });
      return eventEnvelope("customer.subscription.deleted", subscription);
    },
    /** A promotion code and its coupon, as made in the Stripe Dashboard. */
    addPromotionCode(spec: PromotionCodeSpec) {
      const coupon = {
        id: newId("co"),
        object: "coupon",
        amount_off: spec.amountOff ?? null,
        created: now(),
        currency: spec.amountOff ? "usd" : null,
        duration: spec.durationMonths ? "repeating" : "once",
        duration_in_months: spec.durationMonths ?? null,
        livemode: false,
        max_redemptions: null,
        metadata: spec.trialDays ? { trial_days: String(spec.trialDays) } : {},
        name: spec.code,
        percent_off: spec.percentOff ?? null,
        redeem_by: null,
        times_redeemed: 0,
        valid: true,
      };
      const promo = {
        id: newId("promo"),
        object: "promotion_code",
        active: spec.active ?? true,
        code: spec.code,
        created: now(),
        customer: spec.customer ?? null,
        expires_at: spec.expiresAt ? Math.floor(spec.expiresAt.getTime() / 1000) : null,
        livemode: false,
        max_redemptions: spec.maxRedemptions ?? null,
        metadata: {},
        promotion: { type: "coupon", coupon: coupon.id },
        restrictions: {
          first_time_transaction: spec.firstTimeTransaction ?? false,
          minimum_amount: null,
          minimum_amount_currency: null,
        },
        times_redeemed: spec.timesRedeemed ?? 0,
      };
      coupons.set(coupon.id, coupon);
      promotionCodes.set(promo.id, promo);
      return { promotionCodeId: promo.id, couponId: coupon.id };
    },
    /** Requests to one path (e.g. "/v1/customers"). */
    requestsTo(method: string, path: string) {
      return requests.filter((request) => request.method === method && request.path === path);
    },
  };
}

export type StripeServer = Awaited<ReturnType<typeof startStripeServer>>;

/** A Stripe event envelope; `account` is set on events from a connected account (Connect webhooks). */
export function eventEnvelope(type: string, object: object, account?: string, created = now()) {
  return {
    id: newId("evt"),
    object: "event",
    ...(account && { account }),
    api_version: "2026-10-28.endive",
    created,
    data: { object: structuredClone(object) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

/** An Express account as `POST /v1/accounts` answers it, before onboarding. */
function expressAccount(id: string, body: Record<string, unknown>): Record<string, unknown> {
  const due = ["business_profile.url", "external_account", "tos_acceptance.date", "tos_acceptance.ip"];
  return {
    id,
    object: "account",
    business_profile: { mcc: null, name: null, support_email: null, url: null },
    business_type: body.business_type ?? null,
    capabilities: { card_payments: "inactive", transfers: "inactive" },
    charges_enabled: false,
    controller: { is_controller: true, type: "application" },
    country: body.country ?? "US",
    created: now(),
    default_currency: "usd",
    details_submitted: false,
    email: body.email ?? null,
    external_accounts: {
      object: "list",
      data: [],
      has_more: false,
      url: `/v1/accounts/${id}/external_accounts`,
    },
    metadata: body.metadata ?? {},
    payouts_enabled: false,
    requirements: {
      alternatives: [],
      current_deadline: null,
      currently_due: due,
      disabled_reason: "requirements.past_due",
      errors: [],
      eventually_due: due,
      past_due: due,
      pending_verification: [],
    },
    settings: { payouts: { schedule: { interval: "daily" } } },
    tos_acceptance: { date: null, ip: null, user_agent: null },
    type: body.type ?? "express",
  };
}

/** A `Stripe-Signature` header for `payload`, as Stripe signs webhooks (timestamp in seconds). */
export function signWebhookPayload(payload: string, secret: string, timestamp = now()): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}

function invalidRequest(message: string, param?: string, status = 400) {
  return {
    status,
    body: { error: { type: "invalid_request_error", message, param, code: "resource_missing" } },
  };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Decodes Stripe's form encoding (`a[b][0][c]=1`) into nested objects; list indices stay object keys. */
export function decodeForm(params: URLSearchParams): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of params) {
    const parts = key.replace(/\]/g, "").split("[");
    let node = root;
    for (const [index, part] of parts.entries()) {
      if (index === parts.length - 1) node[part] = value;
      else {
        node[part] ??= {};
        node = node[part] as Record<string, unknown>;
      }
    }
  }
  return root;
}
