import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { WorkspaceRole } from "../../../shared/schemas/team.ts";
import { AppError } from "../http/errors.ts";
import { requestKind } from "../http/request-kind.ts";
import { runAsActor } from "./acting-login.ts";
import { assertFreshCheck } from "./fresh-check.ts";
import { actsForSpeaker, ROUTE_ACCESS, refusalOf } from "./route-access.ts";
import { assertSecondFactorRule } from "./second-factor-rule.ts";
import { createSessionCache } from "./session-cache.ts";
import { findSession, type SessionUser } from "./sessions.ts";
import { createRandomToken, hmac, safeEqual } from "./tokens.ts";

declare module "fastify" {
  interface FastifyRequest {
    /**
     * The account this request acts for, or null when anonymous: on the routes of a speaker's book (decision
     * 051, route-access.ts) the speaker of the session's workspace, on the login's own routes the login.
     */
    user: SessionUser | null;
    /** Who signed in, or null. */
    login: SessionUser | null;
    /** The speaker the session acts for and what the login is there, or null when anonymous. */
    workspace: { speakerId: string; role: WorkspaceRole } | null;
    /** The current session's id (hash of the cookie token), or null. */
    sessionId: string | null;
    /** The signed-in user's book version as this request began (FoundSession), or 0. */
    bookVersion: number;
    /** The anonymous visitor's pre-session id (from its cookie), or null. */
    presessionId: string | null;
  }
  interface FastifyReply {
    /** Sets the session cookie after login/registration and rotates the CSRF token to it. */
    startSession(token: string, sessionId: string): void;
    /** Clears the session cookie and rotates the CSRF token to a fresh pre-session. */
    endSession(): void;
  }
}

export const CSRF_COOKIE = "csrf-token";
export const CSRF_HEADER = "x-csrf-token";
/**
 * Stripe signs its webhook itself and cannot send our token. The inquiry form acts for no session and
 * carries its own signed form token; embedded on a speaker's website it cannot read our cookie (decision 031).
 */
const CSRF_EXEMPT = new Set(["/api/webhooks/stripe", "/api/public/inquiries/:slug"]);

export type AuthPluginOptions = { secret: string; isHttps: boolean };

export function cookieNames(isHttps: boolean) {
  // The __Host- prefix makes browsers refuse the cookie unless it is Secure, host-only and Path=/.
  const prefix = isHttps ? "__Host-" : "";
  return { session: `${prefix}podium_session`, presession: `${prefix}podium_presession` };
}

