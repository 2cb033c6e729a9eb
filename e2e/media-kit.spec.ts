import type { APIRequestContext, Page, Request } from "@playwright/test";
import { fileMessages } from "../src/shared/file-size.ts";
import { makePng } from "../src/test/png.ts";
import { expect, expectNoAxeViolations, expectNoSidewaysScroll, expectToast, test } from "./fixtures.ts";

async function putWithCsrf(request: APIRequestContext, url: string, data: unknown) {
  const { csrfToken } = (await (await request.get("/api/csrf-token")).json()) as { csrfToken: string };
  const response = await request.put(url, { data, headers: { "x-csrf-token": csrfToken } });
  expect(response.ok(), await response.text()).toBe(true);
}

async function screenshot(page: Page, path: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path, fullPage: true });
}

const isThirdParty = (request: Request) =>
  !new URL(request.url()).hostname.match(/^(127\.0\.0\.1|localhost)$/);

test("a speaker builds a media kit, shares it with a planner on a phone, and revokes the link", async ({
  page,
  account,
  browser,
}) => {
  await putWithCsrf(page.request, "/api/speaker-profile", {
    name: "Jordan Rivera",
    title: "Leadership Speaker",
    email: "jordan@rivera.example",
    phone: "+1 303 555 0100",
    city: "Denver",
    state: "CO",
  });
  expect(account.user.id).toBeTruthy();

  await page.goto("/profile");
  await page.getByRole("tab", { name: "Media kit" }).click();
  await expect(page).toHaveURL(/tab=media-kit/);

  // Headshots and resources are saved as they are uploaded; a refused file shows the server's words.
  const headshots = page
    .locator("section, div")
    .filter({ has: page.getByText("Headshots", { exact: true }) })
    .last();
  await page
    .locator('input[type="file"]')
    .first()
    .setInputFiles({
      name: "jordan.png",
      mimeType: "image/png",
      buffer: makePng(240, 240),
    });
  await expectToast(page, "File added");
  await expect(page.getByRole("img", { name: "Headshot 1" })).toBeVisible();
  await expect(headshots.getByText("Primary")).toBeVisible();

  const resourceInput = page.locator('input[type="file"]').last();
  await resourceInput.setInputFiles({
    name: "setup.exe",
    mimeType: "application/octet-stream",
    buffer: Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0]),
  });
  await expect(
    page.getByRole("alert").filter({ hasText: `setup.exe: ${fileMessages.notAllowed}` }),
  ).toBeVisible();
  await resourceInput.setInputFiles({
    name: "intro-script.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("Please welcome Jordan Rivera, who has helped 200 teams lead through change.\n"),
  });
  await expectToast(page, "File added");
  await expect(page.getByText("intro-script.txt")).toBeVisible();

  const kit = page.getByRole("form", { name: "Media kit" });
  await kit.getByLabel("Address (slug)").fill("jordan-rivera");
  await kit.getByLabel("Headline").fill("Leading through change");
  await kit.getByLabel("Short bio").fill("Jordan helps leaders steer their teams through change.");
  await kit.getByRole("button", { name: "Add topic" }).click();
  await kit.getByLabel("Title").first().fill("Leading Through Change");
  await kit.getByLabel("Description").fill("A keynote on steady leadership when everything moves.");
  await kit.getByRole("checkbox", { name: "Keynote" }).check();
  await kit.getByRole("checkbox", { name: "Workshop" }).check();
  await kit.getByRole("button", { name: "Add video" }).click();
  await kit.getByLabel("YouTube or Vimeo link").fill("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
  await kit.getByRole("button", { name: "Add testimonial" }).click();
  await kit.getByLabel("Quote").fill("The best keynote our sales team has heard.");
  await kit.getByLabel("Author").fill("Sam Lee");
  await kit.getByLabel("Organization").fill("ACME");
  await kit.getByRole("button", { name: "Save media kit" }).click();
  await expectToast(page, "Media kit saved");
  const oneSheet = page.getByRole("link", { name: "Download one-sheet (PDF)" });
  const pdf = await page.request.get((await oneSheet.getAttribute("href"))!);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");

  await screenshot(page, "/tmp/media-kit-editor-1280.png");
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole("img", { name: "Headshot 1" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await screenshot(page, "/tmp/media-kit-editor-375.png");
  await page.getByRole("heading", { name: "Headshots" }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: "/tmp/media-kit-editor-375-files.png" });
  await page.setViewportSize({ width: 1280, height: 800 });

  // A media-kit link: its address is shown once.
  await page.getByRole("tab", { name: "Share links" }).click();
  await page.getByLabel("Label").fill("ACME sales kickoff");
  await page.getByRole("button", { name: "Create link" }).click();
  await expect(page.getByText("it is shown only once")).toBeVisible();
  const url = await page.getByLabel("Link address").inputValue();
  const path = new URL(url).pathname;
  expect(path).toMatch(/^\/share\/jordan-rivera\/[\w-]{20,}$/);
  await screenshot(page, "/tmp/media-kit-links-1280.png");

  // A planner opens it on a phone, in a browser that never signed in.
  const planner = await browser.newContext({ viewport: { width: 375, height: 800 }, acceptDownloads: true });
  const phone = await planner.newPage();
  const thirdParty: string[] = [];
  phone.on("request", (request) => {
    if (isThirdParty(request)) thirdParty.push(request.url());
  });
  const response = await phone.goto(path);
  expect(response?.status()).toBe(200);
  expect(await response?.text()).toContain(
    '<meta property="og:title" content="Jordan Rivera — Leadership Speaker">',
  );
  await expect(phone.getByRole("heading", { level: 1, name: "Jordan Rivera" })).toBeVisible();
  await expect(phone.getByText("Leading through change", { exact: true })).toBeVisible();
  await expect(phone.getByRole("img", { name: "Headshot of Jordan Rivera" })).toBeVisible();
  await expect(phone.getByRole("heading", { name: "Leading Through Change" })).toBeVisible();
  await expect(phone.getByText("The best keynote our sales team has heard.", { exact: false })).toBeVisible();
  await expect(phone.locator("iframe")).toHaveCount(0);
  expect(thirdParty).toEqual([]);
  await expectNoSidewaysScroll(phone);
  await expectNoAxeViolations(phone);
  await screenshot(phone, "/tmp/media-kit-public-375.png");

  const download = phone.waitForEvent("download");
  await phone.getByRole("link", { name: /Download intro-script\.txt/ }).click();
  expect((await download).suggestedFilename()).toBe("intro-script.txt");

  // The video's player loads only when the planner asks for it.
  await phone.getByRole("button", { name: /Play/ }).click();
  await expect(
    phone.locator('iframe[src^="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"]'),
  ).toHaveCount(1);
  await phone.setViewportSize({ width: 1280, height: 800 });
  await phone.goto(path);
  await expect(phone.getByRole("heading", { level: 1, name: "Jordan Rivera" })).toBeVisible();
  await screenshot(phone, "/tmp/media-kit-public-1280.png");

  // The speaker sees the visits and the download, then revokes the link.
  await page.reload();
  const row = page.getByRole("listitem").filter({ hasText: "ACME sales kickoff" });
  await expect(row.getByText("Downloads").locator("..").getByText("1")).toBeVisible();
  await row.getByRole("button", { name: "Revoke" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Revoke link" }).click();
  await expectToast(page, "Link revoked");
  await expect(row.getByText("Revoked", { exact: true }).first()).toBeVisible();

  const gone = await phone.goto(path);
  expect(gone?.status()).toBe(404);
  await expect(phone.getByRole("heading", { name: "This link is no longer available" })).toBeVisible();
  await screenshot(phone, "/tmp/media-kit-unavailable-1280.png");
  await planner.close();
});
