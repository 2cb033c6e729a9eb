import { randomBytes } from "node:crypto";
import { request as httpRequest } from "node:http";
import type { APIRequestContext } from "@playwright/test";
import { expect, postWithCsrf, readMailedLink, registerAccount, test } from "./fixtures.ts";
import { openLanding, signupForm } from "./landing-helpers.ts";

/** A GET with no headers but Host (no Accept), as `curl` or a link preview fetcher sends it. */
function bareGet(url: string): Promise<{ status: number; type: string; location: string; body: string }> {
  return new Promise((resolve, reject) => {
    const call = httpRequest(url, { headers: {} }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => {
        body += chunk;
      });
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          type: String(response.headers["content-type"] ?? ""),
          location: String(response.headers.location ?? ""),
          body,
        }),
      );
    });
    call.on("error", reject);
    call.end();
  });
}

test.describe("prerendered public pages without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the landing page shows its hero, pricing and FAQ before any script runs", async ({ page }) => {
    await page.goto("/auth");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("More Stage Time. Less Screen Time.");
    await expect(page.getByRole("button", { name: "Start My Free Trial" }).first()).toBeVisible();
    await expect(page.locator("#pricing")).toContainText("$21/month");
    await expect(page.locator("#pricing")).toContainText("30-day free trial");
    const question = page.locator("summary", {
      hasText: "Will I be charged automatically when the trial ends?",
    });
    await question.scrollIntoViewIfNeeded();
    await expect(question).toBeVisible();
    // Every section is visible: the fade-ins only hide what lies below the screen once the script runs.
    await expect(page.locator("#faq [data-reveal]").first()).toHaveCSS("opacity", "1");
    await question.click();
    await expect(page.getByText("There is no automatic billing after the trial.")).toBeVisible();
    await expect(signupForm(page).getByRole("heading", { name: "Start your free trial" })).toBeVisible();
    await expect(signupForm(page).locator("input[name=username]")).toBeAttached();
  });

  test("the policy pages are readable", async ({ page }) => {
    await page.goto("/privacy-policy");
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
    await expect(page).toHaveTitle("Privacy Policy — Podium");
    // The policy itself, not only its heading, is in the HTML.
    await expect(page.getByRole("main")).toContainText("at least 18 years old", { ignoreCase: true });
    await page.goto("/terms-conditions");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Terms");
    await expect(page.getByRole("main")).toContainText("no automatic billing after the trial", {
      ignoreCase: true,
    });
  });
});

/**
 * A verified speaker with a media kit, and the paths a planner opens from their links: the shared media
 * kit, a sent invoice, a contract to sign and the inquiry form.
 */
async function speakerWithLinks(request: APIRequestContext) {
  const account = await registerAccount(request);
  const verifyPath = await readMailedLink(request, account.email, "Verify your email", "/verify-email");
  await postWithCsrf(request, "/api/auth/verify-email", {
    token: new URL(verifyPath, "http://podium.test").searchParams.get("token"),
  });
  const { csrfToken } = (await (await request.get("/api/csrf-token")).json()) as { csrfToken: string };
  const put = (url: string, data: unknown) =>
    request.put(url, { data, headers: { "x-csrf-token": csrfToken } });
  const post = async (url: string, data: unknown) => (await postWithCsrf(request, url, data)).json();
  await put("/api/speaker-profile", { name: "Jordan Rivera", businessName: "Rivera Talks LLC" });
  const slug = `jordan-${randomBytes(4).toString("hex")}`;
  await put("/api/media-kit", {
    slug,
    headline: "Leading through change",
    shortBio: "Twenty years on stage.",
  });
  const share = await post("/api/share-links", { kind: "media_kit", label: "Kickoff" });
  const client = await post("/api/clients", { name: "Dana Lee", company: "ACME Corp" });
  const invoice = await post("/api/invoices", {
    clientId: client.id,
    items: [{ description: "Opening keynote", quantity: 1, unitPrice: 5000 }],
  });
  const sentInvoice = await post(`/api/invoices/${invoice.id}/send`, { to: "dana@acme.example" });
  const event = await post("/api/events", {
    title: "ACME Sales Kickoff",
    date: "2030-05-01",
    contactName: "Dana Lee",
    contactEmail: "dana@acme.example",
  });
  const contract = await post(`/api/events/${event.id}/contracts`, {});
  const sentContract = await post(`/api/contracts/${contract.id}/send`, {
    signerName: "Dana Lee",
    signerEmail: "dana@acme.example",
  });
  const pathOf = (url: string) => new URL(url).pathname;
  return {
    invoice: { id: invoice.id as string, number: invoice.number as string },
    contractTitle: contract.title as string,
    paths: {
      share: pathOf(share.url),
      invoice: pathOf(sentInvoice.publicUrl),
      sign: pathOf(sentContract.publicUrl),
      inquire: `/inquire/${slug}`,
    },
  };
}

