import { existsSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';

export interface Distribution {
  count: number;
  mean: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentiles of a list of samples (milliseconds, counts, ...). */
export function distribution(samples: readonly number[]): Distribution {
  const sorted = Float64Array.from(samples).sort();
  const at = (p: number) => {
    if (sorted.length === 0) return Number.NaN;
    const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
    return sorted[rank] as number;
  };
  let sum = 0;
  for (const v of sorted) sum += v;
  return {
    count: sorted.length,
    mean: sorted.length === 0 ? Number.NaN : sum / sorted.length,
    p50: at(50),
    p95: at(95),
    p99: at(99),
    max: sorted.length === 0 ? Number.NaN : (sorted[sorted.length - 1] as number),
  };
}

export function now(): number {
  return performance.now();
}

/**
 * CPU time of this process in milliseconds. On a shared machine wall time includes waiting
 * for a core; CPU time per query shows what the code itself costs.
 */
export function cpuNow(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

export function ms(value: number, digits = 3): string {
  return Number.isFinite(value) ? `${value.toFixed(digits)} ms` : 'n/a';
}

export function seconds(milliseconds: number): string {
  return `${(milliseconds / 1000).toFixed(1)} s`;
}

export function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function thousands(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

/** Progress goes to stderr, so stdout holds only the figures. */
export function progress(message: string): void {
  const stamp = new Date().toISOString().slice(11, 19);
  process.stderr.write(`[bench ${stamp}] ${message}\n`);
}

export function out(line = ''): void {
  process.stdout.write(`${line}\n`);
}

/** The load averages over 1, 5 and 15 minutes, as 'a / b / c'. */
export function loadLine(): string {
  return loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
}

/** A file's size in bytes; 0 when it is not there. */
export function fileSize(path: string): number {
  return existsSync(path) ? statSync(path).size : 0;
}
