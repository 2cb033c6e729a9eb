import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, postWithCsrf, test } from "./fixtures.ts";

const SHOTS = "/tmp/shots-15";
mkdirSync(SHOTS, { recursive: true });

async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

test.describe.configure({ timeout: 180_000 });

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
  await shoot(page, "invoices");
  await page.goto(`/invoices/${deposit.id}`);
  await expect(page.getByRole("heading", { name: `Invoice ${deposit.number}` })).toBeVisible();
  await shoot(page, "invoice-detail");
  await page.goto("/account-settings?tab=invoicing");
  await expect(page.getByRole("button", { name: "Save invoicing settings" })).toBeVisible();
  await shoot(page, "settings-invoicing");

  // The client opens the link in a browser that has never signed in.
  const fresh = await browser.newContext({ baseURL, viewport: { width: 375, height: 800 } });
  const client = await fresh.newPage();
  const response = await client.goto(publicPath);
  expect(response?.status()).toBe(200);
  expect(await client.title()).toContain(`Invoice ${deposit.number}`);
  await expect(client.getByText("Balance due")).toBeVisible();
  await expect(client.getByText("$5,750.00").first()).toBeVisible();
  await expect(client.getByText("Rivera Talks LLC")).toBeVisible();
  const [download] = await Promise.all([
    client.waitForEvent("download"),
    client.getByRole("link", { name: "Download PDF" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${deposit.number}.pdf`);
  await shoot(client, "public-invoice");
  await fresh.close();

  const seen = await (await page.request.get(`/api/invoices/${deposit.id}`)).json();
  expect(seen.viewCount).toBeGreaterThanOrEqual(1);
});
