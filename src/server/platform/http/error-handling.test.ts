import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createLoggedTestApp } from "../../../test/app.ts";
import { createClient } from "../../../test/client.ts";
import { confirmIdentity, createUser, DEFAULT_PASSWORD, signIn } from "../../../test/factories.ts";
import { mailTo } from "../../../test/mailer.ts";
import { JSON_BODY_LIMIT } from "../../app.ts";

/** Every log line the app writes, as parsed JSON, through the production logger options. */
const logLines: Record<string, unknown>[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(JSON.parse(String(chunk)));
    done();
  },
});

const { app, database } = await createLoggedTestApp(logStream, {});
// Routes that fail the way real code can, registered on this instance only.
app.get("/api/test/crash", async () => {
  throw new TypeError("Cannot read properties of undefined (reading 'id') at /srv/podium/src/secret-path.ts");
});
app.get("/api/test/bad-query", async () => {
  await app.db.execute(sql`select * from no_such_table where token_hash = ${"hash-of-a-secret-token"}`);
  return { unreachable: true };
});
app.post("/api/test/echo", async (request) => ({ received: request.body }));
await app.ready();
afterAll(async () => {
  await app.close();
  await database.close();
});

const logText = () => JSON.stringify(logLines);

describe("error answers", () => {
  it("answers an unexpected exception with a plain 500 and logs it with the request id", async () => {
    const response = await app.inject({ method: "GET", url: "/api/test/crash" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: "Something went wrong on our side. Please try again." });
    expect(response.body).not.toMatch(/secret-path|TypeError|stack/);
    const logged = logLines.find((line) => line.msg === "request failed");
    expect(logged).toMatchObject({ level: 50, reqId: expect.any(String), err: { type: "TypeError" } });
  });

  it("keeps SQL out of the answer and query parameters out of the log", async () => {
    const response = await app.inject({ method: "GET", url: "/api/test/bad-query" });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toMatch(/no_such_table|select|hash-of-a-secret-token/i);
    const logged = logLines.filter((line) => line.msg === "request failed").at(-1) as {
      err: { message: string; stack: string };
    };
    expect(logged.err.message).toMatch(
      /^Failed query: select .* no_such_table .*: relation "no_such_table" does not exist$/,
    );
    expect(logged.err.stack).toMatch(/\n\s+at /);
    expect(logText()).not.toContain("hash-of-a-secret-token");
  });

  it("answers a body that is not JSON with 400 and no stack", async () => {
    const client = createClient(app);
    const response = await client.post("/api/test/echo", '{"name": "Ada",', {
      headers: { "content-type": "application/json" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: "The request body is not valid JSON." });
  });

  it("answers a body over the 1 MB limit with 413", async () => {
    const client = createClient(app);
    const response = await client.post("/api/test/echo", { text: "x".repeat(JSON_BODY_LIMIT) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: "The request is too large." });
  });

  it("accepts a body just under the limit", async () => {
    const client = createClient(app);
    const text = "x".repeat(JSON_BODY_LIMIT - 100);
    const response = await client.post("/api/test/echo", { text });
    expect(response.statusCode).toBe(200);
    expect(response.json().received.text).toHaveLength(text.length);
  });
});

describe("request logs", () => {
  it("leave tokens out of logged URLs and cookies out entirely", async () => {
    await app.inject({ method: "GET", url: "/verify-email?token=live-verify-token&x=1" });
    await app.inject({ method: "GET", url: "/reset-password/live-reset-token" });
    await app.inject({
      method: "GET",
      url: "/api/user",
      headers: { cookie: "podium_session=live-session-token" },
    });
    const requests = logLines.flatMap((line) => (line.req ? [line.req] : []));
    expect(requests).toContainEqual(expect.objectContaining({ method: "GET", route: "/api/user" }));
    expect(requests.every((req) => !("url" in (req as object)))).toBe(true);
    expect(logText()).not.toMatch(/live-verify-token|live-reset-token|live-session-token/);
  });

  it("write one line per request: id, route, status, time taken and the speaker, and no password or cookie", async () => {
    const user = await createUser(database.db);
    const client = createClient(app);
    await signIn(client, database.db, user);
    const response = await client.get("/api/events/00000000-0000-4000-8000-000000000000");
    await client.post("/api/login", { username: user.username, password: DEFAULT_PASSWORD });

    const requestId = response.headers["x-request-id"];
    const lines = logLines.filter((line) => line.reqId === requestId);
    expect(lines).toEqual([
      expect.objectContaining({
        msg: "request completed",
        req: expect.objectContaining({ method: "GET", route: "/api/events/:id" }),
        res: { statusCode: response.statusCode },
        responseTime: expect.any(Number),
        login: user.id,
        workspace: user.id,
      }),
    ]);
    expect(logText()).toContain('"route":"/api/login"');
    expect(logText()).not.toContain(DEFAULT_PASSWORD);
    expect(logText()).not.toContain(client.jar.get("podium_session") ?? "no session cookie");
  });

  it("name the login that acted and the speaker whose book it acted in, apart", async () => {
    const speaker = await createUser(database.db);
    const owner = createClient(app);
    await signIn(owner, database.db, speaker);
    await confirmIdentity(owner);
    const assistant = await createUser(database.db);
    await owner.post("/api/team/invitations", { email: assistant.email, role: "assistant" });
    const [invitation] = await mailTo(database.db, assistant.email);
    const member = createClient(app);
    await signIn(member, database.db, assistant);
    const token = /\/join\/([\w-]+)/.exec(invitation!.text)![1]!;
    expect((await member.post(`/api/join/${token}`)).statusCode).toBe(200);

    const response = await member.get("/api/events");
    expect(response.statusCode).toBe(200);
    const [line] = logLines.filter((entry) => entry.reqId === response.headers["x-request-id"]);
    expect(line).toMatchObject({ login: assistant.id, workspace: speaker.id });
    expect(line).not.toHaveProperty("userId");
    expect(logText()).not.toContain(token);
  });

  it("put the probes of load balancers at debug level, out of the everyday log", async () => {
    const response = await app.inject({ method: "GET", url: "/api/ready" });
    expect(logLines.some((line) => line.reqId === response.headers["x-request-id"])).toBe(false);
  });
});
