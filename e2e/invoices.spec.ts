import { mkdirSync } from "node:fs";
import { makePng } from "../src/test/png.ts";
import {
  expect,
  expectNoAxeViolations,
  postWithCsrf,
  readMailedLink,
  shootAtBothWidths,
  test,
} from "./fixtures.ts";

const SHOTS = "/tmp/shots-15";
mkdirSync(SHOTS, { recursive: true });

test.describe.configure({ timeout: 180_000 });
// Invoices and signing links go to clients: the speaker's address must be verified (decision 036).
test.use({ isVerified: true });

test("at 375 px, an event becomes a sent deposit invoice in four taps, and its public page shows the balance", async ({
  page,
  account,
  browser,
  baseURL,
}) => {
  expect(account.user.id).toBeTruthy();
  const { csrfToken } = (await (await page.request.get("/api/csrf-token")).json()) as { csrfToken: string };
  await page.request.put("/api/speaker-profile", {
    data: { name: "Jordan Rivera", businessName: "Rivera Talks LLC", email: "jordan@example.com" },
    headers: { "x-csrf-token": csrfToken },
  });
  const eventDate = new Date(Date.now() + 120 * 86_400_000).toISOString().slice(0, 10);
  const event = await (
    await postWithCsrf(page.request, "/api/events", {
      title: "Sales Kickoff",
      date: eventDate,
      fee: 10_000,
      travelFee: 1_500.01,
      clientName: "ACME Corp",
      contactEmail: "planner@acme.example",
      venueName: "Grand Hall",
      city: "Austin",
      state: "TX",
    })
  ).json();

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/events/${event.id}`);
  await page.getByRole("button", { name: "Invoice", exact: true }).click(); // 1
  await page.getByRole("button", { name: "Create invoices" }).click(); // 2
  // Listed in the order they fall due: the deposit (due today) above the balance (issue 28).
  await expect(page.getByRole("link", { name: /^(Deposit|Balance) INV-/ }).first()).toHaveText(
    /^Deposit INV-\d{4}-0001$/,
  );
  const sendDeposit = page.getByRole("button", { name: /^Send INV-\d{4}-0001$/ });
  await sendDeposit.click(); // 3
  await expect(page.getByRole("textbox", { name: "To" })).toHaveValue("planner@acme.example");
  await page.getByRole("button", { name: "Send invoice" }).click(); // 4
  await expect(page.getByText(/Invoice INV-\d{4}-0001 sent/).first()).toBeVisible();
  await expect(page.getByText("Sent", { exact: true })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/event-invoices-375.png`, fullPage: true });

  const list = await (await page.request.get(`/api/invoices?eventId=${event.id}`)).json();
  const deposit = list.items.find((item: { kind: string }) => item.kind === "deposit");
  expect(deposit.total + list.items.find((item: { kind: string }) => item.kind === "balance").total).toBe(
    11_500.01,
  );
  const invoice = await (await page.request.get(`/api/invoices/${deposit.id}`)).json();
  const publicPath = new URL(invoice.publicUrl).pathname;

  await page.goto("/invoices");
  await expect(page.getByRole("heading", { name: "Invoices" })).toBeVisible();
  await expectNoAxeViolations(page);
  await shootAtBothWidths(page, "invoices");
  await page.goto(`/invoices/${deposit.id}`);
  await expect(page.getByRole("heading", { name: `Invoice ${deposit.number}` })).toBeVisible();
  await expectNoAxeViolations(page);
  await shootAtBothWidths(page, "invoice-detail");
  await page.goto("/account-settings?tab=invoicing");
  await expect(page.getByRole("button", { name: "Save invoicing settings" })).toBeVisible();
  await shootAtBothWidths(page, "settings-invoicing");

  // The client opens the link in a browser that has never signed in.
  const fresh = await browser.newContext({ baseURL, viewport: { width: 375, height: 800 } });
  const client = await fresh.newPage();
  const response = await client.goto(publicPath);
  expect(response?.status()).toBe(200);
  expect(await client.title()).toContain(`Invoice ${deposit.number}`);
  await expect(client.getByText("Balance due")).toBeVisible();
  // Half of $11,500.01, rounded half up.
  await expect(client.getByText("$5,750.01").first()).toBeVisible();
  await expect(client.getByText("Rivera Talks LLC")).toBeVisible();
  const [download] = await Promise.all([
    client.waitForEvent("download"),
    client.getByRole("link", { name: "Download PDF" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${deposit.number}.pdf`);
  await expectNoAxeViolations(client);
  await shootAtBothWidths(client, "public-invoice");
  await fresh.close();

  const seen = await (await page.request.get(`/api/invoices/${deposit.id}`)).json();
  expect(seen.viewCount).toBeGreaterThanOrEqual(1);
});

test("the speaker connects card payments and the client pays an invoice by card", async ({
  page,
  account: _,
  browser,
  baseURL,
}) => {
  const invoice = await (
    await postWithCsrf(page.request, "/api/invoices", {
      items: [{ description: "Workshop", quantity: 1, unitPrice: 2_400 }],
    })
  ).json();
  const sent = await (
    await postWithCsrf(page.request, `/api/invoices/${invoice.id}/send`, { to: "ap@globex.example" })
  ).json();
  const publicPath = new URL(sent.publicUrl).pathname;

  // Account Settings → Invoicing → Stripe's onboarding (the fake Stripe's page) → back, connected.
  await page.goto("/account-settings?tab=invoicing");
  const cards = page.getByRole("heading", { name: /Card payments/ });
  await expect(cards).toContainText("Not connected");
  await shootAtBothWidths(page, "card-payments-not-connected");
  await page.getByRole("button", { name: "Connect card payments" }).click();
  await expect(page).toHaveURL(/\/account-settings\?tab=invoicing&payments=return$/);
  await expect(cards).toContainText("On");
  await expect(page.getByText("Card payments are on")).toBeVisible();
  // The logo goes to the file store and into the settings at once; the client's page shows it.
  await page.locator('input[type="file"]').setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: makePng(60, 30),
  });
  await expect(page.getByRole("img", { name: "Your invoice logo" })).toBeVisible();
  await expectNoAxeViolations(page);
  await shootAtBothWidths(page, "card-payments-on");

  // The client, in a browser that never signed in, pays through Checkout (the fake Stripe's page).
  const fresh = await browser.newContext({ baseURL, viewport: { width: 375, height: 800 } });
  const client = await fresh.newPage();
  await client.goto(publicPath);
  await expect(client.getByText("$2,400.00").first()).toBeVisible();
  await expect(client.getByRole("img", { name: /logo$/ })).toBeVisible();
  await shootAtBothWidths(client, "public-invoice-pay-by-card");
  await client.getByRole("button", { name: "Pay by card" }).click();
  await expect(client).toHaveURL(/\?payment=done$/);
  await expect(client.getByText("Thank you for your payment! This invoice is paid in full.")).toBeVisible();
  await expect(client.getByText("Paid", { exact: true }).first()).toBeVisible();
  await expect(client.getByRole("button", { name: "Pay by card" })).toHaveCount(0);
  await expectNoAxeViolations(client);
  await shootAtBothWidths(client, "public-invoice-paid-by-card");
  await fresh.close();

  const paid = await (await page.request.get(`/api/invoices/${invoice.id}`)).json();
  expect(paid).toMatchObject({ status: "paid", balanceDue: 0 });
  expect(paid.payments).toMatchObject([{ method: "card", amount: 2_400 }]);
  expect(paid.payments[0].reference).toMatch(/^pi_test_/);
  await page.goto(`/invoices/${invoice.id}`);
  await expect(page.getByText(/by card/).first()).toBeVisible();
});

test("the contracts list and the signing page pass axe", async ({ page, account: _, browser, baseURL }) => {
  const event = await (
    await postWithCsrf(page.request, "/api/events", {
      title: "Initech Offsite",
      date: "2030-09-14",
      fee: 6_000,
      contactName: "Bill Lumbergh",
      contactEmail: "bill@initech.example",
    })
  ).json();
  const contract = await (await postWithCsrf(page.request, `/api/events/${event.id}/contracts`, {})).json();
  await postWithCsrf(page.request, `/api/contracts/${contract.id}/send`, {
    signerName: "Bill Lumbergh",
    signerEmail: "bill@initech.example",
  });
  await page.goto("/contracts");
  await expect(page.getByRole("heading", { name: "Contracts", level: 1 })).toBeVisible();
  await expect(page.getByText("Initech Offsite").first()).toBeVisible();
  await expectNoAxeViolations(page);

  const signPath = await readMailedLink(page.request, "bill@initech.example", "to sign", "/sign/");
  const fresh = await browser.newContext({ baseURL, viewport: { width: 375, height: 800 } });
  const signer = await fresh.newPage();
  await signer.goto(signPath);
  await expect(signer.getByRole("button", { name: "Sign", exact: true })).toBeVisible();
  await expectNoAxeViolations(signer);
  await fresh.close();
});

test.describe("payment instructions", () => {
  test.use({ isFreshlyConfirmed: false });

  test("the owner saves them after confirming it's them, in place", async ({ page, account }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/account-settings?tab=invoicing");
    await page.getByLabel("Payment instructions").fill("First Bank, account 12345678");
    await page.getByRole("button", { name: "Save payment instructions" }).click();
    const reauth = page.getByRole("dialog", { name: "Confirm it's you" });
    await reauth.getByLabel("Password", { exact: true }).fill(account.password);
    await reauth.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByText("Payment instructions saved").first()).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Payment instructions")).toHaveValue("First Bank, account 12345678");
    await expectNoAxeViolations(page);
    await shootAtBothWidths(page, "settings-payment-instructions");
  });
});
