import {
  changedFromStored,
  changesOfEntities,
  changesOfItems,
  DomainError,
  findStaleCopies,
  isStoredId,
  type LineInfoContent,
  lineInfoContentKey,
  type RouteContent,
  type RuleContent,
  routeContentKey,
  ruleContentKey,
  type SaveLineFields,
  type SaveSchedulesFields,
  type SaveYearlyRulesFields,
  type ScheduleContent,
  type StaleCopies,
  scheduleContentKey,
  serverMessage,
} from '@bus/core';
import {
  type Db,
  getLineInfo,
  listChanges,
  listEntityChanges,
  listRoutes,
  listSchedules,
  listYearlyRules,
} from '@bus/db';
import { vilniusStamp } from './recorded-write.ts';
import type { LineState } from './states.ts';

/**
 * The old REST paths' whole-list saves carry no version (UNVERSIONED): the old client posts back
 * every item as it loaded it, edited or not. Each save below runs inside its save's transaction
 * (so no change can slip in between the check and the write) and refuses the whole save (CONFLICT
 * in the legacy error shape, nothing written) when the list sends back a stale copy of an item
 * that someone other than the poster (`by`) changed since,
 * naming the items and the newest change it would undo; where leaving an item out deletes it
 * (routes, rules), also the items added after the page was loaded. See core stale-copies.ts for
 * what is and is not detected.
 */

/** Refuses the save when `found` names anything; `message` words it. */
function refuse<Id>(
  found: StaleCopies<Id>,
  message: (by: { username: string | null; at: string | null }) => ReturnType<typeof serverMessage>,
) {
  if (found.stale.length === 0 && found.added.length === 0) return;
  const username = found.newest?.username ?? null;
  const at = found.newest?.at ?? null;
  throw new DomainError('CONFLICT', message({ username, at: at === null ? null : vilniusStamp(at) }), {
    reason: 'stale',
    username,
    at,
  });
}

/**
 * POST /api/scheduleItem/post-schedule-dto (rest-contract §1.22): schedules sent back as they were
 * before someone else's change. Schedules the list leaves out are not touched by this save (§2.14).
 */
export async function refuseStaleCopies(trx: Db, input: SaveSchedulesFields, by: string): Promise<void> {
  const { lineId } = input;
  const postedIds = input.schedules.flatMap((s) => (isStoredId(s.id) ? [s.id] : []));
  if (postedIds.length === 0) return;
  const current = new Map<number, ScheduleContent>(
    (await listSchedules(trx, { scheduleIds: postedIds }))
      .filter((s) => s.lineId === lineId)
      .map((s) => [s.id, s]),
  );
  const list = {
    posted: input.schedules.map((s) => ({ id: isStoredId(s.id) ? s.id : null, content: s })),
    current,
    key: scheduleContentKey,
  };
  if (changedFromStored(list).length === 0) return;
  const entries = await listEntityChanges(trx, 'schedule', postedIds);
  const found = findStaleCopies({
    ...list,
    history: changesOfEntities<ScheduleContent>(entries),
    omittedAreDeleted: false,
    by,
  });
  const line = found.stale.length === 0 ? null : ((await getLineInfo(trx, lineId))?.name ?? null);
  refuse(found, (by) =>
    serverMessage('staleScheduleCopy', { lineId, line, scheduleIds: found.stale, ...by }),
  );
}

/** A line's details or one of its routes: the items of a line's whole-list save. */
type LineItem = { id: 'details' | number; info?: LineInfoContent; route?: RouteContent };
const lineItemKey = (item: LineItem) =>
  item.info
    ? `details ${lineInfoContentKey(item.info)}`
    : `route ${routeContentKey(item.route as RouteContent)}`;

/** The items of a line as the history keeps it (services/admin/states.ts lineState). */
function lineItems(state: unknown): LineItem[] {
  if (state === null || state === undefined) return [];
  const { info, routes } = state as LineState;
  return [
    { id: 'details', info },
    ...routes.map((r) => ({
      id: r.id,
      route: {
        routeNotes: r.routeNotes,
        stopIds: r.stops.map((s) => s.id),
        distanceMeters: r.distanceMeters,
      },
    })),
  ];
}

