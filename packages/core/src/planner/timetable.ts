import type { StepFree } from '../domain.ts';
import { type ScheduleRunsOn, type ServiceDayContext, scheduleRunsOn } from '../service-day.ts';
import { PIECES_PER_YIELD, runSteps, type Steps } from './steps.ts';

/**
 * The whole timetable as the planner keeps it for a data generation, packed in typed arrays, one
 * per field, indexed by schedule and by trip: a national timetable is 150,000 schedules and
 * 290,000 trips with 8 million planned minutes, which as objects made hundreds of megabytes of
 * heap that every major garbage collection had to walk (pauses of 100 ms and more).
 */
export interface PackedTimetable {
  /**
   * The distinct ways schedules run: what scheduleRunsOn reads of a schedule, each once (1,600
   * at national scale), so the service-day rule is asked once per way, not once per schedule.
   */
  runsOn: readonly ScheduleRunsOn[];
  /** Schedule s: its id, its way of running (an index into runsOn). */
  scheduleIds: Int32Array;
  scheduleRunsOn: Int32Array;
  /** Schedule s: 1 when staff marked its bus low-floor with a ramp (issue 41), else 0. */
  scheduleStepFree: Uint8Array;
  /** Schedule s's trips: scheduleTripStart[s] .. scheduleTripStart[s + 1], in trip id order. */
  scheduleTripStart: Int32Array;
  /** Trip t: its id, its line, its stops in travel order (an index into travelStart). */
  tripIds: Int32Array;
  tripLines: Int32Array;
  tripTravel: Int32Array;
  /**
   * Trip t's planned minutes, one per stop of its travel (NO_TIME: none), in chunks of
   * PLANNED_CHUNK (a trip's never cross from one to the next): from position at = tripPlanned[t],
   * planned[at >>> PLANNED_CHUNK_BITS][(at & (PLANNED_CHUNK - 1)) + i]. Chunks are filled as the
   * trips come, never copied into a bigger array (a copy of 16 MB into fresh memory would hold
   * the event loop for tens of milliseconds).
   */
  tripPlanned: Int32Array;
  planned: Int16Array[];
  /** Stops of travel order r: travelStops[travelStart[r] .. travelStart[r + 1]). */
  travelStart: Int32Array;
  travelStops: Int32Array;
  /** The stops staff marked step-free (issue 41: 'yes' only), by id ascending. */
  stepFreeStops: Int32Array;
}

/** A stop of a trip without a time, in PackedTimetable.planned. */
export const NO_TIME = -1;

export const PLANNED_CHUNK_BITS = 20;
export const PLANNED_CHUNK = 1 << PLANNED_CHUNK_BITS;

/**
 * What scheduleRunsOn reads of a schedule, alone: two schedules with the same run on the same
 * dates. The literal names every field of ScheduleRunsOn, so one added there does not compile
 * here until it is copied (and keyed) too.
 */
function runsOnOf(schedule: ScheduleRunsOn): ScheduleRunsOn {
  return {
    runsOnWeekly: schedule.runsOnWeekly,
    runsOnYearlyId: schedule.runsOnYearlyId,
    runsOnPublicHolidays: schedule.runsOnPublicHolidays,
    validFrom: schedule.validFrom,
    validUntil: schedule.validUntil,
  } satisfies Record<keyof ScheduleRunsOn, unknown>;
}

/** A growing column of 32-bit integers. */
class Int32Column {
  values = new Int32Array(1024);
  length = 0;

  push(value: number): void {
    if (this.length === this.values.length) this.grow(this.length + 1);
    this.values[this.length++] = value;
  }

  /** Room for `length` values in all. */
  grow(length: number): void {
    if (length <= this.values.length) return;
    const values = new Int32Array(Math.max(length, this.values.length * 2));
    values.set(this.values.subarray(0, this.length));
    this.values = values;
  }

  /** The values, in an array of their own length. */
  done(): Int32Array {
    return this.values.slice(0, this.length);
  }
}

/**
 * Indexes by id: a typed array while the ids are small (a Map of 150,000 entries rehashes all of
 * them at once as it grows, for 15 ms at national scale), a Map for any id past that.
 */
class IdIndex {
  private static readonly DIRECT = 1 << 24;
  private byId = new Int32Array(1024).fill(-1);
  private readonly large = new Map<number, number>();

