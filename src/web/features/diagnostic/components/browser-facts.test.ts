import { describe, expect, it } from "vitest";
import { describeBrowser } from "./browser-facts.ts";

describe("describeBrowser", () => {
  it.each([
    [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      { browser: "Chrome 131.0.0.0", os: "Linux" },
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      { browser: "Safari 17.5", os: "iOS" },
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86",
      { browser: "Edge 131.0.2903.86", os: "Windows" },
    ],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0",
      { browser: "Firefox 128.0", os: "macOS" },
    ],
    ["curl/8.0", { browser: "Unknown browser", os: "Unknown system" }],
  ])("names %s", (userAgent, expected) => {
    expect(describeBrowser(userAgent)).toEqual(expected);
  });
});
