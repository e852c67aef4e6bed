import { BOUND_FOR } from '@bus/core';

/**
 * What the departures query needs of a trip besides its visit, by trip id, in typed arrays
 * (a few bytes a trip, not an object each): the departures index then hands back one number
 * per visit (departures.ts) instead of eight. Entries of deleted trips stay; nothing refers to them.
 */
export interface TripFacts {
  schedule: Int32Array;
  line: Int32Array;
  route: Int32Array;
  /** 1: known; 2: reversed; the index in BOUND_FOR times 4. */
  flags: Uint8Array;
}

export const TRIP_FACTS_COLUMNS = `t.id, t.schedule_id, s.line_id, t.route_id, t.route_dir_reversed,
    CASE t.bound_for ${BOUND_FOR.map((b, i) => `WHEN '${b}' THEN ${i}`).join(' ')} END`;
/** The trips of some lines: from the lines' schedules (index schedule_line), not every trip. */
export const LINE_TRIP_FACTS_SELECT = `SELECT ${TRIP_FACTS_COLUMNS} FROM schedule s CROSS JOIN trip t ON t.schedule_id = s.id`;

/** Longest route the packed visits can describe (travel index in 10 bits); longer: no facts. */
export const PACKED_MAX_STOPS = 1024;

export type TripFactsRow = [number, number, number, number, number, number];

/**
 * The facts of trips (`count` rows, ids up to `maxId`) written over `previous`, row by row: the
 * whole timetable's 300,000 trips are read straight into the arrays, never held as rows (a
 * hundred bytes each, which V8 would size the heap by). `facts` is null when the ids are far
 * sparser than the trips: arrays by id would waste memory (the query then sends every field).
 */
export class TripFactsWriter {
  readonly facts: TripFacts | null;
  private readonly maxId: number;

  constructor({ count, maxId: rowsMaxId }: { count: number; maxId: number }, previous: TripFacts | null) {
    const maxId = Math.max(previous ? previous.flags.length - 1 : 0, rowsMaxId);
    this.maxId = maxId;
    if (maxId > 8 * (count + (previous?.flags.length ?? 0)) + 100_000 || maxId >= 2 ** 31) {
      this.facts = null;
      return;
    }
    const size = maxId + 1;
    const grown = <A extends Int32Array | Uint8Array>(old: A | undefined, make: (n: number) => A): A => {
      const next = make(size);
      if (old) next.set(old.subarray(0, Math.min(old.length, size)));
      return next;
    };
    this.facts = {
      schedule: grown(previous?.schedule, (n) => new Int32Array(n)),
      line: grown(previous?.line, (n) => new Int32Array(n)),
      route: grown(previous?.route, (n) => new Int32Array(n)),
      flags: grown(previous?.flags, (n) => new Uint8Array(n)),
    };
  }

  add(id: number, schedule: number, line: number, route: number, reversed: number, bound: number): void {
    const facts = this.facts;
    // Added by another connection since the largest id was read: left unknown, so a
    // departures query meeting it asks for every field (packedCandidates).
    if (facts === null || id > this.maxId) return;
    facts.schedule[id] = schedule;
    facts.line[id] = line;
    facts.route[id] = route;
    facts.flags[id] = 1 | (reversed === 1 ? 2 : 0) | (bound << 2);
  }
}

/** Trip facts of rows already read (a few lines' trips). */
export function tripFactsOf(rows: readonly TripFactsRow[], previous: TripFacts | null): TripFacts | null {
  let maxId = 0;
  for (const [id] of rows) if (id > maxId) maxId = id;
  const writer = new TripFactsWriter({ count: rows.length, maxId }, previous);
  for (const row of rows) writer.add(...row);
  return writer.facts;
}

export function longestRoute(routeStops: ReadonlyMap<number, readonly number[]>): number {
  let longest = 0;
  for (const stops of routeStops.values()) if (stops.length > longest) longest = stops.length;
  return longest;
}
