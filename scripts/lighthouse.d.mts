/** The figures of one Lighthouse run, or their medians. */
export type PageFigures = {
  run: string;
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
