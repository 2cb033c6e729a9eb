import { expect, test } from "./fixtures.ts";

test("the footer names the browser's current year, on the prerendered landing page and in the app", async ({
  page,
  account: _,
}) => {
  // A year no build was ever made in: only the browser's clock can put it there.
  await page.clock.setFixedTime(new Date("2031-03-01T12:00:00Z"));
  await page.goto("/privacy-policy");
  await expect(page.getByText("© 2031 Podium. All rights reserved.")).toBeVisible();
  await page.goto("/events");
  await expect(page.getByText("© 2031 Podium. All rights reserved.")).toBeVisible();
});
