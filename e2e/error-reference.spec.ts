import type { Page } from "@playwright/test";
import { expect, expectNoSidewaysScroll, test, toastWith } from "./fixtures.ts";

const SHOTS = "/tmp/shots-30";
const REQUEST_ID = "3f2c0a1e-9b7d-4c55-8e21-6a0f4d2b9c10";
const SERVER_FAILURE = "Something went wrong on our side. Please try again.";

/**
 * The server fails the way an unexpected exception makes it fail (app.ts's 500), with the request id it logged
 * the failure under. Faked in the browser: nothing in a healthy server can be made to throw on purpose.
 */
async function failOnTheServer(page: Page, pathname: string, method: string) {
  await page.route(
    (url) => url.pathname === pathname,
    (route) =>
      route.request().method() === method
        ? route.fulfill({
            status: 500,
            headers: { "content-type": "application/json", "x-request-id": REQUEST_ID },
            body: JSON.stringify({ error: SERVER_FAILURE }),
          })
        : route.fallback(),
  );
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png` });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${SHOTS}/${name}-375.png` });
  await expectNoSidewaysScroll(page);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("a failure on the server's side shows its reference, for the speaker to quote to support", async ({
  page,
  account: _,
}) => {
  await failOnTheServer(page, "/api/events", "GET");
  await page.goto("/events");
  await page.getByRole("button", { name: "I understand" }).click();
  const alert = page.getByRole("alert").filter({ hasText: SERVER_FAILURE });
  // A load is retried three times (2, 4 and 8 s apart) before the page gives up and says so.
  await expect(alert).toContainText(`(Reference: ${REQUEST_ID})`, { timeout: 30_000 });
  await shoot(page, "load-failed");

  await page.unrouteAll();
  await failOnTheServer(page, "/api/events", "POST");
  await page.goto("/events");
  await page.getByRole("button", { name: "New event" }).first().click();
  const add = page.getByRole("dialog", { name: "New event" });
  await add.getByLabel("Event name").fill("Annual Summit");
  await add.getByLabel("Date", { exact: true }).fill("2027-03-01");
  await add.getByRole("button", { name: "Add event" }).click();
  const toast = toastWith(page, "Could not save the event");
  await expect(toast).toContainText(`${SERVER_FAILURE} (Reference: ${REQUEST_ID})`);
  await shoot(page, "save-failed");
});
