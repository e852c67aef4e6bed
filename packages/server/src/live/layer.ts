import { createHash } from 'node:crypto';
import {
  type Clock,
  type DepartureItem,
  formatTime,
  LIVE_STALE_MS,
  type LivePrediction,
  predictTrip,
  vilniusTime,
} from '@bus/core';
import { type LiveTrip, liveStamp, liveTripsSince, type OpenedLive } from '@bus/db';
import type { ReadContext } from '../public-read/read-context.ts';
import { type LiveTripPlan, liveTripPlan } from './plans.ts';

/** What a departure carries when its bus is followed (the departures answer's `live`). */
export interface DepartureLive {
  /** 'HH:MM' the bus is expected (planned when there is no live data). */
  expectedTime: string;
  /** Minutes late at this stop (negative: early); null without live data. */
  delayMinutes: number | null;
  /** Seconds since the bus last reported. */
  positionAge: number;
  /** The bus has left this stop. */
  departed: boolean;
  /** No report for 3 minutes: the planned time again. */
  noLiveData?: true;
}

export type LiveDepartureItem = DepartureItem & { live?: DepartureLive };

/** A followed trip with its plan for the day. */
export interface LiveEntry {
  trip: LiveTrip;
  plan: LiveTripPlan;
}

/** How often a serving process looks whether another has written (the 2-second promise holds with room). */
const LOOK_EVERY_MS = 250;
/** How long after its last report a trip is still part of the live state (its stops stay departed). */
const KEEP_IN_STATE_MS = 3 * 60 * 60_000;

/**
 * The live state of one serving process (issue 40): the trips followed now, read from the live
 * database (its own file: a report never moves the timetable's generation, so no kept answer
 * is thrown away) and laid over the public answers as the service changes are. Every process
 * reads the same file and looks for another's writes at most every quarter second, so all see a
 * report within a second.
 */
export class LiveLayer {
  private rows: LiveTrip[] = [];
  private byTrip = new Map<string, LiveTrip>();
  private stamp = '';
  private lookedAt = Number.NEGATIVE_INFINITY;
  private predictions = new Map<string, { at: number; updatedAt: number; prediction: LivePrediction }>();

  constructor(
    readonly live: OpenedLive,
    private readonly clock: Clock,
    /** Counts each report for the operator's figures (metrics.ts). */
    readonly counted: (source: 'phone' | 'feed', outcome: 'accepted' | 'refused') => void = () => {},
  ) {}

  /** How many buses are in service now: followed today, reported within 3 minutes, not over. */
  inService(): number {
    this.refresh();
    const now = this.clock().getTime();
    let count = 0;
    for (const trip of this.rows)
      if (
        trip.endedAt === null &&
        trip.progress !== null &&
        !trip.progress.ended &&
        now - trip.progress.lastAt <= LIVE_STALE_MS
      )
        count++;
    return count;
  }

  /** After this process wrote: the next read looks at once. */
  touched(): void {
    this.lookedAt = Number.NEGATIVE_INFINITY;
  }

  private refresh(): void {
    // On the process's own steady clock, not the app's (which tests fix at one moment).
    const now = performance.now();
    if (now - this.lookedAt < LOOK_EVERY_MS) return;
    this.lookedAt = now;
    const stamp = liveStamp(this.live);
    if (stamp === this.stamp) return;
    this.stamp = stamp;
    this.rows = liveTripsSince(this.live, this.clock().getTime() - KEEP_IN_STATE_MS).filter(
      (t) => t.progress !== null,
    );
    this.byTrip = new Map(this.rows.map((t) => [`${t.tripId}|${t.serviceDate}`, t]));
    this.predictions.clear();
  }

  /** Whether any trip is followed (with a position) now. */
  following(): boolean {
    this.refresh();
    return this.byTrip.size > 0;
  }

  /** The followed trip `tripId` on `date`, when there is one with a position. */
  tripOn(tripId: number, date: string): LiveTrip | undefined {
    this.refresh();
    return this.byTrip.get(`${tripId}|${date}`);
  }

  /** Every trip with a position, reported within the last 3 hours. */
  trips(): readonly LiveTrip[] {
    this.refresh();
    return this.rows;
  }

  /** What riders see of a followed trip now (worked out at most once a second per trip). */
  predict(entry: LiveEntry, now = this.clock().getTime()): LivePrediction {
    const key = `${entry.trip.tripId}|${entry.trip.serviceDate}`;
    const second = Math.floor(now / 1000);
    const kept = this.predictions.get(key);
    if (kept !== undefined && kept.at === second && kept.updatedAt === entry.trip.updatedAt)
      return kept.prediction;
    const prediction = predictTrip(
      entry.plan.visits,
      entry.plan.serviceDate,
      entry.trip.progress as NonNullable<LiveTrip['progress']>,
      now,
    );
    this.predictions.set(key, { at: second, updatedAt: entry.trip.updatedAt, prediction });
    return prediction;
  }

