/**
 * What a long command is doing, on stderr (stdout stays the summary that scripts read). On a
 * terminal: one line redrawn in place, with the phase, a bar, the count and the time left. Not on
 * a terminal (a log, a pipe): one plain line a second at most, and none in the first second, so
 * a quick command prints nothing. `--quiet` prints nothing at all.
 *
 * Our own small renderer rather than a library: it is a few lines, it takes the clock as a
 * parameter (tests run it on a fixed or stepped clock), and its plain mode is what a log wants.
 */

/** `--quiet`: for the commands that show their progress, none of it (for scripts and cron). */
export const QUIET_OPTION = { quiet: { type: 'boolean' } } as const;

export interface ProgressStream {
  write(text: string): unknown;
  /** True on a terminal (process.stderr has it); absent or false elsewhere. */
  isTTY?: boolean;
  /** The terminal's width, when known. */
  columns?: number;
}

export interface ProgressOptions {
  stream: ProgressStream;
  /** Milliseconds from any fixed start (performance.now); only differences are used. */
  now: () => number;
  quiet?: boolean;
}

/** How a phase counts: its unit decides how the count is shown. */
export type ProgressUnit = 'bytes' | 'items' | 'pages' | 'schedules';

/** How often a terminal line is redrawn, and how often a plain line is printed. */
const TTY_REDRAW_MS = 100;
const PLAIN_EVERY_MS = 1000;

export class Progress {
  private readonly stream: ProgressStream;
  private readonly now: () => number;
  private readonly quiet: boolean;
  private readonly tty: boolean;
  private phaseName = '';
  private total: number | null = null;
  private unit: ProgressUnit = 'items';
  private done = 0;
  private phaseStart: number;
  private readonly started: number;
  /** When a line was last drawn or printed (the start counts as one: nothing in the first second). */
  private lastShown: number;
  /** A terminal line is on screen and must be cleared before other output. */
  private drawn = false;

  constructor(options: ProgressOptions) {
    this.stream = options.stream;
    this.now = options.now;
    this.quiet = options.quiet === true;
    this.tty = options.stream.isTTY === true;
    this.phaseStart = this.now();
    this.started = this.phaseStart;
    this.lastShown = this.phaseStart;
  }

  /** A new phase: its name ('reading national.json'), and its total when it is known. */
  phase(name: string, total: number | null = null, unit: ProgressUnit = 'items'): void {
    this.phaseName = name;
    this.total = total;
    this.unit = unit;
    this.done = 0;
    this.phaseStart = this.now();
    // A phase that blocks the process (one long SQL statement) is named when it starts.
    this.show(true);
  }

  /** How far the phase is (and its total, when that is learnt as it goes); cheap enough to call for every item. */
  update(done: number, total?: number): void {
    if (total !== undefined) this.total = total;
    this.done = done;
    this.show(false);
  }

  /** The phase's name, for callers that are told a step by name. */
  get current(): string {
    return this.phaseName;
  }

  /** Clears the terminal line, so what the command prints next starts on a clean line. */
  end(): void {
    if (this.drawn) this.stream.write('\r\u001b[K');
    this.drawn = false;
  }

  private show(phaseChanged: boolean): void {
    if (this.quiet) return;
    const at = this.now();
    if (this.tty) {
      if (!phaseChanged && at - this.lastShown < TTY_REDRAW_MS) return;
      this.lastShown = at;
      const line = this.line(at, true);
      const width = Math.max(20, (this.stream.columns ?? 80) - 1);
      this.stream.write(`\r${line.length > width ? line.slice(0, width) : line}\u001b[K`);
      this.drawn = true;
      return;
    }
    // A new phase is said at once (it may be one long statement that updates nothing), unless
    // the whole command is still in its first second; counts at most once a second.
    if (phaseChanged ? at - this.started < PLAIN_EVERY_MS : at - this.lastShown < PLAIN_EVERY_MS) return;
    this.lastShown = at;
    this.stream.write(`${this.line(at, false)}\n`);
  }

  /** 'importing x.json [####----] 45% 123.4 MB of 276.9 MB, about 12 s left' (plain: no bar, a colon). */
  private line(at: number, bar: boolean): string {
    const elapsed = at - this.phaseStart;
    const facts: string[] = [];
    const total = this.total;
    let head = bar ? this.phaseName : `${this.phaseName}:`;
    if (total !== null && total > 0) {
      const share = Math.min(1, this.done / total);
      const width = 24;
      const full = Math.round(share * width);
      if (bar) head += ` [${'#'.repeat(full)}${'-'.repeat(width - full)}]`;
      head += ` ${Math.floor(share * 100)}%`;
      facts.push(`${this.count(this.done)} of ${this.count(total)}${this.unitWord()}`);
      // The rate so far says when the rest is done; said only once there is a rate to go by.
      if (this.done > 0 && this.done < total && elapsed >= 1000) {
        facts.push(`about ${duration((elapsed * (total - this.done)) / this.done)} left`);
      }
    } else {
      if (this.done > 0) facts.push(`${this.count(this.done)}${this.unitWord()}`);
      if (elapsed >= 1000) facts.push(`${duration(elapsed)} so far`);
    }
    // A phase just begun, with nothing to count yet, is its name alone.
    if (facts.length === 0) return bar ? `${this.phaseName} …` : this.phaseName;
    return `${head} ${facts.join(', ')}`;
  }

  private unitWord(): string {
    return this.unit === 'bytes' || this.unit === 'items' ? '' : ` ${this.unit}`;
  }

  private count(n: number): string {
    return this.unit === 'bytes' ? `${(n / 1_048_576).toFixed(1)} MB` : Math.round(n).toLocaleString('en-US');
  }
}

/** '45 s', '3 min 5 s'. */
export function duration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${seconds % 60} s`;
}

/** A progress that shows nothing, for code paths that report progress only when asked. */
export const NO_PROGRESS = new Progress({ stream: { write: () => true }, now: () => 0, quiet: true });
