import type { Page } from "@playwright/test";
import { expect, postWithCsrf, test } from "./fixtures.ts";

/** A date `days` from today as YYYY-MM-DD. */
function daysFromToday(days: number) {
  const date = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

async function postEvent(page: Page, data: Record<string, unknown>) {
  return (await (await postWithCsrf(page.request, "/api/events", data)).json()) as { id: string };
}

const SHOTS = "/tmp/shots-12";

test.describe("a speaker's first day (issue 12)", () => {
  test("the events list opens on upcoming events, soonest first; past ones are one tap away (item 11)", async ({
    page,
    account: _,
  }) => {
    await postEvent(page, { title: "Spring Inquiry", date: daysFromToday(150), status: "inquiry" });
    await postEvent(page, { title: "Next Week Keynote", date: daysFromToday(7), status: "confirmed" });
    await postEvent(page, { title: "Last Month Panel", date: daysFromToday(-30), status: "completed" });
    await page.goto("/events");
    const rows = page.getByRole("table").getByRole("row");
    await expect(rows.nth(1)).toContainText("Next Week Keynote");
    await expect(rows.nth(2)).toContainText("Spring Inquiry");
    await expect(page.getByRole("table")).not.toContainText("Last Month Panel");
    await page.screenshot({ path: `${SHOTS}/events-1280.png`, fullPage: true });
    await page.getByRole("button", { name: "Past", exact: true }).click();
    await expect(rows.nth(1)).toContainText("Last Month Panel");
    await expect(page.getByRole("table")).not.toContainText("Next Week Keynote");
  });

  test("cancelling asks first and can be undone; Completed waits for the date (item 7)", async ({
    page,
    account: _,
  }) => {
    const { id } = await postEvent(page, {
      title: "Future Summit",
      date: daysFromToday(20),
      status: "confirmed",
    });
    await page.goto(`/events/${id}`);
    await expect(page.getByRole("button", { name: "Change status to Postponed" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Change status to Completed" })).toHaveCount(0);
    await page.getByRole("button", { name: "Change status to Cancelled" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText("Cancel this event?");
    await dialog.getByRole("button", { name: "Keep it" }).click();
    await expect(page.getByText("Current status").locator("..")).toContainText("Confirmed");
    await page.getByRole("button", { name: "Change status to Cancelled" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel event" }).click();
    await expect(page.getByText("Current status").locator("..")).toContainText("Cancelled");
    await page.locator("li[data-state='open']").getByRole("button", { name: "Undo" }).click();
    await expect(page.getByText("Current status").locator("..")).toContainText("Confirmed");
  });

  test("a wrong password is said on the form, next to the fields (item 10)", async ({ page, browser }) => {
    const context = await browser.newContext();
    const stranger = await context.newPage();
    await stranger.goto("/auth");
    await stranger.getByRole("banner").getByRole("button", { name: "Sign In" }).click();
    const dialog = stranger.getByRole("dialog");
    await dialog.getByLabel("Username").fill("nobody_here");
    await dialog.getByLabel("Password", { exact: true }).fill("Wrong!Pass1");
    await dialog.getByRole("button", { name: "Sign In" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Invalid username or password");
    await stranger.screenshot({ path: `${SHOTS}/sign-in-error-1280.png` });
    await dialog.getByLabel("Password", { exact: true }).fill("Another!Pass2");
    await expect(dialog.getByRole("alert")).toHaveCount(0);
    await context.close();
    void page;
  });

  test("the bureau rep lines up with the partner and is filled in from its contact (item 9)", async ({
    page,
    account: _,
  }) => {
    await postWithCsrf(page.request, "/api/bureau-partners", {
      name: "Premier Speakers Bureau",
      contactName: "Dana Reyes",
    });
    await page.goto("/events?new=1");
    const dialog = page.getByRole("dialog", { name: "New event" });
    const partner = dialog.getByRole("combobox", { name: "Bureau partner" });
    await partner.fill("premier");
    await dialog.getByRole("option", { name: /Premier Speakers Bureau/ }).click();
    const rep = dialog.getByLabel("Bureau rep");
    await expect(rep).toHaveValue("Dana Reyes");
    const [partnerBox, repBox] = [await partner.boundingBox(), await rep.boundingBox()];
    expect(Math.abs(partnerBox!.y - repBox!.y)).toBeLessThan(2);
  });
});
