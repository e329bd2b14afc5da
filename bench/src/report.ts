import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { ComparisonResult, Row, Target } from './comparison.js';
import type { Machine } from './machine.js';

/** Everything one `pnpm bench` run produced: written as JSON, rendered as Markdown. */
export interface Report {
  command: string;
  date: string;
  smoke: boolean;
  durationMs: number;
  machine: Machine;
  comparisons: ComparisonResult[];
  /** The figures of the last full `pnpm test:stress` run (bench/results/hardening.json), when there is one. */
  hardening?: HardeningFigures;
}

/** What the stress suites record (test/support/stress-figures.ts): printed lines per suite. */
export interface HardeningFigures {
  mode: string;
  date: string;
  suites: Record<string, string[]>;
}

/** Writes the report as pretty JSON, creating the folder if needed. */
export async function writeJson(path: string, report: Report): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `${JSON.stringify(report, null, 2)}\n`);
}

/** Writes the Markdown rendering of the report. */
export async function writeMarkdown(path: string, report: Report): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, renderMarkdown(report));
}

/** Integers as they are; other numbers with about three significant digits; thousands separated. */
function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const magnitude = Math.abs(value);
  const digits =
    Number.isInteger(value) || magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : magnitude >= 1 ? 2 : 3;
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

function formatRatio(ratio: number | null, baseline: boolean): string {
  if (baseline) return 'baseline';
  return ratio === null ? '–' : `${ratio.toFixed(2)}×`;
}

function formatSamples(row: Row): string {
  if (row.samples.length === 1) return '1';
  const min = Math.min(...row.samples);
  const max = Math.max(...row.samples);
  return `${row.samples.length} (${formatNumber(min)}–${formatNumber(max)})`;
}

function formatDetails(row: Row): string {
  return Object.entries(row.details ?? {})
    .map(([key, value]) => `${key}: ${typeof value === 'number' ? formatNumber(value) : value}`)
    .join(', ');
}

function formatTarget(t: Target): string {
  const figure = Math.abs(t.measured) >= 100 ? formatNumber(t.measured) : t.measured.toFixed(2);
  // A target with no figure (NaN) says why instead of printing NaN.
  const measured =
    t.detail === undefined
      ? figure
      : Number.isNaN(t.measured)
        ? cell(t.detail)
        : `${figure} (${cell(t.detail)})`;
  const comparator = t.comparator === '<=' ? '≤' : '≥';
  return `| ${t.description} | ${measured} | ${comparator} ${formatNumber(t.limit)} | ${t.met ? 'met' : '**MISSED**'} |`;
}

// Markdown tables break on pipes and newlines inside a cell.
function cell(text: string): string {
  return text.replaceAll('|', '\\|').replaceAll('\n', ' ');
}

function renderComparison(result: ComparisonResult, index: number): string[] {
  const lines = [`## ${index + 1}. ${result.title}`, ''];
  lines.push(`\`${result.name}\` · ${result.status} in ${(result.durationMs / 1000).toFixed(1)} s`, '');
  if (result.status === 'crashed') {
    lines.push('**Crashed:**', '', '```', result.error ?? 'unknown error', '```', '');
    return lines;
  }
  lines.push('| group | variant | median | unit | ÷ baseline | samples: n (min–max) | details |');
  lines.push('|---|---|---:|---|---:|---|---|');
  for (const row of result.rows) {
    lines.push(
      `| ${cell(row.group)} | ${cell(row.label)} | ${formatNumber(row.median)} | ${row.unit} | ${formatRatio(row.ratio, row.baseline)} | ${formatSamples(row)} | ${cell(formatDetails(row))} |`,
    );
  }
  lines.push('');
  if (result.targets.length > 0) {
    lines.push('| target | measured | limit | status |', '|---|---:|---|---|');
    lines.push(...result.targets.map(formatTarget), '');
  }
  lines.push(`Settings: \`${JSON.stringify(result.settings)}\``, '');
  lines.push(...result.notes.map((note) => `- ${note}`), '');
  return lines;
}

// Not benchmarks: what the hardening suites survived, as they printed it, from their last full run.
function renderHardening(figures: HardeningFigures | undefined): string[] {
  if (!figures) return [];
  const lines = [
    '## Hardening figures',
    '',
    `From the last full \`pnpm test:stress\` run (${figures.mode} mode, ${figures.date}; \`bench/results/hardening.json\`). These are pass/fail tests; the figures say how much they exercised.`,
    '',
  ];
  for (const [suite, printed] of Object.entries(figures.suites)) {
    lines.push(`### ${suite}`, '', '```', ...printed, '```', '');
  }
  return lines;
}

/** Renders the report: machine, date, command, a summary of targets, then one table per comparison. */
function renderMarkdown(report: Report): string {
  const { machine } = report;
  const targets = report.comparisons.flatMap((c) => c.targets.map((t) => ({ comparison: c.name, ...t })));
  const crashed = report.comparisons.filter((c) => c.status === 'crashed').map((c) => c.name);
  const lines = [
    '# Benchmark results',
    '',
    `Generated by \`${report.command}\` (bench/src/run.ts) on ${report.date}, in ${(report.durationMs / 1000).toFixed(0)} s. Do not edit by hand: rerun the command. Raw samples: \`bench/results/latest.json\`; how to read this: \`bench/README.md\`.`,
    '',
    '| machine | |',
    '|---|---|',
    `| CPU | ${machine.cpuModel} |`,
    `| cores | ${machine.cores} |`,
    `| memory | ${machine.memoryGiB} GiB |`,
    `| Node | ${machine.node} |`,
    `| OS | ${machine.platform} |`,
    `| load average at start (1/5/15 min) | ${machine.loadAverage.join(' / ')} |`,
    '',
    '## Targets',
    '',
    '| comparison | target | measured | limit | status |',
    '|---|---|---:|---|---|',
    ...targets.map((t) => `| ${t.comparison} ${formatTarget(t)}`),
    '',
    `${targets.filter((t) => t.met).length} of ${targets.length} targets met.${crashed.length > 0 ? ` Crashed: ${crashed.join(', ')}.` : ''} What limits each result is in the notes under its table.`,
    '',
    ...report.comparisons.flatMap(renderComparison),
    ...renderHardening(report.hardening),
  ];
  return `${lines.join('\n').trimEnd()}\n`;
}
