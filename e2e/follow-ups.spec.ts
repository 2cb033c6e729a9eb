import type { Page } from "@playwright/test";
import {
  expect,
  expectNoAxeViolations,
  expectToast,
  postWithCsrf,
  shootAtBothWidths,
  test,
} from "./fixtures.ts";

/** The browser's local date moved by `days`, as the dashboard and the task forms use it. */
const localDate = (page: Page, days: number) =>
  page.evaluate((offset) => {
    const at = new Date(Date.now() + offset * 86_400_000);
    return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
  }, days);

/**
 * The speaker's time zone set to the browser's, as a speaker living there sets it: the server dates the
 * event's tasks in the speaker's zone and the dashboard says "today" in the browser's, which differ for
 * hours a day while the speaker's zone is the default UTC.
 */
async function useBrowserTimeZone(page: Page) {
  const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const { csrfToken } = (await (await page.request.get("/api/csrf-token")).json()) as { csrfToken: string };
  const saved = await page.request.put("/api/notification-settings", {
    data: { digest: "off", digestHour: 7, timeZone },
    headers: { "x-csrf-token": csrfToken },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
}

test.describe.configure({ timeout: 180_000 });

test("a confirmed event's tasks reach the dashboard, where one is finished; the event page and settings show the rest", async ({
  page,
  account,
}) => {
  expect(account.user.id).toBeTruthy();
  await page.goto("/");
  await useBrowserTimeZone(page);
  const event = await (
    await postWithCsrf(page.request, "/api/events", {
      title: "Sales Kickoff",
      date: await localDate(page, 5),
      time: "9:30 AM",
      status: "confirmed",
      contactName: "Dana Lee",
      contactEmail: "dana@acme.example",
      venueName: "Grand Hall",
      city: "Austin",
      state: "TX",
    })
  ).json();
  await postWithCsrf(page.request, "/api/tasks", {
    title: "Call the bureau",
    dueDate: await localDate(page, -2),
  });

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  await expect(page.getByText(/^Due today · Sales Kickoff ·/)).toBeVisible();
  await expect(page.getByText(/^Overdue · Sales Kickoff ·/).first()).toBeVisible();
  await expect(page.getByText(/^Overdue · Your task ·/)).toBeVisible();
  await shootAtBothWidths(page, "follow-ups-dashboard");

  await page.getByRole("button", { name: "Mark Request the deposit done" }).click();
  await expectToast(page, "Done", "Request the deposit");
  await expect(page.getByRole("button", { name: "Mark Request the deposit done" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Mark Call the bureau done" })).toBeVisible();

  // The event's tasks: the finished one can be undone, an open one snoozed.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page
    .getByRole("link", { name: "Open the event's tasks: Confirm AV, arrival time and introducer" })
    .click();
  await expect(page).toHaveURL(new RegExp(`/events/${event.id}#tasks$`));
  const tasks = page.locator("#tasks");
  await expect(tasks.getByRole("button", { name: "Undo Request the deposit" })).toBeVisible();
  await tasks.getByRole("button", { name: "Snooze Book travel" }).click();
  await tasks.getByLabel("New date for Book travel").fill(await localDate(page, 3));
  await tasks.getByRole("button", { name: "Save date" }).click();
  await expectToast(page, "Snoozed");
  await expect(tasks.getByRole("link", { name: "Write the e-mail" }).first()).toHaveAttribute(
    "href",
    /^mailto:dana%40acme\.example\?subject=/,
  );
  await shootAtBothWidths(page, "follow-ups-event-tasks");

  await page.goto("/account-settings?tab=follow-ups");
  await expect(page.getByRole("heading", { name: "Action list" })).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveCount(8);
  await page.getByLabel("Digest", { exact: true }).selectOption("daily");
  await page.getByRole("button", { name: "Save notifications" }).click();
  await expectToast(page, "Notifications saved");
  await expectNoAxeViolations(page);
  await shootAtBothWidths(page, "follow-ups-settings");

  await page.goto("/account-settings?tab=calendar");
  const expiry = page.getByLabel("A new hold expires after (days)");
  await expiry.fill("400");
  await page.getByRole("button", { name: "Save hold settings" }).click();
  await expect(page.getByText("Days must be a whole number from 1 to 365, or none")).toBeVisible();
  await expiry.fill("21");
  await page.getByRole("button", { name: "Save hold settings" }).click();
  await expectToast(page, "Hold settings saved");
  await page.reload();
  await expect(expiry).toHaveValue("21");
  const link = page.getByLabel("Your calendar link");
  await expect(link).toHaveValue(/\/calendar\/[\w-]+\.ics$/);
  const oldUrl = await link.inputValue();
  const feed = await page.request.get(new URL(oldUrl).pathname);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain("SUMMARY:CONFIRMED: Sales Kickoff");
  await page.getByRole("button", { name: "Make a new link" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Make a new link" }).click();
  await expectToast(page, "New link made");
  await expect(link).not.toHaveValue(oldUrl);
  expect((await page.request.get(new URL(oldUrl).pathname)).status()).toBe(404);
  await expectNoAxeViolations(page);
  await shootAtBothWidths(page, "follow-ups-calendar");
});

test("a speaker with no events yet still sees an overdue task on the dashboard (issue 28)", async ({
  page,
  account,
}) => {
  expect(account.user.id).toBeTruthy();
  await page.goto("/");
  await postWithCsrf(page.request, "/api/tasks", {
    title: "Call the AV team",
    dueDate: await localDate(page, -3),
  });

  await page.goto("/");
  await expect(page.getByText(/^Overdue · Your task ·/)).toBeVisible();
  await expect(page.getByText("Call the AV team")).toBeVisible();
  // The getting-started panel stays for a speaker who has not added an event.
  await expect(page.getByRole("link", { name: "Add your first event" }).first()).toBeVisible();
  await page.getByRole("button", { name: "Mark Call the AV team done" }).click();
  await expectToast(page, "Done", "Call the AV team");
  await expectNoAxeViolations(page);
});