  /** The followed trip with its plan (the plan of the request's generation), or undefined. */
  async entry(read: ReadContext, tripId: number, date: string): Promise<LiveEntry | undefined> {
    const trip = this.tripOn(tripId, date);
    if (trip === undefined) return undefined;
    const plan = await liveTripPlan(read, tripId, date);
    return typeof plan === 'string' ? undefined : { trip, plan };
  }

  /**
   * What names the live part of an answer about `tripIds` on `date`, for its ETag: '' when none
   * of them is followed; else a short hash of each followed trip's last report, whether it has
   * gone quiet, and its position's age in tens of seconds (the answer says the age).
   */
  tagOf(date: string, tripIds: Iterable<number> | 'all'): string {
    this.refresh();
    if (this.byTrip.size === 0) return '';
    const now = this.clock().getTime();
    const parts: string[] = [];
    const ids =
      tripIds === 'all' ? this.rows.filter((t) => t.serviceDate === date).map((t) => t.tripId) : tripIds;
    for (const id of ids) {
      const trip = this.byTrip.get(`${id}|${date}`);
      if (trip === undefined) continue;
      const age = now - (trip.progress?.lastAt ?? trip.updatedAt);
      parts.push(`${id}:${trip.updatedAt}:${age > LIVE_STALE_MS ? 's' : Math.floor(age / 10_000)}`);
    }
    if (parts.length === 0) return '';
    return createHash('sha256').update(parts.join(',')).digest('base64url').slice(0, 12);
  }

  /**
   * Departures of `stopId` on `date` with the live part laid over the trips followed now: the
   * expected time, the delay at this stop, the position's age, and whether the bus has left
   * (a bus that has left is tooLate, whatever its planned time; a late one that has not is not).
   * The items are new objects; the kept answer is never changed.
   */
  async departures(
    read: ReadContext,
    stopId: number,
    date: string,
    items: readonly LiveDepartureItem[],
  ): Promise<LiveDepartureItem[] | undefined> {
    this.refresh();
    if (this.byTrip.size === 0) return undefined;
    let laid: LiveDepartureItem[] | undefined;
    const now = this.clock().getTime();
    for (let i = 0; i < items.length; i++) {
      const item = items[i] as LiveDepartureItem;
      if (item.cancelled || !this.byTrip.has(`${item.tripId}|${date}`)) continue;
      const entry = await this.entry(read, item.tripId, date);
      if (entry === undefined) continue;
      const live = departureLive(entry, this.predict(entry, now), stopId, item.timeDepart);
      if (live === undefined) continue;
      laid ??= [...items];
      laid[i] = {
        ...item,
        tooLate: live.departed || (live.noLiveData === true && item.tooLate),
        live,
      };
    }
    return laid;
  }
}

/** The live part of one departure: the trip's visit to `stopId` at `timeDepart`. */
export function departureLive(
  { plan }: LiveEntry,
  prediction: LivePrediction,
  stopId: number,
  timeDepart: string,
): DepartureLive | undefined {
  let at = plan.visits.findIndex((v) => v.stopId === stopId && formatTime(v.minute) === timeDepart);
  if (at === -1) at = plan.visits.findIndex((v) => v.stopId === stopId);
  const stop = prediction.stops[at];
  if (stop === undefined) return undefined;
  const departed = stop.status === 'passed';
  // To the nearest minute: a bus expected at 10:04:50 is shown at 10:05.
  const expected = vilniusTime(stop.expected + 30_000);
  if (prediction.stale)
    return {
      expectedTime: timeDepart,
      delayMinutes: null,
      positionAge: prediction.positionAge,
      departed,
      noLiveData: true,
    };
  return {
    expectedTime: formatTime(expected.minutes),
    delayMinutes: Math.round((stop.expected - stop.planned) / 60_000),
    positionAge: prediction.positionAge,
    departed,
  };
}

/** What a live-laid answer showed: its date, its trips and the live tag it was made under. */
export interface LiveAnswer {
  date: string;
  /** 'all': every trip followed that day (the GTFS-Realtime feeds). */
  tripIds: number[] | 'all';
  tag: string;
}

const liveAnswers = new WeakMap<object, LiveAnswer>();

/** Notes what a request's live-laid answer showed (its read context names the request). */
export function noteLiveAnswer(read: ReadContext, answer: LiveAnswer): void {
  liveAnswers.set(read, answer);
}

/** What noteLiveAnswer noted for the request, if anything. */
export function liveAnswerOf(read: ReadContext | undefined): LiveAnswer | undefined {
  return read === undefined ? undefined : liveAnswers.get(read);
}
