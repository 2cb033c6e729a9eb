import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createSignedInClient } from "../../../test/book.ts";
import { createClient } from "../../../test/client.ts";
import { createUser, DEFAULT_PASSWORD } from "../../../test/factories.ts";

const { app, db } = await createTestApp();

/** Issue 10, item 7: the CSRF check follows the route that answers, not how the URL is spelled. */
describe("CSRF on encoded paths", () => {
  it.each(["/%61pi/login", "/%61%70%69/login", "/api/%6cogin"])(
    "POST %s without the token is refused like POST /api/login",
    async (url) => {
      const user = await createUser(db);
      const response = await createClient(app).post(
        url,
        { username: user.username, password: DEFAULT_PASSWORD },
        { csrf: false },
      );
      expect(response.json()).toEqual({ error: "Invalid CSRF token", csrfError: true });
      expect(response.statusCode).toBe(403);
      expect(response.headers["set-cookie"] ?? "").not.toContain("podium_session");
    },
  );

  it("still signs in through an encoded path that carries the token", async () => {
    const user = await createUser(db);
    const client = createClient(app);
    const response = await client.post("/%61pi/login", {
      username: user.username,
      password: DEFAULT_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect((await client.get("/api/user")).json().username).toBe(user.username);
  });
});

/** The routes issues 40 and 41 added, spelled plainly and encoded: the route decides, never the spelling. */
describe("the newest routes on encoded paths", () => {
  const id = "00000000-0000-4000-8000-000000000000";
  const routes = [
    ["GET", `/api/public/join/${"x".repeat(43)}`, `/%61pi/public/join/${"x".repeat(43)}`],
    ["POST", `/api/join/${"x".repeat(43)}`, `/%61pi/join/${"x".repeat(43)}`],
    ["POST", `/api/team/requests/${id}/approve`, `/%61pi/team/requests/${id}/approve`],
    ["DELETE", `/api/team/requests/${id}`, `/api/%74eam/requests/${id}`],
    ["PUT", "/api/invoice-settings/payment-instructions", "/%61pi/invoice-settings/payment-instructions"],
    ["POST", "/api/recovery-codes", "/%61%70%69/recovery-codes"],
  ] as const;

  it.each(routes)(
    "%s %s answers its encoded spelling as it answers itself",
    async (method, plain, encoded) => {
      const { client } = await createSignedInClient(app, db);
      const answer = async (url: string, csrf: boolean) => {
        const body = method === "GET" ? undefined : {};
        const response = await client.request(method, url, { body, csrf });
        return { status: response.statusCode, body: response.json() };
      };
      const answers = (csrf: boolean) => Promise.all([answer(plain, csrf), answer(encoded, csrf)]);
      if (method !== "GET") {
        const [withoutToken, encodedWithoutToken] = await answers(false);
        expect(withoutToken).toEqual({ status: 403, body: { error: "Invalid CSRF token", csrfError: true } });
        expect(encodedWithoutToken).toEqual(withoutToken);
      }
      // With the token, the route's own answer: its access rule, a fresh check, or a 404 of an unknown id.
      const [withToken, encodedWithToken] = await answers(true);
      expect(withToken.body).not.toMatchObject({ csrfError: true });
      expect(withToken.body.error ?? "").not.toMatch(/^No such endpoint/);
      expect(encodedWithToken).toEqual(withToken);
    },
  );
});
