import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
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
