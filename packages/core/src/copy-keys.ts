import { WEEKDAYS } from './domain.ts';
import { isStoredId } from './reconcile.ts';
import { formatTime, parseTime } from './time.ts';

/**
 * What counts as the content of each item the old REST whole-list saves post back (see
 * stale-copies.ts): a schedule, a line's details, a route of a line, a yearly rule. Equal keys,
 * equal content, however the old client spells it: lists in any order where the order means
 * nothing, '06:05:00' and '06:05', '' and null for a missing time or text, text trimmed. A new
 * sub-item (no stored id: a trip, a note, a period) makes the item an edit, since no stored state
 * has it.
 */

export interface ScheduleContent {
  runsOnWeekly: readonly string[];
  runsOnYearlyId: number | null;
  runsOnPublicHolidays: boolean;
  timeConstraintsDescription: string | null;
  trips: readonly {
    id: number | null;
    boundFor: string;
    routeId: number | null;
    routeDirReversed: boolean;
    timeList: readonly (string | null)[];
  }[];
}

/** 'HH:MM' for a time in any spelling parseTime reads; null for none; other text kept as it is (never equal to a stored time). */
function timeKey(time: string | null): string | null {
  if (time === null || time.trim() === '') return null;
  const minutes = parseTime(time.trim());
  return minutes === null ? `?${time}` : formatTime(minutes);
}

const weekdayOrder = (day: string) => {
  const index = (WEEKDAYS as readonly string[]).indexOf(day);
  return index === -1 ? WEEKDAYS.length : index;
};

/** Text as the saves store it: trimmed, blank is none. */
const textKey = (text: string | null | undefined) => (text ?? '').trim() || null;
/** Stored sub-items by id first (ascending), new ones after in the order given. */
const byStoredId = <T extends { id: number | null }>(items: readonly T[]) =>
  items
    .map((item) => ({ ...item, id: isStoredId(item.id) ? item.id : null }))
    .sort((a, b) => (a.id ?? Number.MAX_SAFE_INTEGER) - (b.id ?? Number.MAX_SAFE_INTEGER));

/** A schedule's content as one text: equal texts, equal schedules. */
export function scheduleContentKey(schedule: ScheduleContent): string {
  const trips = byStoredId(schedule.trips).map((trip) => ({
    id: trip.id,
    boundFor: trip.boundFor,
    routeId: trip.routeId,
    routeDirReversed: trip.routeDirReversed,
    timeList: trip.timeList.map(timeKey),
  }));
  return JSON.stringify([
    [...new Set(schedule.runsOnWeekly)].sort((a, b) => weekdayOrder(a) - weekdayOrder(b)),
    schedule.runsOnYearlyId,
    schedule.runsOnPublicHolidays,
    schedule.timeConstraintsDescription,
    trips,
  ]);
}

/** A line's details as the old line editor posts them back (`via` is not on its page). */
export interface LineInfoContent {
  name: string | null;
  routeStart: string | null;
  routeEnd: string | null;
  routeType: string | null;
  operator: string | null;
  anykStationPlatform: string | null;
  price: string | null;
  enabledSeasonalYearlyRuleFilter: boolean;
  customNotes: readonly { id: number | null; noteKey: string; noteValue: string }[];
}

export function lineInfoContentKey(info: LineInfoContent): string {
  return JSON.stringify([
    textKey(info.name),
    textKey(info.routeStart),
    textKey(info.routeEnd),
    info.routeType,
    textKey(info.operator),
    textKey(info.anykStationPlatform),
    textKey(info.price),
    info.enabledSeasonalYearlyRuleFilter,
    byStoredId(info.customNotes).map((n) => [n.id, textKey(n.noteKey), textKey(n.noteValue)]),
  ]);
}

/** A route of a line: its stops in order (a new stop has no stored id) and the distances between them. */
export interface RouteContent {
  routeNotes: string | null;
  stopIds: readonly number[];
  /** Metres from each stop to the next; the editor shows one per gap, so missing ones are null. */
  distanceMeters: readonly (number | null)[];
}

export function routeContentKey(route: RouteContent): string {
  const gaps = Math.max(0, route.stopIds.length - 1);
  return JSON.stringify([
    textKey(route.routeNotes),
    route.stopIds.map((id) => (isStoredId(id) ? id : null)),
    Array.from({ length: gaps }, (_, i) => route.distanceMeters[i] ?? null),
  ]);
}

export interface RuleContent {
  periodName: string;
  typeOfYearlyRule: string | null;
  otherRuleId: number | null;
  timePeriods: readonly {
    id: number | null;
    startMonth: number;
    startDay: number;
    endMonth: number;
    endDay: number;
  }[];
  pattern1Params: readonly { id: number | null; nthOccurenceEachMonth: number; dayOfWeek: string }[];
}

export function ruleContentKey(rule: RuleContent): string {
  return JSON.stringify([
    textKey(rule.periodName),
    rule.typeOfYearlyRule,
    rule.otherRuleId,
    byStoredId(rule.timePeriods).map((p) => [p.id, p.startMonth, p.startDay, p.endMonth, p.endDay]),
    byStoredId(rule.pattern1Params).map((p) => [p.id, p.nthOccurenceEachMonth, p.dayOfWeek]),
  ]);
}
