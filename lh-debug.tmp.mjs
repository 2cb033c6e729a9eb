import { spawn } from "node:child_process";
import lighthouse from "lighthouse";

const chrome = spawn(
  "/usr/bin/chromium",
  [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--remote-debugging-port=9333",
    "--user-data-dir=/tmp/lhprof",
    "about:blank",
  ],
  { stdio: "ignore" },
);
await new Promise((r) => setTimeout(r, 2000));
const { lhr } = await lighthouse(process.argv[2], {
  port: 9333,
  output: "json",
  logLevel: "error",
  onlyCategories: ["performance"],
});
const pick = (id) => lhr.audits[id];
console.log("TBT", pick("total-blocking-time").numericValue, "perf", lhr.categories.performance.score);
for (const i of pick("long-tasks").details.items.slice(0, 12))
  console.log("long", Math.round(i.startTime), Math.round(i.duration), i.url);
for (const i of pick("bootup-time").details.items.slice(0, 8))
  console.log("boot", i.url, Math.round(i.total), Math.round(i.scripting), Math.round(i.scriptParseCompile));
for (const i of pick("mainthread-work-breakdown").details.items)
  console.log("mt", i.groupLabel, Math.round(i.duration));
for (const i of pick("network-requests").details.items.filter((i) => i.resourceType === "Script"))
  console.log("net", i.url.split("/").pop(), i.transferSize, Math.round(i.networkRequestTime));
chrome.kill();
