import { expect, expectNoAxeViolations, expectNoSidewaysScroll, expectToast, test } from "./fixtures.ts";

test.describe("signed-in shell", () => {
  test("shows the navigation, the speaker and the footer, and passes axe", async ({ page, account }) => {
    const policyViolations: string[] = [];
    page.on("console", (message) => {
      if (message.text().includes("Content Security Policy")) policyViolations.push(message.text());
    });
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: `Welcome, ${account.username}` })).toBeVisible();
    const sidebar = page.getByRole("navigation", { name: "Main" });
    for (const link of [
      "Dashboard",
      "Events",
      "Clients",
      "Profile",
      "Tutorials",
      "Account Settings",
      "FAQ",
      "Feedback",
    ]) {
      await expect(sidebar.getByRole("link", { name: link, exact: true })).toBeVisible();
    }
    await expect(sidebar.getByRole("link", { name: "Admin Dashboard" })).toHaveCount(0);
    await expect(page.getByText("Professional Speaker")).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();
    await expect(page.getByText("For Speakers, by Speakers")).toBeVisible();
    // The footer's year is the browser's current year (issue 41).
    const year = await page.evaluate(() => new Date().getFullYear());
    await expect(page.getByText(`© ${year} Podium`)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Getting started" })).toBeVisible();
    await expect(page.getByText("Where your data is kept")).toBeVisible();

    await expectNoAxeViolations(page);
    expect(policyViolations).toEqual([]);
    await page.screenshot({ path: "e2e/screenshots/shell-1280.png", fullPage: true });
  });

  test("has a skip link to the main content", async ({ page, account: _ }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Getting started" })).toBeVisible();
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await skip.press("Enter");
    await expect(page).toHaveURL(/#main-content$/);
  });

  test("remembers the storage notice until logout, which says Goodbye!", async ({ page, account: _ }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "I understand" }).click();
    await expect(page.getByText("Where your data is kept")).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("heading", { name: "Getting started" })).toBeVisible();
    await expect(page.getByText("Where your data is kept")).toHaveCount(0);

    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expectToast(page, "Goodbye!", "Successfully logged out");
    expect(await page.evaluate(() => window.localStorage.getItem("podium:storage-notice-ack"))).toBeNull();
    await page.goto("/events");
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("sends visitors without a session to /auth", async ({ page }) => {
    await page.goto("/clients");
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("redirects /dashboard to the dashboard at /", async ({ page, account: _ }) => {
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { name: "Getting started" })).toBeVisible();
  });
});

test.describe("at 375 px wide", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the sidebar is a slide-in menu with a toggle and an overlay that closes on navigation", async ({
    page,
    account: _,
  }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Getting started" })).toBeVisible();
    const toggle = page.getByRole("button", { name: "Open menu" });
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await page.screenshot({ path: "e2e/screenshots/shell-375.png", fullPage: true });

    await toggle.click();
    await expect(menu).toBeVisible();
    await expect(page.getByTestId("mobile-menu-overlay")).toBeVisible();
    await page.screenshot({ path: "e2e/screenshots/shell-375-menu.png" });
    await menu.getByRole("link", { name: "Events", exact: true }).click();
    await expect(page).toHaveURL(/\/events$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: "Events" })).toBeVisible();

    await toggle.click();
    await expect(menu).toBeVisible();
    // The overlay covers the page to the right of the 288 px panel.
    await page.mouse.click(350, 400);
    await expect(menu).toBeHidden();

    await toggle.click();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();
  });

  test("no page of the shell scrolls sideways", async ({ page, account: _ }) => {
    for (const path of ["/", "/events", "/admin", "/no-such-page"]) {
      await page.goto(path);
      await expect(page.locator("h1")).toBeVisible();
      await expectNoSidewaysScroll(page, path);
    }
  });
});

test.describe("a new speaker", () => {
  test.use({ hasSeenWelcome: false });

  test("sees the welcome dialog once; Quick Start leads to the essential setup", async ({
    page,
    account: _,
  }) => {
    await page.goto("/");
    const dialog = page.getByRole("dialog", { name: "Welcome to Podium" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Quick Start" }).click();
    await expect(page).toHaveURL(/\/tutorials\?focus=essential-setup$/);

    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Getting started" })).toBeVisible();
    await page.waitForTimeout(2000);
    await expect(dialog).toHaveCount(0);
  });
});