/** Reads the session on every /api request and enforces CSRF on every unsafe one (DESIGN §5). */
export const authPlugin = fp<AuthPluginOptions>(async (app, { secret, isHttps }) => {
  const names = cookieNames(isHttps);
  const baseCookie = { path: "/", secure: isHttps, sameSite: "lax" as const };
  const hiddenCookie = { ...baseCookie, httpOnly: true };

  const csrfTokenFor = (binding: string) => hmac(secret, `csrf:${binding}`);
  const setCsrfCookie = (reply: FastifyReply, binding: string) => {
    const token = csrfTokenFor(binding);
    reply.setCookie(CSRF_COOKIE, token, { ...baseCookie, httpOnly: false });
    return token;
  };
  const startPresession = (reply: FastifyReply) => {
    const presessionId = createRandomToken();
    reply.setCookie(names.presession, presessionId, hiddenCookie);
    return presessionId;
  };

  app.decorateRequest("user", null);
  app.decorateRequest("login", null);
  app.decorateRequest("workspace", null);
  app.decorateRequest("sessionId", null);
  app.decorateRequest("bookVersion", 0);
  app.decorateRequest("presessionId", null);

  app.decorateReply("startSession", function (this: FastifyReply, token: string, sessionId: string) {
    this.setCookie(names.session, token, { ...hiddenCookie, maxAge: 30 * 24 * 60 * 60 });
    setCsrfCookie(this, `session:${sessionId}`);
  });
  app.decorateReply("endSession", function (this: FastifyReply) {
    this.clearCookie(names.session, hiddenCookie);
    setCsrfCookie(this, `pre:${startPresession(this)}`);
  });

  // Reads reuse a session found within the last second; writes always look it up (session-cache.ts).
  const sessionCache = createSessionCache(app.db, app.changeFeed);
  app.changeFeed.subscribe(sessionCache);
  app.addHook("onRequest", async (request) => {
    const { isApi, isMutating, route } = requestKind(request);
    if (!isApi) return;
    request.presessionId = request.cookies[names.presession] ?? null;
    const token = request.cookies[names.session];
    if (!token) return;
    const found = isMutating ? await findSession(app.db, token) : await sessionCache.find(token);
    if (!found) return;
    // The role is decided by the route the router matched, from the one table (decision 051).
    const access = ROUTE_ACCESS[route ?? ""];
    request.login = found.login;
    request.workspace = { speakerId: found.speaker.id, role: found.role };
    request.user = actsForSpeaker(access) ? found.speaker : found.login;
    request.sessionId = found.sessionId;
    request.bookVersion = found.bookVersion;
    const refusal = refusalOf(access, found.role, request.method);
    if (refusal) throw new AppError("FORBIDDEN", refusal);
    // A member the speaker requires a second factor of sets one up first; their own routes stay open for it.
    if (actsForSpeaker(access)) await assertSecondFactorRule(app.db, request.workspace, found.login.id);
  });
  // Activity and audit entries written by this request name the login and its role (acting-login.ts). After
  // the body is parsed: the parser's stream callbacks would run outside a context entered before it.
  app.addHook("preValidation", (request, _reply, done) => {
    if (!request.login || !request.workspace) return done();
    const { id: userId, username } = request.login;
    runAsActor({ userId, username, role: request.workspace.role }, done);
  });

  // Every write that reached a route, as it answers (its transaction committed): this process hears every change
  // committed so far before the caller can send anything else, so no read after it is answered from data it
  // changed (decision 046). Other processes hear the same notifications at the same moment.
  app.addHook("onSend", async (request) => {
    const { isMutating, route } = requestKind(request);
    if (isMutating && route !== null) await app.changeFeed.catchUp();
  });

  app.addHook("preHandler", async (request) => {
    const { isApi, isMutating, route } = requestKind(request);
    if (!isApi || !isMutating || CSRF_EXEMPT.has(route ?? "")) return;
    const binding = callerBinding(request);
    const sent = request.headers[CSRF_HEADER];
    if (!binding || typeof sent !== "string" || !safeEqual(sent, csrfTokenFor(binding))) {
      throw new AppError("FORBIDDEN", "Invalid CSRF token", { csrfError: true });
    }
  });

  // After CSRF: the routes that change the account's keys, money or everything it holds (DESIGN §11).
  app.addHook("preHandler", async (request) => {
    if (request.routeOptions.config?.freshCheck) await assertFreshCheck(app.db, request);
  });

  app.get("/api/csrf-token", { schema: { hide: true } }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    let binding = callerBinding(request);
    if (!binding) {
      request.presessionId = startPresession(reply);
      binding = callerBinding(request)!;
    }
    return { csrfToken: setCsrfCookie(reply, binding) };
  });
});

/**
 * The browser calling: its session, or its pre-session when signed out. The CSRF token is bound to it, and so
 * are WebAuthn challenges and a pending second sign-in step (decision 049).
 */
export function callerBinding(request: FastifyRequest): string | null {
  if (request.sessionId) return `session:${request.sessionId}`;
  if (request.presessionId) return `pre:${request.presessionId}`;
  return null;
}

/** The signed-in user, or a 401 for anonymous callers. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError("UNAUTHORIZED", "Not authenticated");
  return request.user;
}

/** The team member acting for the speaker in this request, or null when the speaker acts (or nobody). */
export function actingMemberId(request: FastifyRequest): string | null {
  return request.workspace && request.workspace.role !== "owner" ? request.login!.id : null;
}

/** The signed-in user's id and book version as the request began: what a cached read is keyed on. */
export function requireBookReader(request: FastifyRequest): { userId: string; bookVersion: number } {
  return { userId: requireUser(request).id, bookVersion: request.bookVersion };
}

export function requireAdmin(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (user.role !== "admin") throw new AppError("FORBIDDEN", "Administrator access required");
  return user;
}
