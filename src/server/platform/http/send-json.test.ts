import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { loadConfig } from "../../config.ts";
import { sendJson } from "./send-json.ts";

const schema = z.object({ id: z.string(), fee: z.number() });

async function answer(nodeEnv: "test" | "production", text: string) {
  const app = Fastify();
  app.decorate(
    "config",
    loadConfig({ NODE_ENV: nodeEnv, SESSION_SECRET: "s".repeat(32), LOG_LEVEL: "silent" }),
  );
  app.get("/", async (_request, reply) => sendJson(reply, schema, text));
  const response = await app.inject({ method: "GET", url: "/" });
  await app.close();
  return response;
}

describe("sendJson", () => {
  it("sends the text as is, as JSON", async () => {
    const response = await answer("test", '{"id":"a","fee":19.99}');
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(response.body).toBe('{"id":"a","fee":19.99}');
  });

  it("refuses text that does not match the schema outside production", async () => {
    expect((await answer("test", '{"id":"a","fee":"19.99"}')).statusCode).toBe(500);
  });

  it("skips the check in production", async () => {
    expect((await answer("production", '{"id":"a"}')).statusCode).toBe(200);
  });
});
