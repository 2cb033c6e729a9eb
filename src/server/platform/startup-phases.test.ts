import { describe, expect, it } from "vitest";
import { StartupPhases } from "./startup-phases.ts";

describe("start-up phases", () => {
  it("reports each phase's duration, the code loading before them and the total since the process started", () => {
    const clock = [812.4, 1000, 1450.6, 1500];
    const phases = new StartupPhases(() => clock.shift()!, "35.2");
    phases.end("openDatabase");
    phases.end("migrate");
    phases.end("listen");
    expect(phases.report()).toEqual({
      buildCheck: 35,
      loadCode: 812,
      openDatabase: 188,
      migrate: 451,
      listen: 49,
      total: 1500,
    });
  });

  it("leaves the build check out when the server was not started by npm start", () => {
    const phases = new StartupPhases(() => 100, undefined);
    expect(phases.report()).toEqual({ loadCode: 100, total: 100 });
  });
});
