import { expect, registerAccount, test, toastWith } from "./fixtures.ts";
import { fillAndBlur, openLanding, scrollToSignupForm, signupForm } from "./landing-helpers.ts";

test.describe("landing page forms", () => {
  test("the registration form validates each field on blur with the spec's messages", async ({ page }) => {
    await openLanding(page);
    await scrollToSignupForm(page);
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
    await scrollToSignupForm(page);
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
    await scrollToSignupForm(page);
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