  set(id: number, index: number): void {
    if (id < 0 || id >= IdIndex.DIRECT || !Number.isInteger(id)) {
      this.large.set(id, index);
      return;
    }
    if (id >= this.byId.length) {
      const byId = new Int32Array(Math.min(IdIndex.DIRECT, Math.max(id + 1, this.byId.length * 2))).fill(-1);
      byId.set(this.byId);
      this.byId = byId;
    }
    this.byId[id] = index;
  }

  get(id: number): number | undefined {
    const index = Number.isInteger(id) && id >= 0 && id < this.byId.length ? (this.byId[id] as number) : -1;
    return index !== -1 ? index : this.large.get(id);
  }
}

/**
 * Builds a PackedTimetable from schedules, travel orders and trips given in any order of trips
 * (a database reads them by trip id): the trips end up grouped by schedule, in the order the
 * schedules were given, each schedule's in the order its trips were given.
 */
export class PackedTimetableBuilder {
  private readonly runsOnKeys = new Map<string, number>();
  private readonly runsOn: ScheduleRunsOn[] = [];
  private readonly scheduleIndex = new IdIndex();
  private readonly scheduleIds = new Int32Column();
  private readonly scheduleRunsOn = new Int32Column();
  private readonly scheduleStepFree = new Int32Column();
  private readonly stepFreeStops = new Int32Column();
  private readonly travelStart = new Int32Column();
  private readonly travelStops = new Int32Column();
  private readonly tripIds = new Int32Column();
  private readonly tripSchedules = new Int32Column();
  private readonly tripLines = new Int32Column();
  private readonly tripTravel = new Int32Column();
  private readonly tripPlanned = new Int32Column();
  private readonly planned: Int16Array[] = [];
  /** Where the next trip's minutes go in the chunk being filled. */
  private plannedAt = PLANNED_CHUNK;
  /** The chunk being filled: the last trip's planned minutes are there, from where `trip` said. */
  plannedChunk = new Int16Array(0);

  constructor() {
    this.travelStart.push(0);
  }

  /** A schedule: its id, what decides when it runs, and whether its bus is low-floor ('yes' only). */
  schedule(id: number, schedule: ScheduleRunsOn & { stepFree?: StepFree }): void {
    const runsOn = runsOnOf(schedule);
    const key = JSON.stringify(runsOn);
    let index = this.runsOnKeys.get(key);
    if (index === undefined) {
      index = this.runsOn.length;
      this.runsOn.push(runsOn);
      this.runsOnKeys.set(key, index);
    }
    this.scheduleIndex.set(id, this.scheduleIds.length);
    this.scheduleIds.push(id);
    this.scheduleRunsOn.push(index);
    this.scheduleStepFree.push(schedule.stepFree === 'yes' ? 1 : 0);
  }

  /** A stop staff marked step-free ('yes'; issue 41). */
  stepFreeStop(id: number): void {
    this.stepFreeStops.push(id);
  }

  /** A travel order (a route's stops one way), shared by the trips that name its index. */
  travel(stops: ArrayLike<number>): number {
    for (let i = 0; i < stops.length; i++) this.travelStops.push(stops[i] as number);
    this.travelStart.push(this.travelStops.length);
    return this.travelStart.length - 2;
  }

  /**
   * A trip of a schedule given before, along a travel order given before: where its planned
   * minutes start in `plannedChunk` (one per stop, each NO_TIME until set), or -1 when its
   * schedule is unknown (the trip is left out).
   */
  trip(id: number, scheduleId: number, lineId: number, travel: number): number {
    const schedule = this.scheduleIndex.get(scheduleId);
    if (schedule === undefined) return -1;
    const stops =
      (this.travelStart.values[travel + 1] as number) - (this.travelStart.values[travel] as number);
    if (this.plannedAt + stops > PLANNED_CHUNK) {
      this.plannedChunk = new Int16Array(Math.max(PLANNED_CHUNK, stops));
      this.planned.push(this.plannedChunk);
      this.plannedAt = 0;
    }
    const at = this.plannedAt;
    this.plannedChunk.fill(NO_TIME, at, at + stops);
    this.plannedAt += stops;
    this.tripIds.push(id);
    this.tripSchedules.push(schedule);
    this.tripLines.push(lineId);
    this.tripTravel.push(travel);
    this.tripPlanned.push((this.planned.length - 1) * PLANNED_CHUNK + at);
    return at;
  }

