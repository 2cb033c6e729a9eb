import type { Page } from "@playwright/test";
import {
  drawSignature,
  expect,
  expectNoAxeViolations,
  expectToast,
  postWithCsrf,
  readMailedLink,
  shootAtBothWidths,
  test,
} from "./fixtures.ts";

test.describe.configure({ timeout: 240_000 });
// The booking link goes to a client: the speaker's address must be verified (decision 036).
test.use({ isVerified: true });

/** The booking card's row for one step: its time once reached, "—" before. */
const stepTime = (page: Page, step: string) =>
  page.getByRole("list", { name: "Booking steps" }).getByRole("listitem").filter({ hasText: step });

test("at 375 px, the speaker sends the booking link from the event page, follows it to Booked, revokes and re-issues", async ({
  page,
  account: _,
  browser,
  baseURL,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const csrf = ((await (await page.request.get("/api/csrf-token")).json()) as { csrfToken: string })
    .csrfToken;
  await page.request.put("/api/speaker-profile", {
    data: { name: "Jordan Rivera", businessName: "Rivera Talks LLC", email: "jordan@example.com" },
    headers: { "x-csrf-token": csrf },
  });
  const event = await (
    await postWithCsrf(page.request, "/api/events", {
      title: "Sales Kickoff",
      date: new Date(Date.now() + 120 * 86_400_000).toISOString().slice(0, 10),
      fee: 10_000,
      travelFee: 1_500,
      contactName: "Dana Lee",
      contactEmail: "planner@acme.example",
      venueName: "Grand Hall",
      city: "Austin",
      state: "TX",
    })
  ).json();

  await page.goto(`/events/${event.id}`);
  await page.getByRole("button", { name: "Send booking link" }).click();
  const dialog = page.getByRole("dialog", { name: "Send booking link" });
  await expect(dialog.getByText("From your default template")).toBeVisible();
  await expect(dialog.getByLabel("Planner's e-mail (to)")).toHaveValue("planner@acme.example");
  await expect(dialog.getByText("$5,750", { exact: true }).first()).toBeVisible();
  await dialog.getByLabel("Deposit percent").fill("40");
  await expect(dialog.getByText("$4,600", { exact: true })).toBeVisible();
  await dialog.getByLabel("Videos").uncheck();
  await expectNoAxeViolations(page);
  await shootAtBothWidths(page, "booking-send-1-dialog");
  await dialog.getByRole("button", { name: "Send booking link" }).click();
  await expectToast(page, "Booking link sent", "One e-mail went to planner@acme.example.");
  await expect(page.getByLabel("Booking link", { exact: true })).toHaveValue(/\/b\/[A-Za-z0-9_-]{43}$/);
  await expect(stepTime(page, "Sent")).not.toContainText("—");
  await expect(stepTime(page, "Opened")).toContainText("—");

  // The planner, in a browser that never signed in, opens the link from the one e-mail and signs.
  const fresh = await browser.newContext({ baseURL, viewport: { width: 375, height: 800 } });
  const planner = await fresh.newPage();
  const link = await readMailedLink(planner.request, "planner@acme.example", "your booking for", "/b/");
  await planner.goto(link);
  await expect(planner.locator('[aria-current="step"]')).toHaveText(/Review and sign the agreement/);
  await page.reload();
  await expect(stepTime(page, "Opened")).not.toContainText("—");
  await expect(stepTime(page, "Signed")).toContainText("—");
  await planner.getByRole("checkbox").check();
  await planner.getByLabel("Full name").fill("Dana Lee");
  await drawSignature(planner);
  await planner.getByRole("button", { name: "Sign", exact: true }).click();
  await expect(planner.locator('[aria-current="step"]')).toHaveText(/Pay the deposit/);
  await expect(planner.getByRole("heading", { name: "How to pay" })).toBeVisible();

  await page.reload();
  await expect(stepTime(page, "Signed")).not.toContainText("—");
  await expect(page.getByText("Booking: Signed").first()).toBeVisible();
  await shootAtBothWidths(page, "booking-send-2-signed");

  // No card payments here: the planner pays by bank transfer and the speaker records it.
  const booking = await (await page.request.get(`/api/events/${event.id}/booking`)).json();
  const deposit = await (await page.request.get(`/api/invoices/${booking.depositInvoiceId}`)).json();
  const paid = await postWithCsrf(page.request, `/api/invoices/${booking.depositInvoiceId}/payments`, {
    amount: deposit.balanceDue,
    date: new Date().toISOString().slice(0, 10),
    method: "bank_transfer",
  });
  expect(paid.status()).toBe(201);
  await page.reload();
  await expect(stepTime(page, "Confirmed")).not.toContainText("—");
  await expect(page.getByText("Confirmed", { exact: true }).first()).toBeVisible();

  await page.goto("/");
  await expect(page.getByRole("link", { name: "Booked: Sales Kickoff" })).toBeVisible();
  await shootAtBothWidths(page, "booking-send-3-dashboard");
  await page.goto("/invoices");
  await expect(page.getByText("Booking: Confirmed").first()).toBeVisible();

  // Revoke: the planner's link answers 404 at once; re-issue: a new link, the old one still 404.
  await page.goto(`/events/${event.id}`);
  await page.getByRole("button", { name: "Revoke" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Revoke link" }).click();
  await expectToast(page, "Booking link revoked");
  expect((await planner.request.get(`/api/public/bookings/${link.split("/").pop()}`)).status()).toBe(404);
  await page.getByRole("button", { name: "Re-issue" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Re-issue link" }).click();
  await expectToast(page, "New booking link");
  const reissued = await page.getByLabel("Booking link", { exact: true }).inputValue();
  expect(new URL(reissued).pathname).not.toBe(link);
  expect((await planner.request.get(`/api/public/bookings/${link.split("/").pop()}`)).status()).toBe(404);
  await planner.goto(new URL(reissued).pathname);
  await expect(planner.getByRole("heading", { name: "Book Jordan Rivera" })).toBeVisible();
  await expectNoAxeViolations(page);
  await shootAtBothWidths(page, "booking-send-4-reissued");
  await fresh.close();
});

test("the speaker saves a drawn signature that countersigns by itself", async ({ page, account: _ }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/account-settings?tab=contracts");
  const card = page.locator("form").filter({ hasText: "Countersign automatically with my saved signature" });
  await card.getByLabel("Full name").fill("Jordan Rivera");
  await drawSignature(page);
  await card.getByRole("checkbox").check();
  await card.getByRole("button", { name: "Save countersigning" }).click();
  await expectToast(page, "Countersigning saved");
  await expect(page.getByText("Your saved signature: Jordan Rivera (drawn).")).toBeVisible();
  const saved = await (await page.request.get("/api/countersign-settings")).json();
  expect(saved).toMatchObject({ autoCountersign: true, signature: { typedName: "Jordan Rivera" } });
  expect(saved.signature.signatureImage).toMatch(/^data:image\/png;base64,/);
  await expectNoAxeViolations(page);
  await shootAtBothWidths(page, "booking-send-5-countersign-setting");
});
