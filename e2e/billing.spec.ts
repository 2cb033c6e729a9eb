import type { APIRequestContext, Page } from "@playwright/test";
import { type Account, expect, PASSWORD, postWithCsrf, readMailedLink, test, toastWith } from "./fixtures.ts";

/** Signs the given request context in as the ADMIN_USERNAMES admin of the e2e server (registering it once). */
async function signInAdmin(request: APIRequestContext) {
  const { csrfToken } = (await (await request.get("/api/csrf-token")).json()) as { csrfToken: string };
  const body = { username: "e2e_admin", email: "e2e_admin@example.com", password: PASSWORD };
  const registered = await request.post("/api/register", {
    data: body,
    headers: { "x-csrf-token": csrfToken },
  });
  if (registered.status() === 409)
    await postWithCsrf(request, "/api/login", { username: body.username, password: PASSWORD });
}

/** Support moves the account's trial end (PATCH /api/admin/users/:id). */
async function setTrialEnd(request: APIRequestContext, account: Account, trialEndsAt: Date) {
  await signInAdmin(request);
  const { csrfToken } = (await (await request.get("/api/csrf-token")).json()) as { csrfToken: string };
  const response = await request.patch(`/api/admin/users/${account.user.id}`, {
    data: { trialEndsAt: trialEndsAt.toISOString() },
    headers: { "x-csrf-token": csrfToken },
  });
  expect(response.status()).toBe(200);
}

async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: `/tmp/shots-14/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

// Several steps, each a full page load, on a shared machine.
test.describe.configure({ timeout: 240_000 });

test.beforeEach(async ({ context }) => {
  // Stripe's pages are never really opened: only 127.0.0.1 is reachable from the tests.
  await context.route(/^https:\/\/(checkout|billing)\.stripe\.com\//, (route) => route.abort());
});

test("a lapsed account sees the dialog that cannot be closed, and its buttons work", async ({
  page,
  account,
  playwright,
  baseURL,
}) => {
  const admin = await playwright.request.newContext({ baseURL });
  await setTrialEnd(admin, account, new Date(Date.now() - 86_400_000));

  const status = await (await page.request.get("/api/subscription-status")).json();
  expect(status).toMatchObject({ status: "expired", isSubscribed: false });
  await page.goto("/");
  const dialog = page.getByRole("dialog", { name: "Your subscription has ended" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Status: Expired")).toBeVisible();
  await shoot(page, "expired-dialog");

  await page.keyboard.press("Escape");
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Close" })).toHaveCount(0);

  // Unverified: Renew waits for the e-mail to be verified.
  await expect(dialog.getByRole("button", { name: "Renew Subscription" })).toBeDisabled();
  await dialog.getByRole("button", { name: "Send Verification Email" }).click();
  await expect(toastWith(page, "Verification Email Sent")).toBeVisible();

  await dialog.getByRole("button", { name: "Export All Data" }).click();
  await expect(toastWith(page, "Complete backup exported")).toBeVisible();

  const link = await readMailedLink(page.request, account.email, "Verify", "/verify-email");
  await page.goto(link);
  // Wait for the verification itself before leaving the page, or Renew would still be disabled.
  await expect(page.getByRole("heading", { name: "Email verified" })).toBeVisible();
  await page.goto("/events");
  await expect(dialog).toBeVisible();
  // The new tab heads for Stripe Checkout (the request is aborted: nothing leaves 127.0.0.1).
  const checkoutRequest = page
    .context()
    .waitForEvent("request", (request) =>
      /^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/.test(request.url()),
    );
  await dialog.getByRole("button", { name: "Renew Subscription" }).click();
  await checkoutRequest;

  await dialog.getByRole("button", { name: "Go to Account Deletion" }).click();
  await expect(page).toHaveURL(/\/account-settings\?tab=danger$/);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("tab", { name: "Danger Zone", selected: true })).toBeVisible();
  await admin.dispose();
});

test("a trialing account sees the banner in the trial's last week", async ({
  page,
  account,
  playwright,
  baseURL,
}) => {
  await page.goto("/");
  await expect(page.getByText(/Your trial ends in/)).toHaveCount(0);

  const admin = await playwright.request.newContext({ baseURL });
  await setTrialEnd(admin, account, new Date(Date.now() + 3 * 86_400_000 - 3_600_000));
  await page.reload();
  const banner = page.getByRole("region", { name: "Trial" });
  await expect(banner).toHaveText("Your trial ends in 3 days — Subscribe");
  await shoot(page, "trial-banner");
  await banner.getByRole("link", { name: "Subscribe" }).click();
  await expect(page).toHaveURL(/\/subscribe$/);
  await expect(page.getByText("$21", { exact: true })).toBeVisible();
  await shoot(page, "subscribe");

  await page.goto("/subscribe?checkout=success");
  await expect(page.getByText("Confirming your payment…")).toBeVisible();
  await page.goto("/account-settings?tab=billing");
  await expect(page.getByText("Free trial ends")).toBeVisible();
  await shoot(page, "billing-tab");
  await admin.dispose();
});

test("a visitor checks a promotional code on /promo-test", async ({ page }) => {
  await page.goto("/promo-test");
  await page.getByLabel("Promotional code").fill("NOSUCHCODE");
  await page.getByRole("button", { name: "Check code" }).click();
  await expect(page.getByText("This promotional code is not valid.")).toBeVisible();
  await shoot(page, "promo-test");
});
