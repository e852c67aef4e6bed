/**
 * What keeps a sign-in flood cheap: password hashing (scrypt: 32 MiB and 50-100 ms of a core
 * each) never takes more cores than the public site can spare, and never queues without end.
 */

/**
 * Runs at most `concurrency` pieces of work at once; up to `maxWaiting` more wait their turn in
 * arrival order. Beyond that `run` answers null at once, without running the work, so a flood
 * from many addresses cannot queue unbounded work (password checks here, journeys planned in
 * public-read/journeys.ts).
 */
export class WorkGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly maxWaiting: number,
  ) {}

  /** The work running and waiting now (for tests and logs). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** True when a `run` now would be refused. */
  get full(): boolean {
    return this.running >= this.concurrency && this.waiting.length >= this.maxWaiting;
  }

  async run<T>(work: () => Promise<T>): Promise<T | null> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) return null;
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await work();
    } finally {
      // The turn passes straight to the next in line (running stays counted), else frees.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

/** The gate of the password checks (WorkGate). */
export class PasswordCheckGate extends WorkGate {}

/** One password check at a time: the other core stays free for the public site. */
export const PASSWORD_CHECKS_AT_ONCE = 1;
/** About two seconds of checks waiting; more are refused at once (signInBusy). */
export const PASSWORD_CHECKS_WAITING = 24;
