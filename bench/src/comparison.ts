/** One measured variant of a comparison, e.g. "raw fetch" for one operation. */
export interface Row {
  /** What is held constant across the rows it groups, e.g. the operation or the metric. */
  group: string;
  /** The variant measured in this row, e.g. `ours`, `raw fetch`, `vendor`. */
  label: string;
  unit: string;
  median: number;
  /** Every repetition, in the order measured (one value per repetition). */
  samples: number[];
  /** `median / baseline median` within the group; `null` for the baseline itself or when there is none. */
  ratio: number | null;
  baseline: boolean;
  /** Secondary figures that do not need their own row (e.g. non-2xx counts). */
  details?: Record<string, number | string>;
}

/** A target we hold ourselves to, and where the measurement stands against it. */
export interface Target {
  description: string;
  measured: number;
  limit: number;
  comparator: '<=' | '>=';
  met: boolean;
  /** Said beside the measured figure, e.g. its confidence interval, or why there is no figure (`measured` NaN). */
  detail?: string;
}

/** The outcome of one comparison, as written to the JSON and Markdown reports. */
export interface ComparisonResult {
  name: string;
  title: string;
  status: 'ran' | 'crashed';
  durationMs: number;
  /** Counts, durations and other settings, so a reader knows what was run. */
  settings: Record<string, unknown>;
  rows: Row[];
  targets: Target[];
  /** What limits a result, how the setup was built, anything a reader needs to interpret the rows. */
  notes: string[];
  error?: string;
}

/** What every comparison receives from the runner. */
export interface BenchContext {
  /** Tiny counts and durations: proves the comparison runs, measures nothing meaningful. */
  smoke: boolean;
  log: (message: string) => void;
}

/** What a comparison returns; the runner adds name, title, status and duration. */
export type ComparisonOutput = Pick<ComparisonResult, 'settings' | 'rows' | 'targets' | 'notes'>;

/** A side-by-side benchmark, one per file in `src/comparisons/`. */
export interface Comparison {
  name: string;
  title: string;
  run(context: BenchContext): Promise<ComparisonOutput>;
}
