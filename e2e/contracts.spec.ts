import { drawSignature, expect, postWithCsrf, readMailedLink, test } from "./fixtures.ts";

// Signing links go to clients: the speaker's address must be verified (decision 036).
test.use({ isVerified: true });

test.describe("contracts", () => {
  test("draft from an event, send, sign on a phone with a drawn signature, countersign, download sealed PDF", async ({
    page,
    browser,
    account: _,
  }) => {
    const created = await postWithCsrf(page.request, "/api/events", {
      title: "Northwind Leadership Summit",
      date: "2030-06-12",
      fee: 9000,
      travelFee: 800,
      venueName: "Convention Center",
      city: "Denver",
      state: "CO",
      contactName: "Priya Natarajan",
      contactEmail: "priya@northwind.example",
    });
    const event = await created.json();

    await page.goto(`/events/${event.id}`);
    await expect(page.getByRole("heading", { name: "Contracts" })).toBeVisible();
    await page.getByRole("button", { name: "Draft contract" }).click();
    await expect(page).toHaveURL(/\/contracts\/[0-9a-f-]{36}$/);
    await expect(
      page.getByRole("heading", { name: /Speaking engagement agreement/, level: 1 }),
    ).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: "/tmp/contracts-detail-1280.png", fullPage: true });

    await page.getByRole("button", { name: "Send for signature" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByLabel("Signer's e-mail")).toHaveValue("priya@northwind.example");
    await dialog.getByRole("button", { name: "Send" }).click();
    await expect(page.getByText("Contract sent").first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Remind" })).toBeVisible();
    const signPath = await readMailedLink(page.request, "priya@northwind.example", "to sign", "/sign/");

    const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true });
    const signer = await phone.newPage();
    await signer.goto(signPath);
    await expect(signer).toHaveTitle(/Sign: Speaking engagement agreement/);
    await expect(
      signer.getByRole("heading", { name: /Speaking engagement agreement/, level: 1 }),
    ).toBeVisible();
    await expect(signer.getByText(/right to receive this agreement on paper/)).toBeVisible();
    await signer.screenshot({ path: "/tmp/contracts-sign-375.png", fullPage: true });
    await signer.getByLabel("Full name").fill("Priya Natarajan");
    await drawSignature(signer);
    const sign = signer.getByRole("button", { name: "Sign", exact: true });
    await expect(sign).toBeDisabled();
    await signer.getByLabel(/I agree to do business electronically/).check();
    await sign.click();
    await expect(signer.getByRole("heading", { name: /Signed. Thank you!/ })).toBeVisible();
    await signer.reload();
    await expect(signer.getByRole("heading", { name: /You have signed this agreement/ })).toBeVisible();
    await phone.close();

    await page.reload();
    await page.getByRole("button", { name: "Countersign" }).click();
    const countersign = page.getByRole("dialog");
    await countersign.getByLabel("Full name").fill("Speaker Person");
    await countersign.getByRole("button", { name: "Use my typed name" }).click();
    await countersign.getByRole("button", { name: "Sign", exact: true }).click();
    await expect(page.getByText(/SHA-256 of the sealed PDF/)).toBeVisible();
    await expect(page.getByText("Completed and sealed")).toBeVisible();
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download sealed PDF" }).click();
    const file = await download;
    const bytes = await (await file.createReadStream()).toArray();
    expect(Buffer.concat(bytes).subarray(0, 5).toString()).toBe("%PDF-");
    await page.screenshot({ path: "/tmp/contracts-completed-1280.png", fullPage: true });

    await page.goto(`/events/${event.id}`);
    await expect(page.getByText("Confirmed").first()).toBeVisible();
    await page.goto("/contracts");
    await expect(page.getByRole("link", { name: /Speaking engagement agreement/ })).toBeVisible();
    await page.screenshot({ path: "/tmp/contracts-list-1280.png", fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: "/tmp/contracts-list-375.png", fullPage: true });
    await page.goto("/account-settings?tab=contracts");
    await expect(page.getByRole("heading", { name: "Live preview" })).toBeVisible();
    await expect(page.getByText(/No value yet for:/)).toBeVisible();
    await page.screenshot({ path: "/tmp/contracts-templates-375.png", fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: "/tmp/contracts-templates-1280.png", fullPage: true });
  });

  test("a voided link shows a plain page with 410", async ({ page, account: _ }) => {
    const event = await (
      await postWithCsrf(page.request, "/api/events", { title: "Gala", date: "2030-07-01" })
    ).json();
    const draft = await (await postWithCsrf(page.request, `/api/events/${event.id}/contracts`, {})).json();
    const sent = await (
      await postWithCsrf(page.request, `/api/contracts/${draft.id}/send`, {
        signerName: "Sam Ortiz",
        signerEmail: "sam@example.com",
      })
    ).json();
    await postWithCsrf(page.request, `/api/contracts/${draft.id}/void`, { reason: "Event cancelled" });
    const response = await page.goto(new URL(sent.publicUrl).pathname);
    expect(response?.status()).toBe(410);
    await expect(
      page.getByRole("heading", { name: "This agreement can no longer be signed." }),
    ).toBeVisible();
  });
});
