import { expect, type Page } from "@playwright/test";

/** Opens /auth and waits for the lazily loaded page to replace the loading spinner. */
export async function openLanding(page: Page) {
  await page.goto("/auth");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
}

/** The inline signup form's section (spec §2: anchor signup-form). */
export function signupForm(page: Page) {
  return page.locator("#signup-form");
}

/** Scrolls to the inline signup form as a visitor would and waits until it can be used (it loads near the screen). */
export async function scrollToSignupForm(page: Page) {
  await signupForm(page).scrollIntoViewIfNeeded();
  await expect(signupForm(page).locator("[inert]")).toHaveCount(0);
}

/** Types a value into a field, then leaves it, which is when the forms validate (spec §5). */
export async function fillAndBlur(page: Page, label: string, value: string, scope = signupForm(page)) {
  const field = scope.getByLabel(label, { exact: true });
  await field.fill(value);
  await field.blur();
}
