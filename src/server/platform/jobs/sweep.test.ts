import { describe, expect, it } from "vitest";
import { startSweep } from "./sweep.ts";

describe("startSweep", () => {
  it("runs every task with the sweep's clock, and a failing task does not stop the others", async () => {
    const seen: string[] = [];
    const warnings: string[] = [];
    const clock = () => new Date("2030-01-01T00:00:00Z");
    const sweep = startSweep(
      [
        { name: "fails", run: async () => Promise.reject(new Error("boom")) },
        { name: "records", run: async (now) => seen.push(now.toISOString()) },
      ],
      3600,
      { warn: (details) => warnings.push((details as { task: string }).task) },
      clock,
    );
    await sweep.runNow();
    await sweep.runNow();
    await sweep.stop();
    expect(seen).toEqual(["2030-01-01T00:00:00.000Z", "2030-01-01T00:00:00.000Z"]);
    expect(warnings).toEqual(["fails", "fails"]);
  });
});
