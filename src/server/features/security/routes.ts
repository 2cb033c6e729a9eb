import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { userSchema } from "../../../shared/schemas/auth.ts";
import { idSchema } from "../../../shared/schemas/fields.ts";
import {
  createPasskeySchema,
  passkeyLoginSchema,
  passkeySchema,
  reauthAnswerSchema,
  reauthSchema,
  recoveryCodesSchema,
  secondFactorSchema,
  securitySchema,
  totpDisableSchema,
  totpEnableSchema,
  totpSetupSchema,
  webauthnOptionsSchema,
} from "../../../shared/schemas/security.ts";
import { freshCheck } from "../../platform/auth/fresh-check.ts";
import { requireSignedIn } from "../../platform/auth/guards.ts";
import { callerBinding, requireUser } from "../../platform/auth/plugin.ts";
import { describeCaller } from "../accounts/context.ts";
import { toPublicUser } from "../accounts/queries.ts";
import { createSecurityContext, passkeyOptionsPerIp } from "./context.ts";
import { getSecurity } from "./overview.ts";
import {
  deletePasskey,
  passkeyAuthenticationOptions,
  passkeyRegistrationOptions,
  registerPasskey,
} from "./passkeys.ts";
import { checkProof } from "./proofs.ts";
import { reauthenticate } from "./reauth.ts";
import { completeSecondFactor, signInWithPasskey } from "./sign-in.ts";
import { disableTotp, enableTotp, renewRecoveryCodes, setUpTotp } from "./totp.ts";

const tags = ["security"];
/** Every unsafe request passed the CSRF check, which needs a binding: it is there. */
const bindingOf = (request: FastifyRequest) => callerBinding(request)!;
const signedIn = { onRequest: requireSignedIn };

/** Passkeys, the authenticator app, the second sign-in step and the fresh check (DESIGN §11). */
export async function securityRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = createSecurityContext(app);

  app.get(
    "/api/security",
    { ...signedIn, schema: { tags, response: { 200: securitySchema } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return getSecurity(ctx.db, requireUser(request).id, request.sessionId!);
    },
  );

  // Adding a way to sign in needs a fresh check, asked before the device's prompt: a stolen session cookie
  // alone must not become a lasting key (issue 40).
  app.post(
    "/api/passkeys/registration-options",
    { ...signedIn, config: freshCheck, schema: { tags, response: { 200: webauthnOptionsSchema } } },
    async (request) => passkeyRegistrationOptions(ctx, requireUser(request), bindingOf(request)),
  );

  app.post(
    "/api/passkeys",
    {
      ...signedIn,
      config: freshCheck,
      schema: { tags, body: createPasskeySchema, response: { 201: passkeySchema } },
    },
    async (request, reply) => {
      const passkey = await registerPasskey(ctx, requireUser(request), bindingOf(request), request.body);
      return reply.code(201).send(passkey);
    },
  );

  app.delete(
    "/api/passkeys/:id",
    { ...signedIn, config: freshCheck, schema: { tags, params: z.object({ id: idSchema }) } },
    async (request, reply) => {
      await deletePasskey(ctx, requireUser(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    "/api/passkeys/authentication-options",
    { schema: { tags, response: { 200: webauthnOptionsSchema } } },
    async (request) => {
      await ctx.limiter.consume(passkeyOptionsPerIp, request.ip);
      return passkeyAuthenticationOptions(ctx, bindingOf(request));
    },
  );

  app.post(
    "/api/login/passkey",
    { schema: { tags, body: passkeyLoginSchema, response: { 200: userSchema } } },
    async (request, reply) => {
      const caller = describeCaller(request);
      const { user, session } = await signInWithPasskey(
        ctx,
        request.body.response,
        caller,
        bindingOf(request),
      );
      reply.startSession(session.token, session.sessionId);
      return toPublicUser(user);
    },
  );

  app.post(
    "/api/login/second-factor",
    { schema: { tags, body: secondFactorSchema, response: { 200: userSchema } } },
    async (request, reply) => {
      const caller = describeCaller(request);
      const { user, session } = await completeSecondFactor(ctx, request.body, caller, bindingOf(request));
      reply.startSession(session.token, session.sessionId);
      return toPublicUser(user);
    },
  );

  app.post(
    "/api/reauth",
    { ...signedIn, schema: { tags, body: reauthSchema, response: { 200: reauthAnswerSchema } } },
    async (request) => {
      const session = { sessionId: request.sessionId!, binding: bindingOf(request) };
      return reauthenticate(ctx, requireUser(request), session, request.body);
    },
  );

  app.post(
    "/api/totp/setup",
    { ...signedIn, config: freshCheck, schema: { tags, response: { 200: totpSetupSchema } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return setUpTotp(ctx, requireUser(request));
    },
  );

  app.post(
    "/api/totp/enable",
    {
      ...signedIn,
      config: freshCheck,
      schema: { tags, body: totpEnableSchema, response: { 200: recoveryCodesSchema } },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const recoveryCodes = await enableTotp(ctx, requireUser(request), request.body.code, new Date());
      return { recoveryCodes };
    },
  );

  app.post(
    "/api/recovery-codes",
    { ...signedIn, config: freshCheck, schema: { tags, response: { 200: recoveryCodesSchema } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return { recoveryCodes: await renewRecoveryCodes(ctx, requireUser(request)) };
    },
  );

  app.post(
    "/api/totp/disable",
    { ...signedIn, config: freshCheck, schema: { tags, body: totpDisableSchema } },
    async (request, reply) => {
      const user = requireUser(request);
      await checkProof(ctx, user, request.body, bindingOf(request), "BAD_REQUEST");
      await disableTotp(ctx, user);
      return reply.code(204).send();
    },
  );
}
