import {
  expect,
  expectNoAxeViolations,
  expectToast,
  mailedResetLink,
  postWithCsrf,
  test,
} from "./fixtures.ts";

test("an unknown path shows the 404 page with Go Back and a dashboard link", async ({ page, account: _ }) => {
  await page.goto("/events");
  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await page.getByRole("button", { name: "Go Back" }).click();
  await expect(page).toHaveURL(/\/events$/);

  await page.goto("/somewhere/else");
  await page.getByRole("link", { name: "Go to Dashboard" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "Getting started" })).toBeVisible();
});

test("a speaker who is not an admin gets Access Denied on the admin pages", async ({ page, account: _ }) => {
  for (const path of ["/admin", "/admin/announcements"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: "Access Denied" })).toBeVisible();
    await expect(
      page.getByText(
        "You do not have permission to access this admin area. This page is restricted to administrators only.",
      ),
    ).toBeVisible();
  }
  await page.getByRole("link", { name: "Return to Dashboard" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test.describe("password reset page", () => {
  test("shows the new-password form for a live link and passes axe", async ({ page, browser }) => {
    const mailbox = await browser.newContext();
    const { resetPath } = await mailedResetLink(mailbox.request);
    await mailbox.close();
    await page.goto(resetPath);
    await expect(page.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
    await page.getByLabel("New password", { exact: true }).fill("short");
    await page.getByLabel("Confirm new password").focus();
    await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
    await expect(page.getByRole("meter", { name: "Password strength" })).toHaveAttribute(
      "aria-valuetext",
      /Weak/,
    );
    await expectNoAxeViolations(page);
  });

  test("a link used up while the form is open gives the Reset Failed toast", async ({ page, browser }) => {
    const mailbox = await browser.newContext();
    const { token } = await mailedResetLink(mailbox.request);
    await page.goto(`/reset-password?token=${token}`);
    await expect(page.getByLabel("New password", { exact: true })).toBeVisible();
    await postWithCsrf(mailbox.request, "/api/auth/reset-password", { token, password: "Another!Pass2" });
    await mailbox.close();
    await page.getByLabel("New password", { exact: true }).fill("Brand-new!Pass1");
    await page.getByLabel("Confirm new password").fill("Brand-new!Pass1");
    await page.getByRole("button", { name: "Reset password" }).click();
    await expectToast(page, "Reset Failed", "The password reset link is invalid or has expired.");
  });

  test("without a token it shows a toast and returns to /auth after 3 seconds", async ({ page }) => {
    const startedAt = Date.now();
    await page.goto("/reset-password");
    await expectToast(page, "Missing Password Reset Token", "Missing Token");
    await expect(page).toHaveURL(/\/auth$/, { timeout: 8000 });
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(3000);
  });

  test("/auth-verify without a token says the link is invalid and goes to /auth", async ({ page }) => {
    await page.goto("/auth-verify");
    await expect(page).toHaveURL(/\/auth$/);
    await expectToast(page, "Invalid Reset Link", "The password reset link is invalid or has expired.");
  });
});

test("a verification link that is not valid says so", async ({ page }) => {
  await page.goto("/verify-email?token=expired-or-made-up");
  await expect(page.getByRole("heading", { level: 1, name: "Verification failed" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
});
