import { expect, postWithCsrf, shootAtBothWidths, test } from "./fixtures.ts";

test("the event page lists what happened to the event, newest first, at 375 px", async ({
  page,
  account: _,
}) => {
  const created = await postWithCsrf(page.request, "/api/events", {
    title: "Spring Leadership Summit",
    date: "2030-06-01",
    fee: 5000,
  });
  const { id } = (await created.json()) as { id: string };
  const { csrfToken } = (await (await page.request.get("/api/csrf-token")).json()) as { csrfToken: string };
  await page.request.patch(`/api/events/${id}`, {
    data: { fee: 6000, status: "hold" },
    headers: { "x-csrf-token": csrfToken },
  });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/events/${id}`);
  const activity = page.getByRole("list").filter({ hasText: "Created as Inquiry for June 1, 2030." });
  await expect(activity.getByRole("listitem")).toHaveCount(2);
  await expect(activity.getByRole("listitem").first()).toContainText(
    "Status Inquiry → Hold, speaking fee $5,000.00 → $6,000.00 and hold expiry.",
  );
  await shootAtBothWidths(page, "event-activity");
});
