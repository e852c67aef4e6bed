import type { AnswerTrips } from './kept-answers.ts';

/**
 * Live-laid answers made again before a rider asks for them (issue 40). A departures answer (or
 * a board) that shows a followed bus is kept under a tag of what riders see of it (LiveLayer
 * tagOf): when the bus leaves one of its stops, or its delay there moves by a minute, the next
 * rider to ask waited for the answer to be made again (the departures, the live part, the JSON,
 * the compression): the slowest answers of a steady load with buses on the road.
 *
 * Now, when a followed trip reports, the answers asked for in the last half minute that show it
 * are looked at, one at a time between the requests, and each whose live tag moved is made again
 * through the server's own door (`make`: an inject of its URL, as a browser asks it), so it is
 * kept under its new tag and the next rider is answered from what was kept. Nothing is shown
 * that a request would not show: the rider's request still works out the tag and takes the kept
 * answer only under it; one made too early for it is made again, as before.
 */
export class AnswersAhead {
  /** Answers asked for lately: URL → when it was last asked (ms, the process's steady clock) and its trips. */
  private readonly hot = new Map<string, { at: number; trips: AnswerTrips }>();
  /** The hot answers showing each trip. */
  private readonly byTrip = new Map<number, Set<string>>();
  /** How many (trip, answer) pairs byTrip holds. */
  private indexed = 0;
  private readonly due = new Set<string>();
  private draining = false;
  /** The second (of the steady clock) the making ahead last spent time in, and how much. */
  private spent = { second: -1, ms: 0 };

  constructor(
    private readonly options: {
      /** Whether the answer of `url` under its live tag now is kept already (undefined: not a live answer now). */
      kept: (url: string) => Promise<boolean | undefined>;
      /** Makes the answer of `url` as a request would, and keeps it. */
      make: (url: string) => Promise<void>;
      /** The process's steady clock, ms. */
      now?: () => number;
      /** How long an answer stays hot after it was last asked for. */
      hotForMs?: number;
      /** At most this many trips, over all the answers, are followed (the least recently asked leave first). */
      most?: number;
      /**
       * At most this many ms of each second go to making answers ahead (default 100: a tenth);
       * the rest are left to the riders' requests. Anyone may ask for many URLs of one answer
       * (another query string), and each would be made again with every change of its buses.
       */
      budgetMs?: number;
    },
  ) {}

  private get now(): number {
    return this.options.now === undefined ? performance.now() : this.options.now();
  }

  /** A rider asked for `url`, a live-laid answer showing `trips`. */
  asked(url: string, trips: AnswerTrips): void {
    const known = this.hot.get(url);
    // Least recently asked first in the map's order.
    if (known !== undefined) this.hot.delete(url);
    this.hot.set(url, { at: this.now, trips });
    if (known?.trips !== trips) {
      if (known !== undefined) this.unindex(url, known.trips);
      for (const id of tripsOf(trips)) {
        let urls = this.byTrip.get(id);
        if (urls === undefined) {
          urls = new Set();
          this.byTrip.set(id, urls);
        }
        if (!urls.has(url)) this.indexed++;
        urls.add(url);
      }
    }
    const most = this.options.most ?? 100_000;
    for (const [oldest, entry] of this.hot) {
      if (this.indexed <= most || oldest === url) break;
      this.forget(oldest, entry.trips);
    }
  }

  /** These followed trips reported: the hot answers showing them are looked at (soon, not now). */
  changed(tripIds: Iterable<number>): void {
    for (const id of tripIds) for (const url of this.byTrip.get(id) ?? []) this.due.add(url);
    if (this.due.size > 0 && !this.draining) {
      this.draining = true;
      setImmediate(() => void this.drain());
    }
  }

  /** How many answers are hot (asked for lately). */
  get size(): number {
    return this.hot.size;
  }

  private async drain(): Promise<void> {
    try {
      const hotFor = this.options.hotForMs ?? 30_000;
      for (const url of this.due) {
        this.due.delete(url);
        const entry = this.hot.get(url);
        if (entry === undefined) continue;
        if (this.now - entry.at > hotFor) {
          this.forget(url, entry.trips);
          continue;
        }
        const second = Math.floor(this.now / 1000);
        if (second !== this.spent.second) this.spent = { second, ms: 0 };
        if (this.spent.ms >= (this.options.budgetMs ?? 100)) {
          // Over this second's share: the riders' requests make the rest, as without this.
          this.due.clear();
          break;
        }
        const started = this.now;
        if ((await this.options.kept(url)) === false) await this.options.make(url);
        this.spent.ms += this.now - started;
        // The requests waiting meanwhile go first: one answer between them.
        await new Promise((resolve) => setImmediate(resolve));
      }
    } catch {
      // A failed making: the rider's request makes it, as without this.
      this.due.clear();
    } finally {
      this.draining = false;
    }
  }

  private forget(url: string, trips: AnswerTrips): void {
    this.hot.delete(url);
    this.unindex(url, trips);
  }

  private unindex(url: string, trips: AnswerTrips): void {
    for (const id of tripsOf(trips)) {
      const urls = this.byTrip.get(id);
      if (urls?.delete(url)) this.indexed--;
      if (urls?.size === 0) this.byTrip.delete(id);
    }
  }
}

/** The trips an answer shows (the GTFS-Realtime feeds, which show every trip, are not made ahead). */
function tripsOf(trips: AnswerTrips): readonly number[] {
  return trips.tripIds === 'all' ? [] : trips.tripIds;
}
