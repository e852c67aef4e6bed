/**
 * Service changes (issue 27): what staff say about days that differ from the regular timetable.
 * Every change is also a notice (a title and text riders read, a cause and an effect from the
 * GTFS-Realtime lists); the kinds other than 'notice' also change what runs:
 *   - 'cancel':  the trips `tripIds` do not run on the dates from..until;
 *   - 'retime':  the trips `tripIds` run `shiftMinutes` later (earlier when negative), and at the
 *                stops named in `stopTimes` at the typed times, on the dates from..until;
 *   - 'closure': the stop `stopIds[0]` is not served from..until (`insteadStopId`: where to go);
 *   - 'notice':  only the notice, about the whole network (no lines, stops or trips) or those named.
 * Dates are Vilnius calendar dates 'YYYY-MM-DD', both ends included; null is open (only a
 * notice may be open at its start; a closure or notice may be open at its end).
 */

/** GTFS-Realtime Alert causes (the enum names of gtfs-realtime.proto). */
export const ALERT_CAUSES = [
  'UNKNOWN_CAUSE',
  'OTHER_CAUSE',
  'TECHNICAL_PROBLEM',
  'STRIKE',
  'DEMONSTRATION',
  'ACCIDENT',
  'HOLIDAY',
  'WEATHER',
  'MAINTENANCE',
  'CONSTRUCTION',
  'POLICE_ACTIVITY',
  'MEDICAL_EMERGENCY',
] as const;
export type AlertCause = (typeof ALERT_CAUSES)[number];

/** GTFS-Realtime Alert effects. */
export const ALERT_EFFECTS = [
  'NO_SERVICE',
  'REDUCED_SERVICE',
  'SIGNIFICANT_DELAYS',
  'DETOUR',
  'ADDITIONAL_SERVICE',
  'MODIFIED_SERVICE',
  'OTHER_EFFECT',
  'UNKNOWN_EFFECT',
  'STOP_MOVED',
  'NO_EFFECT',
  'ACCESSIBILITY_ISSUE',
] as const;
export type AlertEffect = (typeof ALERT_EFFECTS)[number];

export const SERVICE_CHANGE_KINDS = ['cancel', 'retime', 'closure', 'notice'] as const;
export type ServiceChangeKind = (typeof SERVICE_CHANGE_KINDS)[number];

/** A typed time of a retimed trip: at `index` of its timeList (travel order). */
export interface StopTimeChange {
  tripId: number;
  index: number;
  /** 'HH:MM' */
  time: string;
}

/** The notice part of every change: what riders read. English falls back to Lithuanian. */
export interface NoticeText {
  titleLt: string;
  textLt: string | null;
  titleEn: string | null;
  textEn: string | null;
  cause: AlertCause;
  effect: AlertEffect;
  url: string | null;
}

export interface ServiceChange extends NoticeText {
  id: number;
  kind: ServiceChangeKind;
  /** First date it holds; null = open (a notice only). */
  from: string | null;
  /** Last date it holds; null = open. */
  until: string | null;
  /** What it concerns. A cancel or retime names its line here; a closure its stop. */
  lineIds: number[];
  stopIds: number[];
  tripIds: number[];
  /** 'retime': minutes added to every time of the trips (0 when only typed times change). */
  shiftMinutes: number | null;
  /** 'retime': typed times, which win over the shift. */
  stopTimes: StopTimeChange[];
  /** 'closure': the stop to use instead. */
  insteadStopId: number | null;
  /** Why, in staff's words (a cancelled departure shows it on focus or tap). */
  reason: string | null;
}

/** Where a change stands on a date: already over, holding, or still to come. */
export type ChangeStatus = 'past' | 'current' | 'upcoming';
