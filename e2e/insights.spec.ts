import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { makePng } from "../src/test/png.ts";
import { expect, expectNoAxeViolations, postWithCsrf, test } from "./fixtures.ts";

const SHOTS = "test-results/screens";
mkdirSync(SHOTS, { recursive: true });

async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

test.describe.configure({ timeout: 180_000 });

test("at 375 px, a speaker adds an expense with a photo of the receipt in the quick add", async ({
  page,
  account,
}) => {
  expect(account.user.id).toBeTruthy();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/expenses");
  await expect(page.getByRole("heading", { name: "Expenses", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Add expense" }).click();
  const dialog = page.getByRole("dialog", { name: "Add expense" });
  // The quick add: amount, category, date (today) and the photo; the rest is one tap away.
  await expect(dialog.getByRole("button", { name: /More details/ })).toBeVisible();
  await expect(dialog.getByLabel("Vendor")).toHaveCount(0);
  await dialog.getByLabel("Amount").fill("48.20");
  await dialog.getByLabel("Category").selectOption("ground_transport");
  await dialog.getByLabel("Receipt photo or PDF").setInputFiles({
    name: "taxi.png",
    mimeType: "image/png",
    buffer: makePng(2400, 1800),
  });
  await dialog.getByRole("button", { name: "Add expense" }).click();
  await expect(dialog).toBeHidden();
  const card = page.getByRole("list", { name: "Expenses" }).getByRole("listitem");
  await expect(card).toContainText("$48.20");
  await expect(card).toContainText("Ground transport");
  await expect(card.getByRole("img", { name: /^Receipt:/ })).toBeVisible();

  // The phone photo was made display-sized before it left the browser.
  const list = await (await page.request.get("/api/expenses")).json();
  expect(list.items[0].receipt).toMatchObject({ filename: "taxi.jpg", contentType: "image/jpeg" });
  expect(list.totals).toEqual({ count: 1, amount: 48.2 });

  await postWithCsrf(page.request, "/api/mileage", {
    date: list.items[0].date,
    from: "Home",
    to: "Austin Convention Center",
    purpose: "Keynote at the sales kickoff",
    miles: 18.4,
    roundTrip: true,
  });
  await expectNoAxeViolations(page);
  await shoot(page, "expenses");
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole("tab", { name: "Mileage" }).click();
  await expect(page.getByRole("list", { name: "Trips" })).toContainText("Austin Convention Center");
  await expect(page.getByRole("heading", { name: "Rate per mile" })).toBeVisible();
  await shoot(page, "mileage");

  // A billable expense of an event is offered as a line when that event is invoiced.
  const event = await (
    await postWithCsrf(page.request, "/api/events", { title: "Sales Kickoff", date: "2030-05-01" })
  ).json();
  await postWithCsrf(page.request, "/api/expenses", {
    date: "2030-04-30",
    amount: 312.4,
    category: "airfare",
    vendor: "Delta",
    eventId: event.id,
    billable: true,
  });
  const invoice = await (
    await postWithCsrf(page.request, "/api/invoices", {
      eventId: event.id,
      items: [{ description: "Keynote", quantity: 1, unitPrice: 5000 }],
    })
  ).json();
  await page.goto(`/invoices/${invoice.id}`);
  await page.getByRole("button", { name: "Edit", exact: true }).click();
  await page.getByRole("button", { name: /^Add Airfare · Delta · .* as a line$/ }).click();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("$5,312.40").first()).toBeVisible();
});

test("insights show the year, a map of fees by state whose states list their events, and the tables", async ({
  page,
  account,
}) => {
  expect(account.user.id).toBeTruthy();
  const year = new Date().getFullYear();
  const day = (monthDay: string) => `${year}-${monthDay}`;
  await page.request.put("/api/speaker-profile", {
    data: { name: "Jordan Rivera", annualGoal: 120_000 },
    headers: {
      "x-csrf-token": ((await (await page.request.get("/api/csrf-token")).json()) as { csrfToken: string })
        .csrfToken,
    },
  });
  const events = [
    {
      title: "Austin Keynote",
      date: day("03-10"),
      state: "TX",
      fee: 15_000,
      attendees: 800,
      clientName: "ACME",
    },
    {
      title: "Dallas Workshop",
      date: day("04-02"),
      state: "Texas",
      fee: 6_000,
      attendees: 60,
      clientName: "ACME",
    },
    { title: "Sacramento Panel", date: day("05-20"), state: "CA", fee: 9_500, attendees: 1_200 },
    { title: "Denver Retreat", date: day("06-11"), state: "CO", fee: 4_000, attendees: 45 },
    { title: "Virtual Town Hall", date: day("02-14"), fee: 2_500, attendees: 3_000, clientName: "Globex" },
  ];
  for (const event of events) {
    const response = await postWithCsrf(page.request, "/api/events", { ...event, status: "confirmed" });
    expect(response.status()).toBe(201);
  }
  await postWithCsrf(page.request, "/api/events", { title: "Maybe Summit", date: day("09-01"), fee: 8_000 });
  await postWithCsrf(page.request, "/api/expenses", {
    date: day("03-09"),
    amount: 420.5,
    category: "airfare",
  });

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/insights");
  await expect(page.getByRole("heading", { name: "Insights", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Insights" })).toBeVisible();
  const booked = page.locator("dt", { hasText: "Booked" }).locator("..");
  await expect(booked).toContainText("$37,000");
  await expect(booked).toContainText("31% of your $120,000 goal");

  // The map, drawn from the bundled atlas.
  await expect(page.locator("svg title", { hasText: "Map of booked fees by state" })).toHaveCount(1);
  const texas = page.getByRole("button", { name: "Texas: 2 events, $21,000" });
  await expect(texas).toBeVisible();
  await texas.click();
  const listed = page.getByRole("region", { name: "Events in Texas" });
  await expect(listed.getByRole("link")).toHaveText(["Austin Keynote", "Dallas Workshop"]);

  // The table beside it, with the events without a state in their own row.
  const table = page.getByRole("table", { name: `Fees by state, ${year}` });
  await expect(table.getByRole("row")).toHaveCount(5);
  await expect(table.getByRole("row", { name: /No state/ })).toContainText("$2,500");
  await table.getByRole("button", { name: "No state" }).click();
  await expect(page.getByRole("region", { name: "Events without a state" }).getByRole("link")).toHaveText([
    "Virtual Town Hall",
  ]);
  await expect(page.getByRole("table", { name: `Expenses by category, ${year}` })).toContainText("$420.50");
  await expect(page.getByRole("table", { name: `Top clients, ${year}` })).toContainText("ACME");
  await expectNoAxeViolations(page);
  await texas.click();
  await shoot(page, "insights");
});