test.describe("pages a planner opens from a link, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("show the media kit, the invoice, the agreement and the inquiry form from their HTML", async ({
    page,
    request,
  }) => {
    const { invoice, contractTitle, paths } = await speakerWithLinks(request);

    await page.goto(paths.share);
    await expect(page.getByRole("heading", { level: 1, name: "Jordan Rivera" })).toBeVisible();
    await expect(page.getByText("Leading through change")).toBeVisible();
    await expect(page.getByText("Twenty years on stage.")).toBeVisible();

    await page.goto(paths.invoice);
    await expect(page.getByRole("heading", { level: 1, name: `Invoice ${invoice.number}` })).toBeVisible();
    await expect(page.getByText("$5,000.00").first()).toBeVisible();
    await expect(page.getByText("to Dana Lee, ACME Corp")).toBeVisible();
    await expect(page.getByText("Rivera Talks LLC")).toBeVisible();

    await page.goto(paths.sign);
    await expect(page.getByRole("heading", { level: 1, name: contractTitle })).toBeVisible();
    await expect(page.getByRole("region", { name: "The agreement" })).toContainText("ACME Sales Kickoff");
    await expect(page.getByRole("heading", { name: "Consent to do business electronically" })).toBeVisible();

    await page.goto(paths.inquire);
    await expect(page.getByRole("heading", { name: "Tell Jordan Rivera about your event" })).toBeVisible();
    await expect(page.getByLabel("Organization")).toBeVisible();
  });
});

test.describe("pages a planner opens from a link, with JavaScript", () => {
  test("hydrate what the server rendered without an error, and count the planner's visit", async ({
    page,
    request,
  }) => {
    const { invoice, paths } = await speakerWithLinks(request);
    // A render that does not match the server's HTML is reported as an uncaught (recoverable) error.
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    for (const path of Object.values(paths)) {
      await page.goto(path);
      await page.waitForFunction(() =>
        Object.keys(document.getElementById("root") ?? {}).some((key) => key.startsWith("__reactContainer")),
      );
      await expect(page.locator("#root")).not.toContainText("Loading");
    }
    // The invoice page, once running, read the invoice through its JSON call, which counts the visit.
    await expect
      .poll(async () => (await (await request.get(`/api/invoices/${invoice.id}`)).json()).viewCount)
      .toBe(1);
    expect(errors).toEqual([]);
  });
});

test.describe("serving pages", () => {
  test("GET / without an Accept header sends a visitor to /auth, which is HTML; any page path is HTML", async ({
    baseURL,
  }) => {
    const home = await bareGet(`${baseURL}/`);
    expect(home.status).toBe(302);
    expect(home.location).toBe("/auth");
    const landing = await bareGet(`${baseURL}/auth`);
    expect(landing.status).toBe(200);
    expect(landing.type).toMatch(/^text\/html/);
    expect(landing.body).toContain("More Stage Time.");
    expect(landing.body).toContain("$21");
    const events = await bareGet(`${baseURL}/events/some-id`);
    expect(events.status).toBe(200);
    expect(events.type).toMatch(/^text\/html/);
    expect((await bareGet(`${baseURL}/assets/no-such-file.js`)).status).toBe(404);
  });

  test("a visitor's landing page loads none of the signed-in app's code", async ({ page, baseURL }) => {
    const appHtml = (await bareGet(`${baseURL}/events`)).body;
    const appEntry = /<script type="module"[^>]*src="([^"]+)"/.exec(appHtml)?.[1];
    expect(appEntry).toMatch(/^\/assets\/app-.*\.js$/);
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await openLanding(page);
    await page.getByRole("link", { name: "Pricing" }).first().click();
    await expect(page).toHaveURL(/#pricing$/);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts).not.toContain(appEntry);
    expect(scripts.some((script) => script.includes("react-router"))).toBe(false);
  });

  test("the landing page paints from its HTML alone, then loads React and hydrates", async ({ page }) => {
    const requested: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    await openLanding(page);
    const readTiming = () =>
      page.evaluate(() => ({
        firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0,
        hydration: performance
          .getEntriesByType("resource")
          .filter((entry) => /\/assets\/(hydrate|landing-page)-[^/]*\.js$/.test(entry.name))
          .map((entry) => entry.startTime),
      }));
    await expect.poll(async () => (await readTiming()).hydration.length).toBe(2);
    const timing = await readTiming();
    expect(timing.firstPaint).toBeGreaterThan(0);
    // React, the page module and everything they import are fetched only after the text was painted.
    for (const startTime of timing.hydration) expect(startTime).toBeGreaterThanOrEqual(timing.firstPaint);
    // The stylesheet is in the document: no request held the first paint back, and hydrating adds none.
    expect(requested.filter((path) => path.endsWith(".css"))).toEqual([]);
  });
});

test.describe("the hydrated landing page", () => {
  test("opens the sign-in modal, then the contact dialog, loading their code on demand", async ({ page }) => {
    await openLanding(page);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    const modal = page.getByRole("dialog", { name: "Welcome back" });
    await expect(modal.getByLabel("Username")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(modal).toBeHidden();

    await page.getByRole("contentinfo").getByRole("button", { name: "Contact Us" }).click();
    const contact = page.getByRole("dialog");
    await expect(contact.getByLabel("Message")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(contact).toBeHidden();
    await expect(page.getByRole("contentinfo").getByRole("button", { name: "Contact Us" })).toBeFocused();
  });

  test("a button pressed before the page is interactive is not lost", async ({ page }) => {
    // React arrives late, as on a slow phone: the visitor presses Sign In while the page is only HTML.
    let releaseReact: () => void = () => {};
    const reactHeld = new Promise<void>((resolve) => {
      releaseReact = resolve;
    });
    await page.route(/\/assets\/hydrate-[^/]*\.js$/, async (route) => {
      await reactHeld;
      await route.continue();
    });
    await openLanding(page);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    releaseReact();
    await expect(page.getByRole("dialog", { name: "Welcome back" }).getByLabel("Username")).toBeVisible();
  });
});