  /** The packed timetable: the trips put in schedule order (a stable counting sort). */
  *done(): Steps<PackedTimetable> {
    const schedules = this.scheduleIds.length;
    const trips = this.tripIds.length;
    const scheduleTripStart = new Int32Array(schedules + 1);
    const tripSchedules = this.tripSchedules.values;
    for (let t = 0; t < trips; t++) {
      if ((t + 1) % (PIECES_PER_YIELD * 64) === 0) yield;
      const s = (tripSchedules[t] as number) + 1;
      scheduleTripStart[s] = (scheduleTripStart[s] as number) + 1;
    }
    for (let s = 0; s < schedules; s++)
      scheduleTripStart[s + 1] = (scheduleTripStart[s + 1] as number) + (scheduleTripStart[s] as number);
    yield;
    const next = scheduleTripStart.slice(0, schedules);
    const tripIds = new Int32Array(trips);
    const tripLines = new Int32Array(trips);
    const tripTravel = new Int32Array(trips);
    const tripPlanned = new Int32Array(trips);
    for (let t = 0; t < trips; t++) {
      if (t % (PIECES_PER_YIELD * 64) === 0) yield;
      const s = tripSchedules[t] as number;
      const to = next[s] as number;
      next[s] = to + 1;
      tripIds[to] = this.tripIds.values[t] as number;
      tripLines[to] = this.tripLines.values[t] as number;
      tripTravel[to] = this.tripTravel.values[t] as number;
      tripPlanned[to] = this.tripPlanned.values[t] as number;
    }
    // The last chunk as long as what it holds.
    const planned = this.planned.map((chunk, i) =>
      i === this.planned.length - 1 ? chunk.slice(0, this.plannedAt) : chunk,
    );
    return {
      runsOn: this.runsOn,
      scheduleIds: this.scheduleIds.done(),
      scheduleRunsOn: this.scheduleRunsOn.done(),
      scheduleStepFree: Uint8Array.from(this.scheduleStepFree.done()),
      scheduleTripStart,
      tripIds,
      tripLines,
      tripTravel,
      tripPlanned,
      planned,
      travelStart: this.travelStart.done(),
      travelStops: this.travelStops.done(),
      stepFreeStops: this.stepFreeStops.done().sort(),
    };
  }
}

/**
 * The ways of running that run on the service day (scheduleRunsOn, asked once per way): runs[w]
 * is 1 when way w runs. The key names them: two days with the same key run the same schedules.
 */
export function runningWays(
  timetable: PackedTimetable,
  day: ServiceDayContext,
): { runs: Uint8Array; key: string } {
  const runs = new Uint8Array(timetable.runsOn.length);
  const running: number[] = [];
  timetable.runsOn.forEach((runsOn, i) => {
    if (!scheduleRunsOn(runsOn, day)) return;
    runs[i] = 1;
    running.push(i);
  });
  return { runs, key: running.join(',') };
}

/** The schedules whose way of running runs (`runs`, from runningWays), by index in schedule order. */
export function* runningSchedulesSteps(timetable: PackedTimetable, runs: Uint8Array): Steps<Int32Array> {
  const ways = timetable.scheduleRunsOn;
  let count = 0;
  for (let s = 0; s < ways.length; s++) {
    if ((s + 1) % (PIECES_PER_YIELD * 64) === 0) yield;
    count += runs[ways[s] as number] as number;
  }
  const schedules = new Int32Array(count);
  count = 0;
  for (let s = 0; s < ways.length; s++) {
    if ((s + 1) % (PIECES_PER_YIELD * 64) === 0) yield;
    if (runs[ways[s] as number] === 1) schedules[count++] = s;
  }
  return schedules;
}

/** The schedules that run on the service day by index in schedule order, and runningWays's key. */
export function runningScheduleIndexes(
  timetable: PackedTimetable,
  day: ServiceDayContext,
): { schedules: Int32Array; key: string } {
  const { runs, key } = runningWays(timetable, day);
  return { schedules: runSteps(runningSchedulesSteps(timetable, runs)), key };
}
