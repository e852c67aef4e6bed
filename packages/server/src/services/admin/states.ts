import type { Concession, FareRule, SaveLineFields, ThroughFare } from '@bus/core';
import type { Db } from '@bus/db';
import {
  getLineInfo,
  getServiceChange,
  getStop,
  getStopsByIds,
  listConcessions,
  listFareRules,
  listHolidays,
  listLineInfos,
  listRoutes,
  listSchedules,
  listThroughFares,
  listYearlyRules,
} from '@bus/db';
import type { EntityState } from './recorded-write.ts';

/**
 * What the history keeps of each kind of thing: the state an editor shows and a restore
 * writes back. Times are 'HH:MM' (null = no time); stops of a route carry their names so a
 * change reads well, but a restore uses only the ids.
 */

export interface LineState {
  info: NonNullable<Awaited<ReturnType<typeof getLineInfo>>>;
  routes: {
    id: number;
    routeNotes: string | null;
    stops: { id: number; name: string }[];
    distanceMeters: (number | null)[];
  }[];
}

/** A recorded line state as the line save takes it (ids kept). */
export function lineInput(state: LineState): SaveLineFields {
  return {
    info: { ...state.info, customNotes: state.info.customNotes.map((n) => ({ ...n })) },
    routes: state.routes.map((r) => ({
      id: r.id,
      routeNotes: r.routeNotes ?? '',
      stopsArr: r.stops.map((s) => ({ id: s.id })),
      distanceMetersList: r.distanceMeters,
    })),
  } as SaveLineFields;
}

export type ScheduleState = Awaited<ReturnType<typeof listSchedules>>[number];

export async function lineState(db: Db, lineId: number): Promise<EntityState[]> {
  const info = await getLineInfo(db, lineId);
  if (!info) return [];
  const routes = await listRoutes(db, { lineIds: [lineId] });
  const state: LineState = {
    info,
    routes: routes.map((r) => ({
      id: r.id,
      routeNotes: r.routeNotes,
      stops: r.stops.map((s) => ({ id: s.id, name: s.name })),
      distanceMeters: r.distanceMeters,
    })),
  };
  return [{ kind: 'line', entityId: lineId, lineId, summary: `Line ${info.name}`, state }];
}

/** Every schedule of a line, each its own thing. */
export async function scheduleStates(db: Db, lineId: number): Promise<EntityState[]> {
  const [info, schedules] = await Promise.all([getLineInfo(db, lineId), listSchedules(db, { lineId })]);
  const lineName = info?.name ?? `line ${lineId}`;
  return schedules.map((s) => ({
    kind: 'schedule' as const,
    entityId: s.id,
    lineId,
    summary: `Schedule ${s.id} (${lineName})`,
    state: s,
  }));
}

/**
 * A line with its schedules and fare rules: what a line save (its routes move times) or delete
 * (its schedules and fare rules go with it) may change.
 */
export async function lineWithSchedulesStates(db: Db, lineId: number): Promise<EntityState[]> {
  return [
    ...(await lineState(db, lineId)),
    ...(await scheduleStates(db, lineId)),
    ...(await fareRuleStates(db, { lineIds: [lineId] })),
    ...(await throughFareStates(db, { lineIds: [lineId] })),
  ];
}

/** A fare rule as the history keeps it (issue 41): the rule with its bands and pairs. */
function fareRuleEntity(rule: FareRule, lineName: string | undefined): EntityState {
  return {
    kind: 'fare_rule',
    entityId: rule.id,
    lineId: rule.lineId,
    summary: `Fares of ${lineName ?? `line ${rule.lineId}`} from ${rule.validFrom}`,
    state: rule,
  };
}

