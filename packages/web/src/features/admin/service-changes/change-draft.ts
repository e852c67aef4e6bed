import type { AlertCause, AlertEffect, ServiceChange, ServiceChangeKind } from '@bus/core';
import { parseCellTime } from '../logic/grid-time.ts';

/**
 * The service change form's model (issue 27) and what it sends: the form keeps what
 * staff typed; `draftToInput` turns it into admin.serviceChanges.save's input, which core's
 * SaveServiceChangeInput checks (in the browser first, then on the server). Typed times follow
 * the timetable grid's rules (parseCellTime: '0738', '7:38', '7.38' are 07:38).
 */

export interface StopChoice {
  id: number;
  label: string;
}

export interface ChangeDraft {
  kind: ServiceChangeKind;
  from: string;
  until: string;
  /** cancel/retime: the line whose trips are listed (the first date's trips). */
  lineId: number | null;
  tripIds: number[];
  /** retime: the shift as typed ('15', '-10', ''). */
  shift: string;
  /** retime: typed new times by `${tripId}:${index}`. */
  times: Record<string, string>;
  /** closure: the stop; notice: the stops it concerns. */
  stops: StopChoice[];
  insteadStop: StopChoice | null;
  /** notice: the lines it concerns. */
  lineIds: number[];
  reason: string;
  titleLt: string;
  textLt: string;
  titleEn: string;
  textEn: string;
  /** '' = the default (the server's: unknown cause, the kind's effect). */
  cause: AlertCause | '';
  effect: AlertEffect | '';
  url: string;
}

export function emptyDraft(kind: ServiceChangeKind, lineId: number | null = null): ChangeDraft {
  return {
    kind,
    from: '',
    until: '',
    lineId,
    tripIds: [],
    shift: '',
    times: {},
    stops: [],
    insteadStop: null,
    lineIds: [],
    reason: '',
    titleLt: '',
    textLt: '',
    titleEn: '',
    textEn: '',
    cause: '',
    effect: '',
    url: '',
  };
}

/** A stored change as the edit form shows it (stops named from `stopName`). */
export function draftOfChange(change: ServiceChange, stopName: (id: number) => string): ChangeDraft {
  const times: Record<string, string> = {};
  for (const st of change.stopTimes) times[`${st.tripId}:${st.index}`] = st.time;
  return {
    kind: change.kind,
    from: change.from ?? '',
    until: change.until ?? '',
    lineId: change.lineIds[0] ?? null,
    tripIds: [...change.tripIds],
    shift: change.shiftMinutes === null || change.shiftMinutes === 0 ? '' : String(change.shiftMinutes),
    times,
    stops: change.stopIds.map((id) => ({ id, label: stopName(id) })),
    insteadStop:
      change.insteadStopId === null
        ? null
        : { id: change.insteadStopId, label: stopName(change.insteadStopId) },
    lineIds: [...change.lineIds],
    reason: change.reason ?? '',
    titleLt: change.titleLt,
    textLt: change.textLt ?? '',
    titleEn: change.titleEn ?? '',
    textEn: change.textEn ?? '',
    cause: change.cause,
    effect: change.effect,
    url: change.url ?? '',
  };
}

/** A typed shift: minutes, null when empty, NaN when not a whole number. */
export function shiftMinutes(text: string): number | null {
  const t = text.trim().replace(/^\+/, '').replace('−', '-');
  if (t === '') return null;
  return /^-?\d{1,4}$/.test(t) ? Number(t) : Number.NaN;
}

/** The typed times that are not times of day (the form marks them; nothing is sent). */
export function badTimes(draft: ChangeDraft): string[] {
  if (draft.kind !== 'retime') return [];
  return Object.entries(draft.times)
    .filter(
      ([key, text]) =>
        draft.tripIds.includes(Number(key.split(':')[0])) && parseCellTime(text).kind === 'invalid',
    )
    .map(([key]) => key);
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** The save input of the draft (id null for a new change). */
export function draftToInput(draft: ChangeDraft, id: number | null, baseVersion: number) {
  const retime = draft.kind === 'retime';
  const stopTimes = retime
    ? Object.entries(draft.times).flatMap(([key, text]) => {
        const [tripId, index] = key.split(':').map(Number) as [number, number];
        if (!draft.tripIds.includes(tripId)) return [];
        const parsed = parseCellTime(text);
        if (parsed.kind === 'empty') return [];
        // An invalid time is sent as typed, so the check names it (the form refuses it first).
        return [{ tripId, index, time: parsed.kind === 'time' ? parsed.value : text }];
      })
    : [];
  const shift = retime ? shiftMinutes(draft.shift) : null;
  const concernsTrips = draft.kind === 'cancel' || draft.kind === 'retime';
  return {
    id,
    kind: draft.kind,
    from: orNull(draft.from),
    until: orNull(draft.until),
    lineIds: draft.kind === 'notice' ? draft.lineIds : [],
    stopIds: draft.kind === 'closure' || draft.kind === 'notice' ? draft.stops.map((s) => s.id) : [],
    tripIds: concernsTrips || draft.kind === 'notice' ? draft.tripIds : [],
    shiftMinutes: retime ? (shift === null || Number.isNaN(shift) ? 0 : shift) : null,
    stopTimes: stopTimes.sort((a, b) => a.tripId - b.tripId || a.index - b.index),
    insteadStopId: draft.kind === 'closure' ? (draft.insteadStop?.id ?? null) : null,
    reason: orNull(draft.reason),
    titleLt: orNull(draft.titleLt),
    textLt: orNull(draft.textLt),
    titleEn: orNull(draft.titleEn),
    textEn: orNull(draft.textEn),
    cause: draft.cause === '' ? null : draft.cause,
    effect: draft.effect === '' ? null : draft.effect,
    url: orNull(draft.url),
    baseVersion,
  };
}

/** The filter of the list, kept in the address (?line=20&date=2026-12-03&status=upcoming). */
export interface ChangesFilter {
  lineId: number | null;
  date: string | null;
  status: 'current' | 'upcoming' | 'past' | null;
}

const STATUSES = ['current', 'upcoming', 'past'] as const;

export function filterFromSearch(search: string): ChangesFilter {
  const params = new URLSearchParams(search);
  const line = Number(params.get('line'));
  const date = params.get('date');
  const status = params.get('status');
  return {
    lineId: Number.isInteger(line) && line > 0 ? line : null,
    date: date !== null && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : null,
    status: (STATUSES as readonly string[]).includes(status ?? '')
      ? (status as ChangesFilter['status'])
      : null,
  };
}

export function searchFromFilter(filter: ChangesFilter): string {
  const params = new URLSearchParams();
  if (filter.lineId !== null) params.set('line', String(filter.lineId));
  if (filter.date !== null) params.set('date', filter.date);
  if (filter.status !== null) params.set('status', filter.status);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
