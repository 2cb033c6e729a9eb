import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { startPlacesServer } from "../src/test/places-server.ts";
import { startStripeServer } from "../src/test/stripe-server.ts";
import { seedAdmin } from "./seed-admin.ts";

/**
 * Starts the real server for the browser tests on a throw-away embedded database, with rate limits
 * raised so that many sign-ups from one address are allowed, and removes the data when it stops.
 * It serves a private copy of dist/, so that a build started meanwhile (another run of the tests)
 * cannot pull the files from under the pages being tested.
 */
const DIST_DIR = path.resolve("dist");
const dataDir = mkdtempSync(path.join(tmpdir(), "podium-e2e-"));
const webDir = path.join(dataDir, "web");

/** Copies dist/ when it holds a complete build: index.html unchanged by the copy, its files all there. */
function copyCompleteBuild(): boolean {
  const indexPath = path.join(DIST_DIR, "index.html");
  if (!existsSync(indexPath)) return false;
  const html = readFileSync(indexPath, "utf8");
  rmSync(webDir, { recursive: true, force: true });
  try {
    cpSync(DIST_DIR, webDir, { recursive: true });
  } catch {
    return false;
  }
  const referenced = [...html.matchAll(/"\/(assets\/[^"]+)"/g)].map((match) => match[1]!);
  const isSameBuild = existsSync(indexPath) && readFileSync(indexPath, "utf8") === html;
  return isSameBuild && referenced.every((file) => existsSync(path.join(webDir, file)));
}

let isCopied = copyCompleteBuild();
for (let second = 0; !isCopied && second < 180; second++) {
  await sleep(1000);
  isCopied = copyCompleteBuild();
}
if (!isCopied) {
  console.error('dist/ holds no complete build of the web app; run "npm run build" first.');
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
}

await seedAdmin(dataDir);
const port = process.env.E2E_PORT ?? "4317";
// The origin the browser uses (playwright.config.ts), so Stripe's return pages land where the session cookie
// lives and passkeys are made for the host the browser is on.
const appUrl = `http://localhost:${port}`;
const webhookSecret = "whsec_test_e2e";
// Billing on, against a local server that answers like Stripe (its Connect onboarding and Checkout pages
// send their events to the app's webhook); e2e_admin (when registered) is an admin.
const stripe = await startStripeServer({
  webhook: { url: `${appUrl}/api/webhooks/stripe`, secret: webhookSecret },
});
// Places near a venue from a local server answering like Nominatim and Overpass (never the internet).
const places = await startPlacesServer();

// What `npm start` runs: the server bundle (rebuilt first if the server's sources changed).
const server = spawn(process.execPath, ["scripts/start.mjs", `--web-dist=${webDir}`], {
  stdio: "inherit",
  env: {
    ...process.env,
    PORT: port,
    APP_URL: appUrl,
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    RATE_LIMIT_FACTOR: "100",
    LOG_LEVEL: "warn",
    STRIPE_SECRET_KEY: "sk_test_e2e",
    STRIPE_PRICE_ID: "price_test_e2e",
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_BASE: stripe.url,
    ADMIN_USERNAMES: "e2e_admin",
    GEOCODER_URL: places.geocoderUrl,
    OVERPASS_URL: places.overpassUrl,
  },
});

const stop = (signal: NodeJS.Signals) => server.kill(signal);
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
server.on("exit", (code) => {
  void stripe.close();
  void places.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
