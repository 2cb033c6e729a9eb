/** The figures of one Lighthouse run, or their medians (of the runs Lighthouse could measure). */
export type PageFigures = {
  run: string;
  /** False for a run Lighthouse reported an error for (its figures are then missing). */
  isMeasured?: boolean;
  performance: number;
  lcpSeconds: number;
  tbtMs: number;
  cls: number;
  jsKib: number;
};

/** One page's runs and their medians. */
export type PageRuns = { path: string; version: string; runs: PageFigures[]; median: PageFigures };

export function measurePages(options: {
  paths: string[];
  runs?: number;
  dataDir: string;
  reportsDir?: string;
}): Promise<PageRuns[]>;

export function formatRuns(page: PageRuns): string;

/** A figure with `digits` decimals; "n/a" where Lighthouse could not measure it in a run. */
export function fixed(value: number | undefined, digits: number): string;
