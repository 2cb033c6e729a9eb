import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createSignedInClient } from "../../../test/book.ts";
import { createClient } from "../../../test/client.ts";
import { createUser, DEFAULT_PASSWORD } from "../../../test/factories.ts";
import { mailTo } from "../../../test/mailer.ts";
import { signInAsMember } from "../team/testing.ts";

const { app, db } = await createTestApp({ APP_URL: "http://podium.example" });
const url = "/api/invoice-settings/payment-instructions";
const bankDetails = "First Bank, account 12345678, routing 021000021";

describe("payment instructions", () => {
  it.each([
    ["bookkeeper", "A bookkeeper"],
    ["assistant", "An assistant"],
  ] as const)("are refused to a %s, even after a fresh check", async (role, named) => {
    const { user: owner, client: ownerClient } = await createSignedInClient(app, db);
    const member = createClient(app);
    await signInAsMember(member, db, owner, await createUser(db), role, { freshCheck: true });
    const refused = await member.put(url, { paymentInstructions: bankDetails });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(
      `${named} can't open the speaker's team, billing, payouts, payment instructions or account settings.`,
    );
    // The general settings route takes the rest and leaves the instructions as they were.
    const settings = (await member.get("/api/invoice-settings")).json();
    const saved = await member.put("/api/invoice-settings", {
      ...settings,
      paymentInstructions: bankDetails,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().paymentInstructions).toBeNull();
    expect((await ownerClient.get("/api/invoice-settings")).json().paymentInstructions).toBeNull();
  });

  it("need the owner's fresh check, then show on the invoice and e-mail the owner", async () => {
    const { user, client } = await createSignedInClient(app, db);
    const unconfirmed = await client.put(url, { paymentInstructions: bankDetails });
    expect(unconfirmed.statusCode).toBe(403);
    expect(unconfirmed.json()).toEqual({ error: expect.any(String), reauth: true });
    expect(await mailTo(db, user.email)).toHaveLength(0);

    expect((await client.post("/api/reauth", { password: DEFAULT_PASSWORD })).statusCode).toBe(200);
    const saved = await client.put(url, { paymentInstructions: bankDetails });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().paymentInstructions).toBe(bankDetails);

    const invoice = (
      await client.post("/api/invoices", {
        items: [{ description: "Keynote", quantity: 1, unitPrice: 5000 }],
      })
    ).json();
    const sent = (await client.post(`/api/invoices/${invoice.id}/send`, { to: "ap@client.example" })).json();
    const page = await createClient(app).get(`/api/public/invoices/${sent.publicUrl.split("/").pop()}`);
    expect(page.json().paymentInstructions).toBe(bankDetails);

    const [mail] = await mailTo(db, user.email);
    expect(mail!.subject).toBe("The payment instructions on your invoices were changed");
    expect(mail!.text).toContain(`by ${user.username} (owner)`);
    expect(mail!.text).toContain('The new instructions end in "0021".');
    expect(mail!.text).toContain("If this was not you");
    expect(mail!.text).not.toContain("12345678");
  });

  it("can be removed, which the e-mail says", async () => {
    const { user, client } = await createSignedInClient(app, db, { freshCheck: true });
    await client.put(url, { paymentInstructions: bankDetails });
    const cleared = await client.put(url, { paymentInstructions: "" });
    expect(cleared.json().paymentInstructions).toBeNull();
    const [mail] = await mailTo(db, user.email);
    expect(mail!.text).toContain("Your invoices no longer show payment instructions.");
  });

  it("answers a plain error for text that is too long, changing nothing", async () => {
    const { user, client } = await createSignedInClient(app, db, { freshCheck: true });
    const refused = await client.put(url, { paymentInstructions: "x".repeat(2001) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatch(/Payment instructions/);
    expect(await mailTo(db, user.email)).toHaveLength(0);
  });
});
