import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import swagger from "@fastify/swagger";
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from "fastify";
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { Config } from "./config.ts";
import { lapsedAccountGuard } from "./features/billing/lapsed-account-guard.ts";
import { registerFeatures } from "./features/index.ts";
import { authPlugin } from "./platform/auth/plugin.ts";
import { deriveSecretBoxKey, type SecretBoxKey } from "./platform/auth/secret-box.ts";
import { deriveTokenKeys, type TokenKeys } from "./platform/auth/token-keys.ts";
import { type ChangeFeed, openChangeFeed } from "./platform/cache/change-feed.ts";
import type { DatabaseHandle } from "./platform/db/client.ts";
import { MIGRATIONS_FOLDER } from "./platform/db/migrations-folder.ts";
import { afterResponsePlugin } from "./platform/http/after-response.ts";
import { AppError } from "./platform/http/errors.ts";
import { idempotencyPlugin } from "./platform/http/idempotency.ts";
import { nulGuardPlugin } from "./platform/http/nul-guard.ts";
import { securityHeadersPlugin } from "./platform/http/security-headers.ts";
import "./platform/http/page-head.ts";
import { publicAnswersPlugin } from "./platform/http/public-answers.ts";
import { requestLogPlugin } from "./platform/http/request-log.ts";
import { routeListPlugin } from "./platform/http/route-list.ts";
import { type WebOptions, webPlugin } from "./platform/http/web.ts";
import type { Mailer } from "./platform/mail/mailer.ts";
import { metricsPlugin } from "./platform/metrics/metrics-plugin.ts";
import { createReadiness, type Readiness } from "./platform/readiness.ts";
import { createObjectStore } from "./platform/storage/create-object-store.ts";
import type { ObjectStore } from "./platform/storage/object-store.ts";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    db: DatabaseHandle["db"];
    database: DatabaseHandle;
    /** Whose cached data changed, in any process on the database (decision 046). */
    changeFeed: ChangeFeed;
    mailer: Mailer;
    storage: ObjectStore;
    /** One key per kind of derived or signed token, from the app's secret by HKDF (decision 037). */
    tokenKeys: TokenKeys;
    /** The key that seals secrets the server reads back, e.g. authenticator-app secrets (decision 057). */
    secretBoxKey: SecretBoxKey;
    /** Whether to send this process traffic (/api/ready); main.ts turns it off as shutdown begins. */
    readiness: Readiness;
  }
}

export type AppDependencies = {
  config: Config;
  database: DatabaseHandle;
  mailer: Mailer;
  /** The root of every token key (CSRF, public links); from SESSION_SECRET or generated into DATA_DIR. */
  secret: string;
  /** The process logger (see platform/logger.ts); none in tests. */
  logger?: FastifyBaseLogger;
  /** Serve the browser app too (main.ts); tests of the API leave it out. */
  web?: WebOptions;
};

export const JSON_BODY_LIMIT = 1024 * 1024;

/** Builds the whole HTTP application without listening, so tests drive it through `app.inject`. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    loggerInstance: deps.logger,
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    genReqId: () => crypto.randomUUID(),
    // One line per request instead of Fastify's two, with the route and the speaker (request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    // Fastify's default answer for a bad JSON body is fine, but ours keeps every error in one shape.
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("config", config);
  app.decorate("database", deps.database);
  app.decorate("db", deps.database.db);
  const changeFeed = await openChangeFeed(deps.database);
  app.decorate("changeFeed", changeFeed);
  app.addHook("onClose", () => changeFeed.close());
  app.decorate("mailer", deps.mailer);
  app.decorate("tokenKeys", deriveTokenKeys(deps.secret, config.TOKEN_KEY_VERSIONS));
  app.decorate("secretBoxKey", deriveSecretBoxKey(deps.secret));
  app.decorate("storage", createObjectStore(config));
  app.decorate(
    "readiness",
    createReadiness({ database: deps.database, storage: app.storage, migrationsFolder: MIGRATIONS_FOLDER }),
  );
  app.decorate("pageHeads", []);
  app.decorate("publicPageLimits", new Map());
  await app.register(routeListPlugin);
  await app.register(afterResponsePlugin);
  await app.register(requestLogPlugin);
  await app.register(metricsPlugin);

  await app.register(securityHeadersPlugin, { isHttps: config.isHttps });
  await app.register(nulGuardPlugin);
  // Before every route: compression hooks apply only to routes registered after them.
  await app.register(compress, { threshold: 1024, globalDecompression: false });
  await app.register(cookie);
  await app.register(swagger, {
    openapi: {
      info: { title: "Podium API", version: process.env.npm_package_version ?? "0.1.0" },
    },
    transform: jsonSchemaTransform,
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send({ error: error.message, ...error.body });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const name = issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || "body";
        fields[name] ??= issue.message ?? "Invalid value";
      }
      return reply.status(400).send({ error: Object.values(fields)[0] ?? "Invalid request", fields });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.status(status).send({ error: clientErrorText(status, error) });
    }
    request.log.error({ err: error }, "request failed");
    return reply.status(500).send({ error: "Something went wrong on our side. Please try again." });
  });

  await app.register(authPlugin, { secret: app.tokenKeys.csrf, isHttps: config.isHttps });
  await app.register(idempotencyPlugin);
  await app.register(lapsedAccountGuard);
  await app.register(publicAnswersPlugin);

  app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());
  await registerFeatures(app);

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ error: `No such endpoint: ${request.method} ${request.url.split("?")[0]}` });
  });
  if (deps.web) await app.register(webPlugin, deps.web);
  return app;
}

/** TRUST_PROXY as Fastify takes it: a hop count trusts the nearest `hops` proxies, as proxy-addr counts them. */
function trustProxyOption(setting: Config["TRUST_PROXY"]) {
  if (typeof setting !== "number") return setting;
  return (_address: string, hop: number) => hop < setting;
}

/** Plain words for Fastify's own 4xx errors (bad JSON, body too large, wrong content type). */
function clientErrorText(status: number, error: unknown): string {
  if (status === 413) return "The request is too large.";
  if (status === 415) return "Unsupported content type. Send JSON.";
  const code = (error as { code?: string }).code;
  if (code === "FST_ERR_CTP_INVALID_JSON_BODY" || error instanceof SyntaxError) {
    return "The request body is not valid JSON.";
  }
  if (code === "FST_ERR_CTP_EMPTY_JSON_BODY") return "The request body is empty.";
  return (error as Error).message || "Bad request";
}

export type App = FastifyInstance;
