#!/usr/bin/env node
/**
 * `npm run lighthouse`: Lighthouse's mobile preset (its default: a mid-range phone on a slow 4G link,
 * simulated) on the landing page, three runs on Debian's Chromium, printing each run and the median.
 * A manual benchmark, not a CI step: its figures move with the machine's load. Serves the current build
 * (run `npm run build` first) from a throw-away data folder. Options: --url=<page path> (default /auth),
 * --runs=<n>, --reports=<folder> (each run's full Lighthouse report as JSON, to see where the time went).
 * `measurePages` is the same measurement on pages of a data folder seeded beforehand (bench/public-pages.ts).
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import lighthouse from "lighthouse";
import { ROOT } from "./sources.mjs";

const FIGURES = ["performance", "lcpSeconds", "tbtMs", "cls", "jsKib"];

/**
 * Serves the current build on `dataDir` and runs Lighthouse `runs` times on each of `paths`; answers, for
 * each path, every run's figures and their medians (performance 0–100, LCP in seconds, TBT in ms, CLS, and
 * the JavaScript transferred in KiB).
 */
export async function measurePages({ paths, runs = 3, dataDir, reportsDir }) {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const server = spawn(process.execPath, [path.join(ROOT, "scripts/start.mjs")], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  let chrome;
  try {
    await waitForHealth(`http://127.0.0.1:${port}/api/health`);
    chrome = await launchChromium(process.env.CHROME_PATH ?? "/usr/bin/chromium");
    const pages = [];
    for (const pagePath of paths) {
      const results = [];
      let version = "";
      for (let run = 1; run <= runs; run++) {
        const lhr = await runLighthouse(`http://127.0.0.1:${port}${pagePath}`, chrome.port);
        version = lhr.lighthouseVersion;
        if (reportsDir) {
          const name = `${pagePath.split("/")[1] || "root"}-run-${run}.json`;
          mkdirSync(reportsDir, { recursive: true });
          writeFileSync(path.join(reportsDir, name), JSON.stringify(lhr));
        }
        const scripts = lhr.audits["resource-summary"].details?.items.find(
          (item) => item.resourceType === "script",
        );
        results.push({
          run: lhr.runtimeError ? `${run} (${lhr.runtimeError.code})` : String(run),
          performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
          lcpSeconds: lhr.audits["largest-contentful-paint"].numericValue / 1000,
          tbtMs: lhr.audits["total-blocking-time"].numericValue,
          cls: lhr.audits["cumulative-layout-shift"].numericValue,
          jsKib: (scripts?.transferSize ?? 0) / 1024,
          isMeasured: !lhr.runtimeError,
        });
      }
      // Of the runs Lighthouse could measure.
      const median = (key) => {
        const values = results
          .filter((result) => result.isMeasured)
          .map((result) => result[key])
          .sort((a, b) => a - b);
        return values[Math.floor(values.length / 2)];
      };
      const medians = { run: "median", ...Object.fromEntries(FIGURES.map((key) => [key, median(key)])) };
      pages.push({ path: pagePath, version, runs: results, median: medians });
    }
    return pages;
  } finally {
    if (chrome) {
      const exited = new Promise((resolve) => chrome.process.once("exit", resolve));
      chrome.process.kill();
      await exited;
      rmSync(chrome.profileDir, { recursive: true, force: true, maxRetries: 5 });
    }
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
  }
}

/** A figure with `digits` decimals; "n/a" where Lighthouse could not measure it in a run. */
export const fixed = (value, digits) => (typeof value === "number" ? value.toFixed(digits) : "n/a");

/** One page's runs and median as a Markdown table. */
export function formatRuns(page) {
  const lines = [
    "| run | performance | LCP | TBT | CLS | JavaScript transferred |",
    "|---|---|---|---|---|---|",
    ...[...page.runs, page.median].map(
      (row) =>
        `| ${row.run} | ${row.performance} | ${fixed(row.lcpSeconds, 2)} s | ${fixed(row.tbtMs, 0)} ms | ${fixed(row.cls, 3)} | ${fixed(row.jsKib, 1)} KiB |`,
    ),
  ];
  return lines.join("\n");
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const option = (name, fallback) =>
    process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
  const pagePath = option("url", "/auth");
  const runs = Number(option("runs", "3"));
  const dataDir = mkdtempSync(path.join(tmpdir(), "podium-lighthouse-"));
  try {
    const [page] = await measurePages({ paths: [pagePath], runs, dataDir, reportsDir: option("reports") });
    console.log(`Lighthouse ${page.version}, mobile preset, ${pagePath}, median of ${runs} runs:`);
    console.log(formatRuns(page));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** How many times a run is tried again when Lighthouse reports that it could not record the page load. */
const RETRIES = 2;

/**
 * One Lighthouse run of `url`. On a loaded machine Chromium's trace sometimes misses the navigation
 * (NO_NAVSTART): such a run is tried again, and kept with its error if it fails every time.
 */
async function runLighthouse(url, chromePort) {
  let lhr;
  for (let attempt = 0; attempt <= RETRIES && (!lhr || lhr.runtimeError); attempt++) {
    ({ lhr } = await lighthouse(url, {
      port: chromePort,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
    }));
  }
  return lhr;
}

/** Headless Chromium with a fresh profile, its DevTools port read from what it prints at start. */
async function launchChromium(executable) {
  const profileDir = mkdtempSync(path.join(tmpdir(), "podium-chromium-"));
  const browser = spawn(
    executable,
    [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--no-first-run",
      "--remote-debugging-port=0",
      `--user-data-dir=${profileDir}`,
      "about:blank",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  const port = await new Promise((resolve, reject) => {
    let output = "";
    browser.stderr.on("data", (chunk) => {
      output += chunk;
      const match = output.match(/DevTools listening on ws:\/\/[^:]+:(\d+)\//);
      if (match) resolve(Number(match[1]));
    });
    browser.once("exit", (code) => reject(new Error(`Chromium exited (${code}): ${output}`)));
    browser.once("error", (error) =>
      reject(new Error(`Chromium did not start (${executable}): ${error.message}`)),
    );
  });
  return { process: browser, port, profileDir };
}

async function waitForHealth(url) {
  for (let attempt = 0; attempt < 1200; attempt++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(500);
  }
  throw new Error(`The server did not become healthy at ${url}`);
}
