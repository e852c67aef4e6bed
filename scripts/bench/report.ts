import { ms } from './stats.ts';

export type Status = 'ok' | 'miss' | '—' | 'skipped';

export interface SummaryRow {
  metric: string;
  figure: string;
  target: string;
  status: Status;
}

/** `ok` when `pass`, `miss` otherwise; NaN figures (phase failed) read as `miss`. */
export function judged(metric: string, figure: string, target: string, pass: boolean): SummaryRow {
  return { metric, figure, target, status: pass ? 'ok' : 'miss' };
}

/** A time judged against its ceiling: the figure in ms, the target '≤ ceiling ms'. */
export function withinMs(metric: string, value: number, ceiling: number): SummaryRow {
  return judged(metric, ms(value), `≤ ${ceiling} ms`, value <= ceiling);
}

export function info(metric: string, figure: string): SummaryRow {
  return { metric, figure, target: '—', status: '—' };
}

export function skipped(metric: string, why: string, target: string): SummaryRow {
  return { metric, figure: why, target, status: 'skipped' };
}

/** Columns padded to equal width, as Biome formats Markdown tables, so the file passes `biome ci`. */
export function markdownTable(rows: readonly SummaryRow[]): string {
  const cell = (text: string) => text.replaceAll('|', '\\|');
  const table = [
    ['Metric', 'Figure', 'Target', 'Result'],
    ...rows.map((r) => [cell(r.metric), cell(r.figure), cell(r.target), r.status]),
  ];
  const widths = [0, 1, 2, 3].map((c) => Math.max(3, ...table.map((row) => [...(row[c] ?? '')].length)));
  const line = (cells: readonly string[]) =>
    `| ${cells.map((text, c) => text + ' '.repeat((widths[c] ?? 0) - [...text].length)).join(' | ')} |`;
  const [header = [], ...body] = table;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}
