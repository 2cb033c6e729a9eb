import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { FEEDBACK_THANKS } from "../../../shared/schemas/feedback.ts";
import { createTestApp } from "../../../test/app.ts";
import { createClient } from "../../../test/client.ts";
import { createUser, signIn } from "../../../test/factories.ts";
import { mailTo } from "../../../test/mailer.ts";
import { feedback } from "../../platform/db/schema.ts";

const SUPPORT = "feedback@podium.test";
const { app, db, mailer } = await createTestApp({ SUPPORT_EMAIL: SUPPORT });

async function signedIn(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(db, overrides);
  const client = createClient(app);
  await signIn(client, db, user);
  return { user, client };
}

describe("POST /api/feedback", () => {
  it("stores the feedback and mails it to support with the speaker as Reply-To", async () => {
    const { user, client } = await signedIn();
    const response = await client.post("/api/feedback", {
      category: "problem",
      message: "  The import <b>stalls</b> on row 40.  ",
      rating: 2,
      page: "/account-settings?tab=data",
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: FEEDBACK_THANKS });

    const stored = await db.select().from(feedback).where(eq(feedback.userId, user.id));
    expect(stored).toEqual([
      expect.objectContaining({
        category: "problem",
        message: "The import <b>stalls</b> on row 40.",
        rating: 2,
        page: "/account-settings?tab=data",
      }),
    ]);
    const [mail] = await mailTo(db, SUPPORT);
    expect(mail).toMatchObject({ subject: `Feedback (Problem) from ${user.username}`, replyTo: user.email });
    expect(mail!.text).toContain("Rating: 2 of 5");
    expect(mail!.text).toContain("Page: /account-settings?tab=data");
    expect(mail!.html).toContain("The import &#60;b&#62;stalls&#60;/b&#62; on row 40.");
    expect(mailer.dispatched).toContain(mail!.id);
  });

  it("takes the rating and the page as optional", async () => {
    const { user, client } = await signedIn();
    expect((await client.post("/api/feedback", { category: "praise", message: "Lovely" })).statusCode).toBe(
      201,
    );
    const [stored] = await db.select().from(feedback).where(eq(feedback.userId, user.id));
    expect(stored).toMatchObject({ rating: null, page: null });
  });

  it.each([
    [{ category: "idea", message: "  " }, "Message is required"],
    [{ category: "wish", message: "Hi" }, "Choose a category"],
    [{ category: "idea", message: "Hi", rating: 6 }, "Rating must be a whole number from 1 to 5"],
    [{ category: "idea", message: "Hi", rating: 2.5 }, "Rating must be a whole number from 1 to 5"],
    [{ category: "idea", message: "m".repeat(5001) }, "Message cannot exceed 5000 characters"],
  ])("refuses %j with 400 and stores nothing", async (body, error) => {
    const { user, client } = await signedIn();
    const response = await client.post("/api/feedback", body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(error);
    expect(await db.select().from(feedback).where(eq(feedback.userId, user.id))).toEqual([]);
  });

  it("answers 401 to an anonymous caller", async () => {
    const response = await createClient(app).post("/api/feedback", { category: "idea", message: "Hi" });
    expect(response.statusCode).toBe(401);
  });
});

describe("GET /api/admin/feedback", () => {
  it("lists every speaker's feedback newest first, with its author, for admins", async () => {
    const { user, client } = await signedIn();
    await client.post("/api/feedback", { category: "idea", message: "First idea" });
    await client.post("/api/feedback", { category: "other", message: "Second thought", rating: 5 });
    const { client: admin } = await signedIn({ role: "admin" });

    const page = (await admin.get("/api/admin/feedback?limit=1")).json();
    expect(page.items).toEqual([
      expect.objectContaining({
        category: "other",
        message: "Second thought",
        rating: 5,
        user: { id: user.id, username: user.username, email: user.email },
      }),
    ]);
    const next = (await admin.get(`/api/admin/feedback?limit=1&cursor=${page.nextCursor}`)).json();
    expect(next.items[0].message).toBe("First idea");
  });

  it("is refused to speakers (403) and anonymous callers (401)", async () => {
    const { client } = await signedIn();
    expect((await client.get("/api/admin/feedback")).statusCode).toBe(403);
    expect((await createClient(app).get("/api/admin/feedback")).statusCode).toBe(401);
  });
});
