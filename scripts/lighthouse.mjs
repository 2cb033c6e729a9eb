#!/usr/bin/env node
/**
 * `npm run lighthouse`: Lighthouse's mobile preset (its default: a mid-range phone on a slow 4G link,
 * simulated) on the landing page, three runs on Debian's Chromium, printing each run and the median.
 * A manual benchmark, not a CI step: its figures move with the machine's load. Serves the current build
 * (run `npm run build` first) from a throw-away data folder. Options: --url=<page path> (default /auth),
 * --runs=<n>, --reports=<folder> (each run's full Lighthouse report as JSON, to see where the time went).
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import lighthouse from "lighthouse";
import { ROOT } from "./sources.mjs";

const option = (name, fallback) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const pagePath = option("url", "/auth");
const runs = Number(option("runs", "3"));
const reportsDir = option("reports", undefined);
const port = 20_000 + Math.floor(Math.random() * 20_000);
const dataDir = mkdtempSync(path.join(tmpdir(), "podium-lighthouse-"));

const server = spawn(process.execPath, [path.join(ROOT, "scripts/start.mjs")], {
  env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "warn" },
  stdio: ["ignore", "ignore", "inherit"],
});
let chrome;
try {
  await waitForHealth(`http://127.0.0.1:${port}/api/health`);
  chrome = await launchChromium(process.env.CHROME_PATH ?? "/usr/bin/chromium");
  const results = [];
  let version = "";
  for (let run = 1; run <= runs; run++) {
    const { lhr } = await lighthouse(`http://127.0.0.1:${port}${pagePath}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
    });
    version = lhr.lighthouseVersion;
    if (reportsDir) {
      mkdirSync(reportsDir, { recursive: true });
      writeFileSync(path.join(reportsDir, `run-${run}.json`), JSON.stringify(lhr));
    }
    const scripts = lhr.audits["resource-summary"].details.items.find(
      (item) => item.resourceType === "script",
    );
    results.push({
      run: String(run),
      performance: Math.round(lhr.categories.performance.score * 100),
      lcpSeconds: lhr.audits["largest-contentful-paint"].numericValue / 1000,
      tbtMs: lhr.audits["total-blocking-time"].numericValue,
      cls: lhr.audits["cumulative-layout-shift"].numericValue,
      jsKib: (scripts?.transferSize ?? 0) / 1024,
    });
  }
  const median = (key) => {
    const values = results.map((result) => result[key]).sort((a, b) => a - b);
    return values[Math.floor(values.length / 2)];
  };
  const rows = [
    ...results,
    {
      run: "median",
      ...Object.fromEntries(
        ["performance", "lcpSeconds", "tbtMs", "cls", "jsKib"].map((key) => [key, median(key)]),
      ),
    },
  ];
  console.log(`Lighthouse ${version}, mobile preset, ${pagePath}, median of ${runs} runs:`);
  console.log("| run | performance | LCP | TBT | CLS | JavaScript transferred |");
  console.log("|---|---|---|---|---|---|");
  for (const row of rows) {
    console.log(
      `| ${row.run} | ${row.performance} | ${row.lcpSeconds.toFixed(2)} s | ${Math.round(row.tbtMs)} ms | ${row.cls.toFixed(3)} | ${row.jsKib.toFixed(1)} KiB |`,
    );
  }
} finally {
  if (chrome) {
    const exited = new Promise((resolve) => chrome.process.once("exit", resolve));
    chrome.process.kill();
    await exited;
    rmSync(chrome.profileDir, { recursive: true, force: true, maxRetries: 5 });
  }
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  rmSync(dataDir, { recursive: true, force: true });
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
