import type { APIRequestContext, Page } from "@playwright/test";
import {
  expect,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  postWithCsrf,
  readMailedLink,
  shootAtBothWidths,
  test,
} from "./fixtures.ts";

/** A day of the browser's current month (so the calendar opens on it), as YYYY-MM-DD. */
const dayOfThisMonth = (page: Page, day: number) =>
  page.evaluate((dayOfMonth) => {
    const now = new Date();
    const month = String(now.getMonth() + 1).padStart(2, "0");
    return `${now.getFullYear()}-${month}-${String(dayOfMonth).padStart(2, "0")}`;
  }, day);

/** The calendar's button of a day without events, which opens the new-event form on that day. */
function emptyDayOf(page: Page, date: string) {
  const label = new Date(`${date}T12:00:00Z`).toLocaleDateString("en-US", {
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
  return page.getByRole("button", { name: `${label}: no events, add one` });
}

type Created = { id: string; holdRank: number | null };

async function createEvent(request: APIRequestContext, event: Record<string, unknown>): Promise<Created> {
  const response = await postWithCsrf(request, "/api/events", event);
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Created;
}

test.describe.configure({ timeout: 180_000 });

test("the calendar shows holds by rank, the conflict and the travel day, and an empty day starts an event on it", async ({
  page,
  account: _,
}) => {
  await page.goto("/");
  const [held, chicago, denver] = [
    await dayOfThisMonth(page, 10),
    await dayOfThisMonth(page, 17),
    await dayOfThisMonth(page, 18),
  ];
  await createEvent(page.request, { title: "Acme Summit", date: held, status: "hold" });
  await createEvent(page.request, { title: "Globex Offsite", date: held, status: "hold" });
  await createEvent(page.request, {
    title: "Chicago Keynote",
    date: chicago,
    status: "confirmed",
    city: "Chicago",
    state: "IL",
  });
  await createEvent(page.request, {
    title: "Denver Keynote",
    date: denver,
    status: "confirmed",
    city: "Denver",
    state: "CO",
  });

  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Calendar", exact: true })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Calendar" })).toBeVisible();
  await expect(page.getByRole("link", { name: /1st hold: Acme Summit/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /2nd hold: Globex Offsite/ })).toBeVisible();
  await expect(page.getByText("Conflict", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("Travel from Chicago, IL").first()).toBeVisible();
  await expectNoAxeViolations(page);
  await shootAtBothWidths(page, "calendar");

  // A phone: small days above the month's agenda.
  await page.setViewportSize({ width: 375, height: 800 });
  const agenda = page.getByRole("region", { name: "Agenda" });
  await expect(agenda.getByRole("link", { name: /1st hold: Acme Summit/ })).toBeVisible();
  await expect(agenda.getByText("Travel from Chicago, IL")).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoSidewaysScroll(page);

  // A day with events shows them; an empty day opens the new event form on that date.
  await page.getByRole("button", { name: /: 2 events, conflict$/ }).click();
  const day = page.getByRole("dialog");
  await expect(day.getByRole("link", { name: /2nd hold: Globex Offsite/ })).toBeVisible();
  await day.getByRole("button", { name: "Close" }).click();
  const empty = await dayOfThisMonth(page, 12);
  await emptyDayOf(page, empty).click();
  const form = page.getByRole("dialog", { name: "New event" });
  await expect(form.getByLabel("Date")).toHaveValue(empty);
  await form.getByLabel("Event name").fill("Initech Retreat");
  await form.getByRole("button", { name: "Add event" }).click();
  await expect(agenda.getByRole("link", { name: /Inquiry: Initech Retreat/ })).toBeVisible();
});

test("the event form shows a same-day clash and a tight travel day before saving", async ({
  page,
  account: _,
}) => {
  await page.goto("/");
  const [denver, nextDay, empty] = [
    await dayOfThisMonth(page, 18),
    await dayOfThisMonth(page, 19),
    await dayOfThisMonth(page, 12),
  ];
  await createEvent(page.request, {
    title: "Denver Keynote",
    date: denver,
    status: "confirmed",
    city: "Denver",
    state: "CO",
  });
  await page.goto("/calendar");
  await emptyDayOf(page, empty).click();
  const form = page.getByRole("dialog", { name: "New event" });
  await expect(form.getByText("Travel is tight")).toHaveCount(0);

  await form.getByLabel("Date").fill(nextDay);
  const notice = form.getByRole("status").filter({ hasText: "Travel is tight" });
  await expect(notice).toContainText("The day before: Denver Keynote");
  await expect(notice).toContainText("Confirmed in Denver, CO");
  // A talk in the same state is no travel.
  await form.getByLabel("State").fill("CO");
  await expect(form.getByText("Travel is tight")).toHaveCount(0);

  await form.getByLabel("Date").fill(denver);
  await expect(form.getByRole("status").filter({ hasText: "Already on this date" })).toContainText(
    "Denver Keynote",
  );
});

