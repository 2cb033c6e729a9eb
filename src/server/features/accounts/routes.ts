import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  changePasswordSchema,
  emailOnlySchema,
  loginSchema,
  messageSchema,
  registerSchema,
  resetLinkParamsSchema,
  resetPasswordSchema,
  updateAccountSchema,
  userSchema,
  verifyEmailSchema,
} from "../../../shared/schemas/auth.ts";
import { loginAnswerSchema } from "../../../shared/schemas/security.ts";
import { currentUserSchema } from "../../../shared/schemas/team.ts";
import { freshCheck } from "../../platform/auth/fresh-check.ts";
import { callerBinding, requireUser } from "../../platform/auth/plugin.ts";
import { createBillingContext } from "../billing/context.ts";
import { requirePromotion } from "../billing/promotions.ts";
import { currentWorkspace } from "../team/workspaces.ts";
import { changePassword } from "./change-password.ts";
import { createAccountsContext, describeCaller } from "./context.ts";
import { logIn } from "./login.ts";
import { logOut } from "./logout.ts";
import { toPublicUser } from "./queries.ts";
import { recoverUsername } from "./recover-username.ts";
import { registerUser } from "./register.ts";
import { requestPasswordReset } from "./request-password-reset.ts";
import { resendVerification } from "./resend-verification.ts";
import { checkResetLink, passwordResetMessage, resetPassword } from "./reset-password.ts";
import { updateEmail } from "./update-email.ts";
import { verifyEmail } from "./verify-email.ts";

const tags = ["accounts"];
/** Anonymous callers get 401 before their body is even validated. */
const signedInOnly = async (request: FastifyRequest) => {
  requireUser(request);
};

/** Registration, sign-in, recovery and the account's own settings (DESIGN §5). */
export async function accountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = createAccountsContext(app);
  const billing = createBillingContext(app);

  app.get("/api/user", { schema: { tags, response: { 200: currentUserSchema } } }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const user = requireUser(request);
    return {
      ...toPublicUser(user),
      workspace: await currentWorkspace(app.db, request.workspace!, request.login!.id),
    };
  });

  app.post(
    "/api/register",
    { schema: { tags, body: registerSchema, response: { 201: userSchema } } },
    async (request, reply) => {
      const { promoCode } = request.body;
      const caller = describeCaller(request);
      // A new account: no Stripe customer yet, and a first-time one.
      const use = { ip: caller.ip, now: new Date(), customerId: null, isFirstTime: true };
      const promotion = promoCode ? await requirePromotion(billing, promoCode, use) : null;
      const { user, session } = await registerUser(ctx, request.body, caller, promotion);
      reply.startSession(session.token, session.sessionId);
      return reply.code(201).send(toPublicUser(user));
    },
  );

  app.post(
    "/api/login",
    { schema: { tags, body: loginSchema, response: { 200: loginAnswerSchema } } },
    async (request, reply) => {
      // The CSRF check let the request through, so the caller has a binding.
      const outcome = await logIn(ctx, request.body, describeCaller(request), callerBinding(request)!);
      if ("secondFactor" in outcome) return outcome;
      reply.startSession(outcome.session.token, outcome.session.sessionId);
      return toPublicUser(outcome.user);
    },
  );

  app.post("/api/logout", { schema: { tags } }, async (request, reply) => {
    await logOut(ctx, describeCaller(request));
    reply.endSession();
    return reply.code(204).send();
  });

  // Recovery answers first and looks the address up after (decision 027): same answer, same time.
  const recovery = { tags, body: emailOnlySchema, response: { 200: messageSchema } };
  const recoveryCalls = [
    ["/api/auth/request-reset", requestPasswordReset],
    ["/api/auth/forgot-password", requestPasswordReset],
    ["/api/auth/recover-username", recoverUsername],
    ["/api/auth/resend-verification", resendVerification],
  ] as const;
  for (const [url, call] of recoveryCalls) {
    app.post(url, { schema: recovery }, async (request, reply) => {
      const { answer, afterAnswer } = await call(ctx, request.body.email, describeCaller(request));
      app.afterResponse.run(reply, afterAnswer);
      return answer;
    });
  }

  app.post(
    "/api/auth/verify-email",
    { schema: { tags, body: verifyEmailSchema, response: { 200: userSchema } } },
    async (request) =>
      toPublicUser(
        await verifyEmail(ctx, request.body.token, {
          loginId: request.login?.id ?? null,
          sessionId: request.sessionId,
        }),
      ),
  );

  app.get(
    "/api/auth/reset-password/:token",
    {
      schema: {
        tags,
        params: resetLinkParamsSchema,
        response: { 200: z.object({ valid: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return checkResetLink(ctx, request.params.token);
    },
  );

  app.post(
    "/api/auth/reset-password",
    { schema: { tags, body: resetPasswordSchema, response: { 200: messageSchema } } },
    async (request, reply) => {
      const userId = await resetPassword(ctx, request.body);
      // The caller's own session was among those ended.
      if (request.user?.id === userId) reply.endSession();
      return { message: passwordResetMessage };
    },
  );

  app.post(
    "/api/account/password",
    { onRequest: signedInOnly, config: freshCheck, schema: { tags, body: changePasswordSchema } },
    async (request, reply) => {
      const user = requireUser(request);
      await changePassword(ctx, user, request.sessionId!, request.body);
      return reply.code(204).send();
    },
  );

  app.patch(
    "/api/account",
    {
      onRequest: signedInOnly,
      config: freshCheck,
      schema: { tags, body: updateAccountSchema, response: { 200: messageSchema } },
    },
    async (request) => updateEmail(ctx, requireUser(request), request.sessionId!, request.body),
  );
}
