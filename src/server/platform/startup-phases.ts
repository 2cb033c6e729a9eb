/**
 * Durations of the start-up phases, in milliseconds: `buildCheck` (checking that the web app's and the
 * server's builds are current; the launcher, scripts/start.mjs, passes it on), `loadCode` from the process's
 * start to the first phase (the build check and loading the server), then one entry per phase, and `total`
 * from the process's start to the last phase.
 */
export class StartupPhases {
  readonly #phases: Record<string, number> = {};
  readonly #now: () => number;
  #last: number;

  constructor(now: () => number = () => performance.now(), buildCheckMs = process.env.PODIUM_BUILD_CHECK_MS) {
    this.#now = now;
    this.#last = now();
    const buildCheck = Number(buildCheckMs);
    if (buildCheckMs && Number.isFinite(buildCheck)) this.#phases.buildCheck = Math.round(buildCheck);
    this.#phases.loadCode = Math.round(this.#last);
  }

  /** Records the phase that ends now. */
  end(phase: string): void {
    const at = this.#now();
    this.#phases[phase] = Math.round(at - this.#last);
    this.#last = at;
  }

  report(): Record<string, number> {
    return { ...this.#phases, total: Math.round(this.#last) };
  }
}