/**
 * POST /api/line/post-line-full-dto (rest-contract §1.17, §2.13) of a stored line: its details or
 * routes sent back as they were before someone else's change, or routes left out (which the save
 * would delete) that were added after the page was loaded.
 */
export async function refuseStaleLine(
  trx: Db,
  { info, routes }: SaveLineFields,
  lineId: number,
  by: string,
): Promise<void> {
  const stored = await getLineInfo(trx, lineId);
  if (!stored) return;
  const current = new Map<LineItem['id'], LineItem>([
    ['details', { id: 'details', info: stored }],
    ...(await listRoutes(trx, { lineIds: [lineId] })).map((r): [number, LineItem] => [
      r.id,
      {
        id: r.id,
        route: {
          routeNotes: r.routeNotes,
          stopIds: r.stops.map((s) => s.id),
          distanceMeters: r.distanceMeters,
        },
      },
    ]),
  ]);
  const posted: { id: LineItem['id'] | null; content: LineItem }[] = [
    { id: 'details', content: { id: 'details', info } },
    ...routes.map((r) => {
      const route = {
        routeNotes: r.routeNotes,
        stopIds: r.stopsArr.map((s) => s.id),
        distanceMeters: r.distanceMetersList,
      };
      return { id: isStoredId(r.id) ? r.id : null, content: { id: r.id ?? 0, route } };
    }),
  ];
  const list = { posted, current, key: lineItemKey };
  if (changedFromStored(list).length === 0) return;
  const entries = await listEntityChanges(trx, 'line', [lineId]);
  const found = findStaleCopies({
    ...list,
    history: changesOfItems(entries, lineItems, (item) => item.id, lineItemKey),
    omittedAreDeleted: true,
    by,
  });
  const routeIds = (ids: LineItem['id'][]) => ids.filter((id): id is number => id !== 'details');
  refuse(found, (by) =>
    serverMessage('staleLineCopy', {
      lineId,
      line: stored.name,
      details: found.stale.includes('details'),
      routeIds: routeIds(found.stale),
      addedRouteIds: routeIds(found.added),
      ...by,
    }),
  );
}

/** Every entry of the yearly rules, oldest first (the history keeps them as one thing). */
async function rulesHistory(trx: Db) {
  return (await listChanges(trx, { kind: 'rules', limit: Number.MAX_SAFE_INTEGER })).reverse();
}

/**
 * POST /api/yearly-rules/post-combo-list (rest-contract §1.26, §2.15): rules sent back as they were
 * before someone else's change, or rules left out (which the save would delete) that were added
 * after the page was loaded.
 */
export async function refuseStaleRules(
  trx: Db,
  rules: SaveYearlyRulesFields['rules'],
  by: string,
): Promise<void> {
  const stored = await listYearlyRules(trx);
  const list = {
    posted: rules.map((r) => ({ id: isStoredId(r.id) ? r.id : null, content: r as RuleContent })),
    current: new Map<number, RuleContent>(stored.map((r) => [r.id, r])),
    key: ruleContentKey,
  };
  if (changedFromStored(list).length === 0) return;
  const found = findStaleCopies({
    ...list,
    history: changesOfItems(
      await rulesHistory(trx),
      (state) => (state as RuleContent[] | null) ?? [],
      (rule) => (rule as RuleContent & { id: number }).id,
      ruleContentKey,
    ),
    omittedAreDeleted: true,
    by,
  });
  const named = (ids: number[]) =>
    ids.map((id) => ({ id, name: stored.find((r) => r.id === id)?.periodName ?? String(id) }));
  refuse(found, (by) =>
    serverMessage('staleRulesCopy', { rules: named(found.stale), added: named(found.added), ...by }),
  );
}