/** Fare rules, each its own thing: of some lines, or one rule (by id; none for null). */
export async function fareRuleStates(
  db: Db,
  by: { lineIds: readonly number[] } | { id: number | null },
): Promise<EntityState[]> {
  if ('id' in by && by.id === null) return [];
  const rules = await listFareRules(db, 'id' in by ? { ids: [by.id as number] } : by);
  const names = new Map<number, string>();
  for (const lineId of new Set(rules.map((r) => r.lineId))) {
    const info = await getLineInfo(db, lineId);
    if (info) names.set(lineId, info.name);
  }
  return rules.map((rule) => fareRuleEntity(rule, names.get(rule.lineId)));
}

/**
 * How the history and the messages name a through fare's two ends: 'Kavarskas (M27)', from the
 * stops' and lines' names as they are now (an id where one is gone).
 */
export async function throughFareEnds(
  db: Db,
  fares: readonly ThroughFare[],
): Promise<(fare: ThroughFare) => [string, string]> {
  const lineIds = [...new Set(fares.flatMap((f) => [f.fromLineId, f.toLineId]))];
  const stopIds = [...new Set(fares.flatMap((f) => [f.fromStopId, f.toStopId]))];
  const [lines, stops] = await Promise.all([listLineInfos(db, lineIds), getStopsByIds(db, stopIds)]);
  const lineNames = new Map(lines.map((l) => [l.id, l.name]));
  const end = (stopId: number, lineId: number) =>
    `${stops.get(stopId)?.name ?? `stop ${stopId}`} (${lineNames.get(lineId) ?? `line ${lineId}`})`;
  return (fare) => [end(fare.fromStopId, fare.fromLineId), end(fare.toStopId, fare.toLineId)];
}

/**
 * Through fares as the history keeps them, each its own thing: of some lines (either of their
 * two), or one (by id; none for null). Its entry's line is its first line.
 */
export async function throughFareStates(
  db: Db,
  by: { lineIds: readonly number[] } | { id: number | null },
): Promise<EntityState[]> {
  if ('id' in by && by.id === null) return [];
  const fares = await listThroughFares(db, 'id' in by ? { ids: [by.id as number] } : by);
  if (fares.length === 0) return [];
  const ends = await throughFareEnds(db, fares);
  return fares.map((fare) => {
    const [from, to] = ends(fare);
    return {
      kind: 'through_fare',
      entityId: fare.id,
      lineId: fare.fromLineId,
      summary: `Through fare ${from} – ${to} from ${fare.validFrom}`,
      state: fare,
    };
  });
}

export async function concessionState(db: Db, id: number | null): Promise<EntityState[]> {
  if (id === null) return [];
  const concession: Concession | undefined = (await listConcessions(db)).find((c) => c.id === id);
  return concession
    ? [
        {
          kind: 'concession',
          entityId: id,
          lineId: null,
          summary: `Concession ${concession.nameLt}`,
          state: concession,
        },
      ]
    : [];
}

export async function rulesState(db: Db): Promise<EntityState[]> {
  return [
    {
      kind: 'rules',
      entityId: null,
      lineId: null,
      summary: 'Yearly rules',
      state: await listYearlyRules(db),
    },
  ];
}

export async function holidayState(db: Db, id: number | null): Promise<EntityState[]> {
  if (id === null) return [];
  const holiday = (await listHolidays(db)).find((h) => h.id === id);
  return holiday
    ? [{ kind: 'holiday', entityId: id, lineId: null, summary: `Holiday ${holiday.name}`, state: holiday }]
    : [];
}

export async function stopState(db: Db, id: number | null): Promise<EntityState[]> {
  if (id === null) return [];
  const stop = await getStop(db, id);
  return stop
    ? [{ kind: 'stop', entityId: id, lineId: null, summary: `Stop ${stop.name}`, state: stop }]
    : [];
}

export async function serviceChangeState(db: Db, id: number | null): Promise<EntityState[]> {
  if (id === null) return [];
  const change = await getServiceChange(db, id);
  return change
    ? [
        {
          kind: 'service_change',
          entityId: id,
          lineId: change.lineIds[0] ?? null,
          summary: `Service change ${id}: ${change.titleLt}`,
          state: change,
        },
      ]
    : [];
}
