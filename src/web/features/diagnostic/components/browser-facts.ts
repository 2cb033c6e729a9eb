import { readStored, removeStored, writeStored } from "../../../lib/local-storage.ts";

/** The browser and operating system named by the user agent, in words support can read. */
export function describeBrowser(userAgent: string): { browser: string; os: string } {
  const browserPatterns: [string, RegExp][] = [
    ["Edge", /Edg\/([\d.]+)/],
    ["Opera", /OPR\/([\d.]+)/],
    ["Firefox", /Firefox\/([\d.]+)/],
    ["Chrome", /Chrome\/([\d.]+)/],
    ["Safari", /Version\/([\d.]+).*Safari/],
  ];
  const found = browserPatterns.find(([, pattern]) => pattern.test(userAgent));
  const browser = found ? `${found[0]} ${userAgent.match(found[1])![1]}` : "Unknown browser";
  const osPatterns: [string, RegExp][] = [
    ["Android", /Android [\d.]+/],
    ["iOS", /(iPhone|iPad).*OS [\d_]+/],
    ["Windows", /Windows NT [\d.]+/],
    ["macOS", /Mac OS X [\d_]+/],
    ["ChromeOS", /CrOS/],
    ["Linux", /Linux/],
  ];
  const os = osPatterns.find(([, pattern]) => pattern.test(userAgent))?.[0] ?? "Unknown system";
  return { browser, os };
}

/** True when this browser can write, read back and remove a local-storage value. */
export function isLocalStorageWorking(): boolean {
  const key = "podium:diagnostic-probe";
  writeStored(key, "1");
  const isWorking = readStored(key) === "1";
  removeStored(key);
  return isWorking;
}

/** True when cookies are on and the readable csrf-token cookie set by the server is present. */
export function areCookiesWorking(): boolean {
  return (
    navigator.cookieEnabled && document.cookie.split("; ").some((cookie) => cookie.startsWith("csrf-token="))
  );
}
