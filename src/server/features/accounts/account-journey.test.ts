import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createClient } from "../../../test/client.ts";
import { latestLinkToken, newRegistration } from "./testing.ts";

const { app, db } = await createTestApp();

describe("an account's journey through the API alone", () => {
  it("registers, verifies, signs out, signs in, and resets the password by e-mail", async () => {
    const browser = createClient(app);
    const input = newRegistration();
    expect((await browser.post("/api/register", input)).statusCode).toBe(201);

    const verifyToken = await latestLinkToken(db, input.email, "verify");
    const verified = await browser.post("/api/auth/verify-email", { token: verifyToken });
    expect(verified.json()).toMatchObject({ username: input.username, emailVerified: true });

    expect((await browser.post("/api/logout")).statusCode).toBe(204);
    expect((await browser.get("/api/user")).statusCode).toBe(401);
    const login = await browser.post("/api/login", { username: input.username, password: input.password });
    expect(login.statusCode).toBe(200);

    expect((await browser.post("/api/auth/forgot-password", { email: input.email })).statusCode).toBe(200);
    const resetToken = await latestLinkToken(db, input.email, "reset");
    const newPassword = "Another!2027";
    expect(
      (await browser.post("/api/auth/reset-password", { token: resetToken, password: newPassword }))
        .statusCode,
    ).toBe(200);
    expect((await browser.get("/api/user")).statusCode).toBe(401);
    const relogin = await browser.post("/api/login", { username: input.username, password: newPassword });
    expect(relogin.statusCode).toBe(200);
    expect(relogin.json().emailVerified).toBe(true);
  });
});
