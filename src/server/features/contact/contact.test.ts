import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CONTACT_THANKS } from "../../../shared/schemas/contact.ts";
import { createTestApp } from "../../../test/app.ts";
import { createClient } from "../../../test/client.ts";
import { createUser, signIn } from "../../../test/factories.ts";
import { mailTo } from "../../../test/mailer.ts";
import { contactMessages } from "../../platform/db/schema.ts";

const SUPPORT = "help@podium.test";
// A high factor keeps the limit out of the way here; the limit itself is tested on its own app below.
const { app, db, mailer } = await createTestApp({ SUPPORT_EMAIL: SUPPORT, RATE_LIMIT_FACTOR: "100" });
const limited = await createTestApp({ SUPPORT_EMAIL: SUPPORT });

const valid = { name: "Ada Lovelace", email: "ada@example.com", message: "How do I import my bookings?" };

const storedFrom = (email: string) =>
  db.select().from(contactMessages).where(eq(contactMessages.email, email));

describe("POST /api/contact", () => {
  it("stores the message, mails it to support with the sender as reply-to, and thanks the sender", async () => {
    const client = createClient(app);
    const response = await client.post("/api/contact", {
      name: "  Ada\nLovelace ",
      email: " ada@example.com ",
      message: "  How do I <b>import</b> my bookings?\n\nThanks! ",
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: CONTACT_THANKS });

    const [stored] = await storedFrom("ada@example.com");
    expect(stored).toMatchObject({
      name: "Ada\nLovelace",
      message: "How do I <b>import</b> my bookings?\n\nThanks!",
      userId: null,
    });
    const [mail] = await mailTo(db, SUPPORT);
    expect(mail).toMatchObject({ subject: "Contact message from Ada Lovelace", replyTo: "ada@example.com" });
    expect(mail!.text).toContain("From: Ada Lovelace <ada@example.com>");
    expect(mail!.text).toContain("Not signed in");
    expect(mail!.text).toContain("How do I <b>import</b> my bookings?");
    expect(mail!.html).toContain("How do I &#60;b&#62;import&#60;/b&#62; my bookings?");
    expect(mailer.dispatched).toContain(mail!.id);
  });

  it("records the signed-in user", async () => {
    const user = await createUser(db);
    const client = createClient(app);
    await signIn(client, db, user);
    const response = await client.post("/api/contact", { ...valid, email: "member@example.com" });
    expect(response.statusCode).toBe(201);
    const [stored] = await storedFrom("member@example.com");
    expect(stored!.userId).toBe(user.id);
    const [mail] = await mailTo(db, SUPPORT);
    expect(mail!.text).toContain(`Signed in as: ${user.username}`);
  });

  it.each([
    [
      { name: " ", email: "\t", message: "\n " },
      "Name is required",
      { email: "Email is required", message: "Message is required" },
    ],
    [{}, "Name is required", { email: "Email is required", message: "Message is required" }],
    [{ ...valid, email: "not-an-email" }, "Invalid email address", {}],
    [{ ...valid, name: "n".repeat(201) }, "Name cannot exceed 200 characters", {}],
    [{ ...valid, message: "m".repeat(5001) }, "Message cannot exceed 5000 characters", {}],
    [{ ...valid, email: `${"e".repeat(250)}@example.com` }, "Email address is too long", {}],
  ])("refuses %j with 400 and stores nothing", async (body, error, otherFields) => {
    const before = (await mailTo(db, SUPPORT)).length;
    const response = await createClient(app).post("/api/contact", body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(error);
    expect(response.json().fields).toMatchObject(otherFields);
    expect(await mailTo(db, SUPPORT)).toHaveLength(before);
  });

  it("accepts the longest allowed name and message", async () => {
    const response = await createClient(app).post("/api/contact", {
      name: "n".repeat(200),
      email: "long@example.com",
      message: "m".repeat(5000),
    });
    expect(response.statusCode).toBe(201);
  });

  it("requires the CSRF token", async () => {
    const response = await createClient(app).post(
      "/api/contact",
      { ...valid, email: "csrf@example.com" },
      { csrf: false },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: "Invalid CSRF token", csrfError: true });
    expect(await storedFrom("csrf@example.com")).toHaveLength(0);
  });

  it("allows 10 messages an hour from one address, then answers 429 with Retry-After", async () => {
    const client = createClient(limited.app);
    for (let index = 0; index < 10; index++) {
      expect((await client.post("/api/contact", valid)).statusCode).toBe(201);
    }
    const refused = await client.post("/api/contact", valid);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(3500);
    expect(refused.json()).toEqual({ error: "Too many attempts. Try again in 60 minutes." });
    expect(await mailTo(limited.db, SUPPORT)).toHaveLength(10);
  });
});
