import {
  type Clock,
  type DepartureItem,
  expectedAt,
  formatTime,
  LIVE_STALE_MS,
  type LivePrediction,
  type LiveTripState,
  liveTripState,
  parseTime,
  predictTrip,
} from '@bus/core';
import { type LiveTrip, liveStamp, liveTripsChangedAfter, type OpenedLive } from '@bus/db';
import { generationKey, type ReadContext } from '../public-read/read-context.ts';
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
/** The position's age as answers say it: in steps of this many seconds (so an answer is kept that long). */
export const AGE_STEP_SECONDS = 15;

/** Where the live state keeps a trip's plan for a date. */
const planKey = (tripId: number, date: string) => `${tripId}|${date}`;

/** FNV-1a over 32-bit words: a short, cheap name of a list of numbers (a tag, not a secret). */
function fnv(words: readonly number[]): string {
  let hash = 0x811c9dc5;
  for (const word of words) {
    hash = Math.imul(hash ^ (word & 0xffff), 0x01000193);
    hash = Math.imul(hash ^ (word >>> 16), 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/**
 * The live state of one serving process (issue 40): the trips followed now, read from the live
 * database (its own file: a report never moves the timetable's generation, so no kept answer
 * is thrown away) and laid over the public answers as the service changes are. Every process
 * reads the same file: it looks at most every quarter second whether another has written, and
 * then reads only the trips written since (a change counter), so all see a report within a
 * second.
 */
export class LiveLayer {
  /** Followed trips with a position, by service date and trip id. */
  private byDate = new Map<string, Map<number, LiveTrip>>();
  private count = 0;
  /** Moves when a trip joins the state or leaves it (not with each report). */
  private members = 0;
  /** Of each answer's visits (tagOf's `visits`), the followed trips' ones, by the state's members. */
  private followed = new WeakMap<
    readonly LiveVisit[],
    { members: number; plans: object; date: string; visits: FollowedVisit[] }
  >();
  private seen = 0;
  private stamp = '';
  private lookedAt = Number.NEGATIVE_INFINITY;
  private prunedAt = 0;
  private predictions = new Map<string, { at: number; changed: number; prediction: LivePrediction }>();
  private plans = new WeakMap<object, Map<string, LiveTripPlan | null>>();
  /** Told the trips that reported, each time the state reads them (onChange). */
  private listeners: ((tripIds: number[]) => void)[] = [];

  constructor(
    readonly live: OpenedLive,
    private readonly clock: Clock,
    /** Counts each report, and how long it took to handle, for the operator's figures (metrics.ts). */
    readonly counted: (
      source: 'phone' | 'feed',
      outcome: 'accepted' | 'refused',
      seconds: number,
    ) => void = () => {},
  ) {}

  /** How many buses are in service now: followed today, reported within 3 minutes, not over. */
  inService(): number {
    const now = this.clock().getTime();
    let count = 0;
    for (const trip of this.trips())
      if (
        trip.endedAt === null &&
        trip.progress !== null &&
        !trip.progress.ended &&
        now - trip.progress.lastAt <= LIVE_STALE_MS
      )
        count++;
    return count;
  }

  /** The server's clock now, ms (the instant answers are laid at). */
  now(): number {
    return this.clock().getTime();
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
    const changed: number[] = [];
    for (const trip of liveTripsChangedAfter(this.live, this.seen)) {
      this.seen = Math.max(this.seen, trip.changed);
      changed.push(trip.tripId);
      let trips = this.byDate.get(trip.serviceDate);
      if (trips === undefined) {
        trips = new Map();
        this.byDate.set(trip.serviceDate, trips);
      }
      if (!trips.has(trip.tripId) && trip.progress !== null) {
        this.count++;
        this.members++;
      }
      if (trip.progress !== null) trips.set(trip.tripId, trip);
    }
    // Trips quiet for hours leave the state (checked once a minute).
    const at = this.clock().getTime();
    if (Math.abs(at - this.prunedAt) > 60_000) {
      this.prunedAt = at;
      for (const [date, trips] of this.byDate) {
        for (const [id, trip] of trips)
          if (at - trip.updatedAt > KEEP_IN_STATE_MS) {
            trips.delete(id);
            this.count--;
            this.members++;
          }
        if (trips.size === 0) this.byDate.delete(date);
      }
    }
    if (changed.length > 0) for (const listener of this.listeners) listener(changed);
  }

  /**
   * `listener` is told the trips that reported (or were started or ended), as the state reads
   * them: within a quarter second of a request or of `following()`. It must only note them: it
   * is called on a request's way.
   */
  onChange(listener: (tripIds: number[]) => void): () => void {
    this.listeners.push(listener);
    return () => {
      this.listeners = this.listeners.filter((l) => l !== listener);
    };
  }

  /** Whether any trip is followed (with a position) now. */
  following(): boolean {
    this.refresh();
    return this.count > 0;
  }

  /** The followed trip `tripId` on `date`, when there is one with a position. */
  tripOn(tripId: number, date: string): LiveTrip | undefined {
    this.refresh();
    return this.byDate.get(date)?.get(tripId);
  }

  /** Every trip with a position, reported within the last 3 hours. */
  trips(): LiveTrip[] {
    this.refresh();
    return [...this.byDate.values()].flatMap((trips) => [...trips.values()]);
  }

  /** What riders see of a followed trip now (worked out at most once a second per trip). */
  predict(entry: LiveEntry, now = this.clock().getTime()): LivePrediction {
    const key = `${entry.trip.tripId}|${entry.trip.serviceDate}`;
    const second = Math.floor(now / 1000);
    const kept = this.predictions.get(key);
    if (kept !== undefined && kept.at === second && kept.changed === entry.trip.changed)
      return kept.prediction;
    const prediction = predictTrip(
      entry.plan.visits,
      entry.plan.serviceDate,
      entry.trip.progress as NonNullable<LiveTrip['progress']>,
      now,
      entry.plan.planned,
    );
    if (this.predictions.size > 10_000) this.predictions.clear();
    this.predictions.set(key, { at: second, changed: entry.trip.changed, prediction });
    return prediction;
  }

  /** The followed trip with its plan (the plan of the request's generation), or undefined. */
  async entry(read: ReadContext, tripId: number, date: string): Promise<LiveEntry | undefined> {
    const trip = this.tripOn(tripId, date);
    if (trip === undefined) return undefined;
    let plan = this.planNow(read, tripId, date);
    if (plan === undefined) {
      const made = await liveTripPlan(read, tripId, date);
      plan = typeof made === 'string' ? null : made;
      this.plansOf(read).set(planKey(tripId, date), plan);
    }
    return plan === null ? undefined : { trip, plan };
  }

  /** The generation's plans already worked out (by trip and date; null: none), kept per generation. */
  private plansOf(read: ReadContext): Map<string, LiveTripPlan | null> {
    const key = generationKey(read);
    let plans = this.plans.get(key);
    if (plans === undefined) {
      plans = new Map();
      this.plans.set(key, plans);
    }
    return plans;
  }

  /** The plan when it is worked out already (no wait), null when there is none, else undefined. */
  planNow(read: ReadContext, tripId: number, date: string): LiveTripPlan | null | undefined {
    return this.plansOf(read).get(planKey(tripId, date));
  }

  /**
   * What names the live part of an answer about `tripIds` on `date`, for its ETag and kept copy:
   * '' when none of them is followed; else a short hash of what riders see of each followed
   * trip: how many stops it has left, its delay to the minute (an expected time is a planned
   * minute plus it), whether it has gone quiet, and its position's age in AGE_STEP_SECONDS. A
   * report that changes none of these (most do not) keeps the answer as it was. `exact`: every
   * report changes it. `visits`: the answer shows these trips at these stops only (departures,
   * the board), so only what it shows of each there names it (departureLive: gone or not, the
   * delay to the minute, no live data, the position's age in steps): a bus passing a stop before
   * the one an answer shows it at does not make that answer again.
   */
  async tagOf(
    read: ReadContext,
    date: string,
    tripIds: Iterable<number> | 'all',
    exact = false,
    visits?: readonly LiveVisit[],
  ): Promise<string> {
    this.refresh();
    const trips = this.byDate.get(date);
    if (trips === undefined || trips.size === 0) return '';
    const now = this.clock().getTime();
    const words: number[] = [];
    if (visits !== undefined && !exact) {
      // Asked on every request of a departures answer or a board: only its departures of trips
      // followed now are looked at (found once, while no trip joins or leaves the state).
      for (const { tripId, stopId, plan, at } of await this.followedAmong(read, date, trips, visits)) {
        const trip = trips.get(tripId);
        if (trip === undefined || trip.progress === null) continue;
        const state = tripStateAt(trip, plan, now);
        words.push(
          tripId,
          stopId,
          at < state.passed ? 1 : 0,
          state.stale ? 0x7fff : lateMinutes(plan, trip, state, at),
          state.stale ? 1 : 0,
          ageStep(state),
        );
      }
      return words.length === 0 ? '' : fnv(words);
    }
    for (const id of tripIds === 'all' ? trips.keys() : tripIds) {
      const trip = trips.get(id);
      if (trip === undefined || trip.progress === null) continue;
      // Without a wait when the plan is at hand (nearly always: a hot answer's tag is asked often).
      const plan = this.planNow(read, id, date);
      const entry =
        plan === undefined ? await this.entry(read, id, date) : plan === null ? undefined : { trip, plan };
      if (entry === undefined) continue;
      const { plan: followed, trip: progressOf } = entry;
      const p = liveTripState(
        followed.visits.length,
        followed.planned,
        progressOf.progress as NonNullable<LiveTrip['progress']>,
        now,
      );
      const delay = p.delaySeconds === null ? 0x7fff : Math.round(p.delaySeconds / 60);
      const passed = p.passed;
      words.push(
        id,
        passed,
        delay,
        p.stale ? 1 : 0,
        Math.floor(p.positionAge / AGE_STEP_SECONDS),
        p.ended ? 1 : 0,
      );
      // Exact: every report (the GTFS-Realtime feeds say each position and its time).
      if (exact) words.push(trip.changed);
    }
    return words.length === 0 ? '' : fnv(words);
  }

  /**
   * The visits of `visits` whose trips are followed now (in `trips`, the state's trips of
   * `date`), with their plans and the visit's place in them, in the order given; kept per
   * visits list until a trip joins or leaves the state or the generation changes.
   */
  private async followedAmong(
    read: ReadContext,
    date: string,
    trips: Map<number, LiveTrip>,
    visits: readonly LiveVisit[],
  ): Promise<FollowedVisit[]> {
    const plans = this.plansOf(read);
    const kept = this.followed.get(visits);
    if (kept !== undefined && kept.members === this.members && kept.plans === plans && kept.date === date)
      return kept.visits;
    const members = this.members;
    const found: FollowedVisit[] = [];
    for (const visit of visits) {
      if (!trips.has(visit.tripId)) continue;
      let plan = plans.get(planKey(visit.tripId, date));
      if (plan === undefined) plan = (await this.entry(read, visit.tripId, date))?.plan ?? null;
      if (plan === null) continue;
      const at = visitIndex(plan, visit.stopId, minuteOf(visit.timeDepart));
      if (at !== -1) found.push({ tripId: visit.tripId, stopId: visit.stopId, plan, at });
    }
    // Kept only when no trip joined or left while the plans were worked out.
    if (members === this.members) this.followed.set(visits, { members, plans, date, visits: found });
    return found;
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
    const trips = this.byDate.get(date);
    if (trips === undefined) return undefined;
    let laid: LiveDepartureItem[] | undefined;
    const now = this.clock().getTime();
    for (let i = 0; i < items.length; i++) {
      const item = items[i] as LiveDepartureItem;
      if (item.cancelled || !trips.has(item.tripId)) continue;
      const entry = await this.entry(read, item.tripId, date);
      if (entry === undefined) continue;
      const live = departureLive(entry, now, stopId, item.timeDepart);
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

/** The live part of one departure: the trip's visit to `stopId` at `timeDepart`, at `now`. */
export function departureLive(
  { plan, trip }: LiveEntry,
  now: number,
  stopId: number,
  timeDepart: string,
): DepartureLive | undefined {
  if (trip.progress === null) return undefined;
  const at = visitIndex(plan, stopId, minuteOf(timeDepart));
  const visit = plan.visits[at];
  if (visit === undefined) return undefined;
  // This stop alone (constant time): an answer asks it of each followed trip it shows.
  const state = tripStateAt(trip, plan, now);
  const departed = at < state.passed;
  // The age as the answer's tag names it (LiveLayer.tagOf): in steps, so a kept answer holds.
  const positionAge = ageStep(state);
  if (state.stale)
    return { expectedTime: timeDepart, delayMinutes: null, positionAge, departed, noLiveData: true };
  // To the nearest minute: a bus expected at 10:04:50 is shown at 10:05. From the planned wall
  // minute, so no time zone is worked out again.
  const late = lateMinutes(plan, trip, state, at);
  return {
    expectedTime: formatTime((((visit.minute + late) % 1440) + 1440) % 1440),
    delayMinutes: late,
    positionAge,
    departed,
  };
}

/** Minutes late (negative: early) at visit `at`, rounded as riders see it; not for a stale trip. */
function lateMinutes(plan: LiveTripPlan, trip: LiveTrip, state: LiveTripState, at: number): number {
  const expected = expectedAt(at, plan.planned, trip.progress as NonNullable<LiveTrip['progress']>, state);
  return Math.round((expected - (plan.planned[at] ?? 0)) / 60_000) + 0;
}

/** The position's age as answers say it: whole AGE_STEP_SECONDS steps. */
function ageStep(state: LiveTripState): number {
  return Math.floor(state.positionAge / AGE_STEP_SECONDS) * AGE_STEP_SECONDS;
}

/** Each followed trip's state, worked out once a second (by its state as read: a report makes a new one). */
const tripStates = new WeakMap<LiveTrip, { second: number; plan: LiveTripPlan; state: LiveTripState }>();

/**
 * The trip's state at the start of `now`'s second (liveTripState), kept for that second: every
 * answer that shows the trip asks for it, at every stop it shows it, on every request. What
 * riders see of it is in whole minutes and steps of 15 s, so it moves at most a second later.
 */
function tripStateAt(trip: LiveTrip, plan: LiveTripPlan, now: number): LiveTripState {
  const second = Math.floor(now / 1000);
  const kept = tripStates.get(trip);
  if (kept !== undefined && kept.second === second && kept.plan === plan) return kept.state;
  const state = liveTripState(
    plan.visits.length,
    plan.planned,
    trip.progress as NonNullable<LiveTrip['progress']>,
    second * 1000,
  );
  tripStates.set(trip, { second, plan, state });
  return state;
}

/** 'HH:MM' to minutes after midnight without a regular expression; -1 when it is not one. */
function minuteOf(time: string): number {
  const h1 = time.charCodeAt(0) - 48;
  const h2 = time.charCodeAt(1) - 48;
  const m1 = time.charCodeAt(3) - 48;
  const m2 = time.charCodeAt(4) - 48;
  const digits = h1 >= 0 && h1 <= 9 && h2 >= 0 && h2 <= 9 && m1 >= 0 && m1 <= 5 && m2 >= 0 && m2 <= 9;
  if (time.length !== 5 || time.charCodeAt(2) !== 58 || !digits) return parseTime(time) ?? -1;
  return (h1 * 10 + h2) * 60 + m1 * 10 + m2;
}

/** Each plan's visits by stop and planned minute, and by stop alone (its first visit). */
const visitIndexes = new WeakMap<LiveTripPlan, Map<number, number>>();

/**
 * The visit of `plan` at `stopId` leaving at `minute`, else its first visit at `stopId` (a
 * changed time), else -1. Found in a map made once per plan: answers ask it for every
 * followed trip they show, on every request.
 */
function visitIndex(plan: LiveTripPlan, stopId: number, minute: number): number {
  let index = visitIndexes.get(plan);
  if (index === undefined) {
    index = new Map();
    for (let i = plan.visits.length - 1; i >= 0; i--) {
      const visit = plan.visits[i] as LiveTripPlan['visits'][number];
      // Minutes count on past 1,439 for a trip past midnight: 4,096 per stop hold more than two days.
      index.set(visit.stopId * 4096 + visit.minute, i);
      index.set(-(visit.stopId + 1), i);
    }
    visitIndexes.set(plan, index);
  }
  return index.get(stopId * 4096 + minute) ?? index.get(-(stopId + 1)) ?? -1;
}

/** A visit of a followed trip that an answer shows: its plan, and the visit's place in it. */
interface FollowedVisit {
  tripId: number;
  stopId: number;
  plan: LiveTripPlan;
  at: number;
}

/** A trip shown at one stop, leaving at `timeDepart` ('HH:MM'): a departures answer's item. */
export interface LiveVisit {
  tripId: number;
  stopId: number;
  timeDepart: string;
}

/** What a live-laid answer showed: its date, its trips and the live tag it was made under. */
export interface LiveAnswer {
  date: string;
  /** 'all': every trip followed that day (the GTFS-Realtime feeds). */
  tripIds: number[] | 'all';
  /** The trips at the stops it shows them at, when that is all it shows of them (tagOf's `visits`). */
  visits?: LiveVisit[];
  /** The tag names every report (LiveLayer.tagOf's `exact`). */
  exact?: boolean;
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
