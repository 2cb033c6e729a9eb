import { expect, expectNoAxeViolations, expectNoSidewaysScroll, test } from "./fixtures.ts";
import { openLanding, signupForm } from "./landing-helpers.ts";

const SCREENSHOTS = "e2e/screenshots";

test.describe("landing page", () => {
  test("shows every part of spec §2 and honest pricing", async ({ page }) => {
    await openLanding(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("More Stage Time. Less Screen Time.");
    await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Up and running in three steps" })).toBeAttached();
    for (const step of ["Import your data", "Organize everything", "Focus on performance"]) {
      await expect(page.getByRole("heading", { name: step })).toBeAttached();
    }
    await expect(page.getByText("Setup takes about 15 minutes.")).toBeAttached();
    await expect(page.locator("#pricing")).toContainText("$21/month");
    await expect(page.locator("#pricing")).toContainText("30-day free trial");
    await expect(page.locator("#pricing")).toContainText("No credit card required");
    await expect(page.locator("#pricing")).toContainText("Cancel anytime");

    // A native disclosure (<details>), so the answers are in the HTML before any script runs.
    const billingQuestion = page.locator("summary", {
      hasText: "Will I be charged automatically when the trial ends?",
    });
    await billingQuestion.click();
    await expect(page.getByText("There is no automatic billing after the trial.")).toBeVisible();
    await expect(page.getByRole("list", { name: "Our promises" }).getByRole("listitem")).toHaveCount(5);

    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute(
      "href",
      "/privacy-policy",
    );
    await expect(footer.getByRole("link", { name: "Terms and Conditions" })).toHaveAttribute(
      "href",
      "/terms-conditions",
    );
  });

  test("Start My Free Trial scrolls to the inline signup form and focuses it", async ({ page }) => {
    await openLanding(page);
    await page.getByRole("button", { name: "Start My Free Trial" }).first().click();
    await expect(signupForm(page).getByLabel("Username")).toBeFocused();
    await expect(signupForm(page).getByLabel("Username")).toBeInViewport();
    await expect(page).toHaveURL(/#signup-form$/);
  });

  test("sections fade in on scroll, and are shown at once when reduced motion is preferred", async ({
    page,
  }) => {
    const revealOf = page.locator("#faq [data-reveal]").first();
    await openLanding(page);
    await expect(revealOf).toHaveCSS("opacity", "0");
    await revealOf.scrollIntoViewIfNeeded();
    await expect(revealOf).toHaveCSS("opacity", "1");

    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(revealOf).toHaveCSS("opacity", "1");
  });

  test("a signed-in visitor of /auth goes to the dashboard", async ({ page, account }) => {
    await page.goto("/auth");
    await expect(page).toHaveURL(/\/$/);
    // The signed-in shell names the speaker (the username until a profile name is saved).
    await expect(page.getByText(account.username).first()).toBeVisible();
  });
});

test.describe("legal pages", () => {
  for (const { path, title, mustSay } of [
    { path: "/privacy-policy", title: "Privacy Policy", mustSay: "at least 18 years old" },
    {
      path: "/terms-conditions",
      title: "Terms and Conditions",
      mustSay: "no automatic billing after the trial",
    },
  ]) {
    test(`${title} has a table of contents and passes axe`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(page.getByRole("main")).toContainText(mustSay, { ignoreCase: true });
      const contents = page.getByRole("navigation", { name: "Contents" }).getByRole("link");
      expect(await contents.count()).toBeGreaterThan(8);
      await contents.last().click();
      await expect(page).toHaveURL(/#contact$/);
      await expectNoAxeViolations(page);
    });
  }
});

test.describe("accessibility and looks", () => {
  test.beforeEach(async ({ page }) => {
    // Every section visible at once, so axe checks all of them and full-page screenshots show them.
    await page.emulateMedia({ reducedMotion: "reduce" });
  });

  test("axe finds nothing on the landing page or with the modal open", async ({ page }) => {
    await openLanding(page);
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("dialog").getByRole("button", { name: "Create account" }).click();
    await page.getByRole("dialog").getByLabel("Password", { exact: true }).fill("abc");
    await expectNoAxeViolations(page);
  });

  for (const width of [1280, 375]) {
    test(`screenshots at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await openLanding(page);
      await page.screenshot({ path: `${SCREENSHOTS}/landing-${width}.png`, fullPage: true });
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await page.screenshot({ path: `${SCREENSHOTS}/auth-modal-${width}.png` });
    });
  }

  test("no horizontal scrolling at 360 px", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    for (const path of ["/auth", "/privacy-policy", "/terms-conditions"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoSidewaysScroll(page, path);
    }
  });
});
