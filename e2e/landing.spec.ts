import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, registerAccount, test, toastWith } from "./fixtures.ts";

const SCREENSHOTS = "e2e/screenshots";

/** Opens /auth and waits for the lazily loaded page to replace the loading spinner. */
async function openLanding(page: Page) {
  await page.goto("/auth");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
}

function signupForm(page: Page) {
  return page.locator("#signup-form");
}

/** Types a value into a field, then leaves it, which is when the forms validate (spec §5). */
async function fillAndBlur(page: Page, label: string, value: string, scope = signupForm(page)) {
  const field = scope.getByLabel(label, { exact: true });
  await field.fill(value);
  await field.blur();
}

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

    const billingQuestion = page.getByRole("button", {
      name: "Will I be charged automatically when the trial ends?",
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

  test("the registration form validates each field on blur with the spec's messages", async ({ page }) => {
    await openLanding(page);
    const form = signupForm(page);
    const expectMessage = (text: string) => expect(form.getByText(text, { exact: true })).toBeVisible();

    await fillAndBlur(page, "Username", "ab");
    await expectMessage("Username must be at least 3 characters");
    await fillAndBlur(page, "Username", " alice");
    await expectMessage("Username cannot contain leading or trailing spaces");
    await fillAndBlur(page, "Username", "alice smith");
    await expectMessage("Username can only contain letters, numbers, underscores, and hyphens");
    await fillAndBlur(page, "Username", "a".repeat(51));
    await expectMessage("Username cannot exceed 50 characters");

    await fillAndBlur(page, "Email", "a@b");
    await expectMessage("Email is too short");
    await fillAndBlur(page, "Email", "not-an-email");
    await expectMessage("Invalid email address");

    await fillAndBlur(page, "Password", "Ab1!");
    await expectMessage("Password must be at least 8 characters");
    await fillAndBlur(page, "Password", "longenoughpassword");
    await expectMessage(
      "Password must include at least one uppercase letter, one lowercase letter, one number, and one special character",
    );
    await fillAndBlur(page, "Password", "x".repeat(129));
    await expectMessage("Password is too long");

    // Nothing is sent while a field is invalid.
    await form.getByRole("button", { name: "Start My Free Trial" }).click();
    await expect(page).toHaveURL(/\/auth/);
  });

  test("the password strength meter shows Weak, Good and Strong", async ({ page }) => {
    await openLanding(page);
    const password = signupForm(page).getByLabel("Password", { exact: true });
    const meter = signupForm(page).getByRole("meter", { name: "Password strength" });
    await password.fill("abc");
    await expect(meter).toHaveAttribute("aria-valuetext", /^Weak/);
    await password.fill("Abcdefgh1");
    await expect(meter).toHaveAttribute("aria-valuetext", /^Good/);
    await password.fill("Abcdefgh1!xy");
    await expect(meter).toHaveAttribute("aria-valuetext", /^Strong/);
  });

  test("the sign-in form requires both fields on blur", async ({ page }) => {
    await openLanding(page);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Welcome back" });
    await dialog.getByLabel("Username").focus();
    await dialog.getByLabel("Username").blur();
    await expect(dialog.getByText("Username is required")).toBeVisible();
    await dialog.getByLabel("Password", { exact: true }).focus();
    await dialog.getByLabel("Password", { exact: true }).blur();
    await expect(dialog.getByText("Password is required")).toBeVisible();
  });

  test("the modal links between its four modes as spec §4 says", async ({ page }) => {
    await openLanding(page);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toHaveAccessibleName("Welcome back");

    await dialog.getByRole("button", { name: "Forgot password?" }).click();
    await expect(dialog).toHaveAccessibleName("Reset your password");
    await dialog.getByRole("button", { name: "Back to sign in" }).click();
    await expect(dialog).toHaveAccessibleName("Welcome back");

    await dialog.getByRole("button", { name: "Forgot username?" }).click();
    await expect(dialog).toHaveAccessibleName("Recover your username");
    await dialog.getByRole("button", { name: "Back to sign in" }).click();

    await dialog.getByRole("button", { name: "Create account" }).click();
    await expect(dialog).toHaveAccessibleName("Start your free trial");
    await dialog.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(dialog).toHaveAccessibleName("Welcome back");
  });

  test("wrong credentials give the Login failed toast", async ({ page }) => {
    await openLanding(page);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Username").fill("nobody_here");
    await dialog.getByLabel("Password", { exact: true }).fill("Wrong!pass1");
    await dialog.getByRole("button", { name: "Sign In", exact: true }).click();
    const toast = toastWith(page, "Login failed");
    await expect(toast).toContainText("Invalid username or password");
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("a taken username shows the server's message under the field", async ({ page, request }) => {
    const taken = await registerAccount(request);
    await openLanding(page);
    await fillAndBlur(page, "Username", taken.username);
    await fillAndBlur(page, "Email", `other_${taken.email}`);
    await fillAndBlur(page, "Password", "Speaker!2026");
    await signupForm(page).getByRole("button", { name: "Start My Free Trial" }).click();
    await expect(toastWith(page, "Registration failed")).toContainText("This username is already taken");
    await expect(signupForm(page).getByText("This username is already taken")).toBeVisible();
  });

  test("the recovery forms answer with the spec's toasts", async ({ page }) => {
    await openLanding(page);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Forgot username?" }).click();
    await dialog.getByLabel("Email").fill("someone@example.com");
    await dialog.getByRole("button", { name: "Send My Username" }).click();
    await expect(toastWith(page, "Username Recovery Email Sent")).toContainText(
      "If your email is in our system, we will send your username to you.",
    );
    await expect(dialog).toHaveAccessibleName("Welcome back");
  });

  test("a signed-in visitor of /auth goes to the dashboard", async ({ page, account }) => {
    await page.goto("/auth");
    await expect(page).toHaveURL(/\/$/);
    // The signed-in shell names the speaker (the username until a profile name is saved).
    await expect(page.getByText(account.username).first()).toBeVisible();
  });
});

test.describe("contact dialog", () => {
  test("blank fields give the Missing Information toast; a full message is sent", async ({ page }) => {
    await openLanding(page);
    await page.getByRole("contentinfo").getByRole("button", { name: "Contact Us" }).click();
    const dialog = page.getByRole("dialog", { name: "Contact Us" });
    await expect(dialog.getByLabel("Email")).toHaveAttribute("type", "email");
    await dialog.getByLabel("Name").fill("   ");
    await dialog.getByLabel("Email").fill("planner@example.com");
    await dialog.getByLabel("Message").fill("Hello");
    await dialog.getByRole("button", { name: "Send Message" }).click();
    await expect(toastWith(page, "Missing Information")).toContainText(
      "Please fill in all fields before sending.",
    );
    await expect(dialog).toBeVisible();

    await dialog.getByLabel("Name").fill("Pat Planner");
    await dialog.getByRole("button", { name: "Send Message" }).click();
    await expect(toastWith(page, "Message Sent")).toContainText(
      "Thank you for your message! We'll get back to you soon.",
    );
    await expect(dialog).toBeHidden();
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
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});
