/**
 * The journey planner's terms (issue 30). Times are minutes after midnight of the planned date;
 * the planner rides the day's running trips only (nothing runs past midnight into the next day).
 */

/** A trip as it runs on one date: its visits in travel order (stop, minute), minutes never going back. */
export interface RideTrip {
  tripId: number;
  lineId: number;
  stops: readonly number[];
  minutes: readonly number[];
  /** Its bus is marked low-floor with a ramp (issue 41); absent: not so marked. */
  stepFree?: boolean;
}

/** Two stops staff count as one place for changing buses, with the minutes to walk between them. */
export interface ChangePlace {
  stopA: number;
  stopB: number;
  walkMinutes: number;
}

/** How buses may be changed: the minimum change time (by default and per stop) and the change places. */
export interface ChangeRules {
  /** Minutes a change at a stop takes at least (the next bus leaves this long after the arrival or later). */
  defaultMinutes: number;
  /** Stops with a minimum change time of their own. */
  stopMinutes: ReadonlyMap<number, number>;
  places: readonly ChangePlace[];
}

/** The default minimum change time: 2 minutes. */
export const DEFAULT_CHANGE_MINUTES = 2;

/** At most this many changes (4 rides). */
export const MAX_CHANGES = 3;

/** At most this many journeys in an answer. */
export const MAX_JOURNEYS = 5;

export const NO_CHANGE_RULES: ChangeRules = {
  defaultMinutes: DEFAULT_CHANGE_MINUTES,
  stopMinutes: new Map(),
  places: [],
};

/** One ride of a journey: a trip from a stop to a later stop of it. */
export interface PlannedLeg {
  tripId: number;
  lineId: number;
  fromStopId: number;
  depart: number;
  toStopId: number;
  arrive: number;
}

export interface PlannedJourney {
  depart: number;
  arrive: number;
  changes: number;
  legs: PlannedLeg[];
}

export interface PlanQuery {
  from: number;
  to: number;
  /** Minutes after midnight: leave at or after it, or (arriveBy) arrive by it. */
  time: number;
  arriveBy: boolean;
  /**
   * Step-free only (issue 41): ride only buses marked low-floor with a ramp, and board and
   * alight only at stops marked step-free ('yes'; 'no' and 'not known' alike are not). A change
   * place's walk joins two stops that are both step-free, or is not taken.
   */
  stepFree?: boolean;
}