test("confirming a second talk on a booked day shows the conflict and books it only with Book anyway", async ({
  page,
  account: _,
}) => {
  await page.goto("/");
  const date = await dayOfThisMonth(page, 20);
  await createEvent(page.request, { title: "Booked Keynote", date, status: "confirmed" });
  const hold = await createEvent(page.request, { title: "Late Workshop", date, status: "hold" });

  await page.goto(`/events/${hold.id}`);
  await expect(page.getByRole("heading", { name: "Conflicts" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Booked Keynote" }).first()).toBeVisible();
  await shootAtBothWidths(page, "event-hold-conflicts");
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole("button", { name: "Change status to Confirmed" }).click();
  const refusal = page.getByRole("alert").filter({ hasText: "Booked Keynote" });
  await expect(refusal).toBeVisible();
  await expect(page.getByText("Current status").locator("..")).toContainText("Hold");
  await refusal.getByRole("button", { name: "Book anyway" }).click();
  await expect(page.getByText("Current status").locator("..")).toContainText("Confirmed");
});

test("a later hold moves to first, and releasing it moves the other back up", async ({
  page,
  account: _,
}) => {
  await page.goto("/");
  const date = await dayOfThisMonth(page, 22);
  const first = await createEvent(page.request, { title: "First Caller", date, status: "hold" });
  const second = await createEvent(page.request, { title: "Second Caller", date, status: "hold" });
  expect([first.holdRank, second.holdRank]).toEqual([1, 2]);

  await page.goto(`/events/${second.id}`);
  await expect(page.getByText("2nd hold of 2 holds")).toBeVisible();
  await page.getByLabel("Rank on this date").selectOption({ label: "1st hold" });
  await expect(page.getByText("1st hold of 2 holds")).toBeVisible();

  await page.getByRole("button", { name: "Release", exact: true }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Release" }).click();
  await expect(page.getByText("Current status").locator("..")).toContainText("Inquiry");

  await page.goto(`/events/${first.id}`);
  await expect(page.getByText("The only hold on")).toBeVisible();
});

test.describe("the first hold's page", () => {
  test.use({ isVerified: true });

  test("asks the planner by e-mail, shows the hold at 375 px, records a release once", async ({
    page,
    account: _,
  }) => {
    await page.goto("/");
    // The deadline (today + 3) must fall on or before the talk.
    const date = await page.evaluate(() => {
      const at = new Date(Date.now() + 10 * 86_400_000);
      return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
    });
    const first = await createEvent(page.request, {
      title: "Acme Leadership Summit",
      date,
      status: "hold",
      city: "Austin",
      state: "TX",
      contactEmail: "dana@acme.example",
    });
    const later = await createEvent(page.request, { title: "Globex Gala", date, status: "hold" });

    await page.goto(`/events/${later.id}`);
    await page.getByRole("button", { name: "Ask first hold to decide" }).click();
    const dialog = page.getByRole("dialog", { name: "Ask first hold to decide" });
    await dialog.getByRole("button", { name: "Send the question" }).click();
    await expect(dialog).toBeHidden();

    const holdPath = await readMailedLink(page.request, "dana@acme.example", "", "/hold/");
    await page.setViewportSize({ width: 375, height: 800 });
    const response = await page.goto(holdPath);
    expect(response?.status()).toBe(200);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("still yours");
    await expect(page.getByText("Acme Leadership Summit")).toBeVisible();
    await expect(page.getByText("Austin, TX")).toBeVisible();
    await expectNoAxeViolations(page);
    await shootAtBothWidths(page, "hold-page");
    await page.setViewportSize({ width: 375, height: 800 });

    await page.getByLabel("Message to the speaker (optional)").fill("We went with another date, thank you.");
    await page.getByRole("button", { name: "Release the date" }).click();
    await expect(page.getByRole("status")).toContainText("You released this date");
    await page.reload();
    await expect(page.getByText("You released this date")).toBeVisible();
    await expect(page.getByRole("button", { name: "Release the date" })).toHaveCount(0);

    const firstNow = (await (await page.request.get(`/api/events/${first.id}`)).json()) as { status: string };
    expect(firstNow.status).toBe("inquiry");

    const unknown = await page.goto("/hold/not-a-real-token");
    expect(unknown?.status()).toBe(404);
  });
});
