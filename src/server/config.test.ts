import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { ConfigError, envSchema, loadConfig } from "./config.ts";

const failureOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    return error;
  }
  throw new Error("expected the configuration to be refused");
};

describe("loadConfig", () => {
  it("works with no configuration at all", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: "127.0.0.1",
      APP_URL: "http://localhost:3000",
      DATA_DIR: "./data",
      MAIL_RETRY_DELAY_SECONDS: 30,
      MAIL_RETRY_LIMIT: 8,
      MAIL_DAILY_LIMIT: 200,
      MAIL_NEW_RECIPIENTS_PER_HOUR: 20,
      isHttps: false,
      isProduction: false,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: "abc" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ SMTP_URL: "http://mail.example.com" }, "SMTP_URL"],
    [{ APP_URL: "ftp://podium.example" }, "APP_URL"],
    [{ MAIL_RETRY_DELAY_SECONDS: "0" }, "MAIL_RETRY_DELAY_SECONDS"],
    [{ MAIL_RETRY_LIMIT: "-1" }, "MAIL_RETRY_LIMIT"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    [{ NODE_ENV: "production" }, "SESSION_SECRET"],
    [{ SESSION_SECRET: "short" }, "SESSION_SECRET"],
    [{ TRUST_PROXY: "true" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "10.0.0.0/33" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "10.0.0.1, proxy.example" }, "TRUST_PROXY"],
    [{ STRIPE_SECRET_KEY: "sk_test_1", STRIPE_WEBHOOK_SECRET: "whsec_1" }, "STRIPE_PRICE_ID"],
    [{ STRIPE_PRICE_ID: "price_1", STRIPE_WEBHOOK_SECRET: "whsec_1" }, "STRIPE_SECRET_KEY"],
    [{ STRIPE_SECRET_KEY: "sk_test_1", STRIPE_PRICE_ID: "price_1" }, "STRIPE_WEBHOOK_SECRET"],
    [{ STRIPE_API_BASE: "http://127.0.0.1:12111" }, "STRIPE_SECRET_KEY"],
    [{ PROMO_CODES: "SPEAKERS" }, "PROMO_CODES"],
    [{ APP_URL: "https://podium.example" }, "APP_URL"],
    [{ NODE_ENV: "test", APP_URL: "https://podium.example" }, "APP_URL"],
    [{ MAIL_DAILY_LIMIT: "0" }, "MAIL_DAILY_LIMIT"],
    [{ MAIL_NEW_RECIPIENTS_PER_HOUR: "many" }, "MAIL_NEW_RECIPIENTS_PER_HOUR"],
    [{ TOKEN_KEY_VERSIONS: "invoice-links=2" }, "TOKEN_KEY_VERSIONS"],
    [{ TOKEN_KEY_VERSIONS: "invoice-link=0" }, "TOKEN_KEY_VERSIONS"],
  ])("refuses %j with a ConfigError naming %s", (env, variable) => {
    const error = failureOf(env);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(new RegExp(`^\\s+${variable}: `, "m"));
  });

  it("names every faulty variable at once", () => {
    const message = (failureOf({ PORT: "abc", DATABASE_URL: "mysql://x" }) as Error).message;
    expect(message).toContain("PORT");
    expect(message).toContain("DATABASE_URL");
  });

  it("derives APP_URL from PORT and switches on https handling from APP_URL", () => {
    expect(loadConfig({ PORT: "4100" }).APP_URL).toBe("http://localhost:4100");
    const config = loadConfig({
      NODE_ENV: "production",
      SESSION_SECRET: "s".repeat(32),
      APP_URL: "https://podium.example/",
    });
    expect(config).toMatchObject({ APP_URL: "https://podium.example", isHttps: true });
  });

  it("trusts no proxy unless TRUST_PROXY names a hop count or addresses and ranges", () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ NODE_ENV: "production", SESSION_SECRET: "s".repeat(32) }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 192.168.1.10,fd00::/8" }).TRUST_PROXY).toEqual([
      "10.0.0.0/8",
      "192.168.1.10",
      "fd00::/8",
    ]);
  });

  it("turns billing on only with all of the STRIPE_* variables, and reads PROMO_CODES and ADMIN_USERNAMES", () => {
    expect(loadConfig({}).stripe).toBeNull();
    const config = loadConfig({
      STRIPE_SECRET_KEY: "sk_test_1",
      STRIPE_PRICE_ID: "price_1",
      STRIPE_WEBHOOK_SECRET: "whsec_1",
      PROMO_CODES: "speakers=14, PODCAST=30",
      ADMIN_USERNAMES: " admin, ops ,",
    });
    expect(config.stripe).toEqual({ secretKey: "sk_test_1", priceId: "price_1", webhookSecret: "whsec_1" });
    expect(config.PROMO_CODES).toEqual({ SPEAKERS: 14, PODCAST: 30 });
    expect(config.ADMIN_USERNAMES).toEqual(["admin", "ops"]);
  });

  it("reads the key generation of each kind of link from TOKEN_KEY_VERSIONS", () => {
    expect(loadConfig({}).TOKEN_KEY_VERSIONS).toEqual({});
    const config = loadConfig({ TOKEN_KEY_VERSIONS: "invoice-link=2, contract-sign = 3" });
    expect(config.TOKEN_KEY_VERSIONS).toEqual({ "invoice-link": 2, "contract-sign": 3 });
  });
});

/**
 * The README's configuration table: each variable a row names, with its default. A row may name several
 * variables (`A`, `B` or `A` / `B`); their defaults are one cell for all, or one each (`1` / `2`).
 */
function readmeVariables(): Map<string, string> {
  const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
  const table = readme.slice(readme.indexOf("| variable | default | meaning |")).split(/\n(?!\|)/)[0]!;
  const variables = new Map<string, string>();
  for (const row of table.split("\n").slice(2)) {
    const [names = "", defaultCell = ""] = row
      .split(/(?<!\\)\|/)
      .slice(1)
      .map((cell) => cell.trim());
    const named = [...names.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]!);
    const defaults = defaultCell.split(" / ");
    for (const [index, name] of named.entries()) {
      variables.set(name, defaults.length === named.length ? defaults[index]! : defaultCell);
    }
  }
  return variables;
}

/** The default the schema declares for a variable, as text; undefined when it has none. */
function declaredDefault(schema: z.ZodType): string | undefined {
  const def = schema.def as { type: string; defaultValue?: unknown; in?: z.ZodType };
  if (def.type === "default") return String(def.defaultValue);
  if (def.type === "pipe") return declaredDefault(def.in!);
  return undefined;
}

describe("the README", () => {
  it("has every variable the server reads in its configuration table, with the default the server uses", () => {
    const documented = readmeVariables();
    for (const [name, schema] of Object.entries(envSchema.shape)) {
      expect(documented.has(name), `${name} is missing from the README's table`).toBe(true);
      const declared = declaredDefault(schema);
      if (declared !== undefined) expect(documented.get(name), name).toBe(`\`${declared}\``);
      else expect(documented.get(name), name).not.toBe("");
    }
  });
});
