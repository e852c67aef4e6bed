import { z } from 'zod';
import { ROUTE_TYPES } from '../domain.ts';
import {
  BoolLike,
  checkText,
  EntityId,
  failed,
  intLike,
  list,
  MAX_ID,
  objectWhere,
  optionalIntLike,
  optionalText,
  requiredText,
  uniqueIds,
} from './fields.ts';
import { BaseVersion } from './versions.ts';

// Lines with their route variations

export const LineNoteInput = z.object(
  { id: EntityId, noteKey: requiredText('noteKey'), noteValue: requiredText('noteValue') },
  failed,
);
export type LineNoteInput = z.infer<typeof LineNoteInput>;

export const SaveLineInfoInput = z.object(
  {
    id: EntityId,
    name: requiredText('lineName'),
    routeStart: requiredText('lineEnd'),
    routeEnd: requiredText('lineEnd'),
    routeType: z.enum(ROUTE_TYPES, failed),
    operator: optionalText('operator'),
    anykStationPlatform: optionalText('platform'),
    price: optionalText('price'),
    /** Legacy free text the old client never sends: missing keeps the stored value. */
    via: z
      .string(failed)
      .nullable()
      .optional()
      .transform((value, ctx) => (value === undefined ? undefined : checkText('via', value, false, ctx))),
    enabledSeasonalYearlyRuleFilter: BoolLike,
    customNotes: list(LineNoteInput),
  },
  failed,
);
export type SaveLineInfoInput = z.infer<typeof SaveLineInfoInput>;

/**
 * A route stop must be a chosen stop: a stored one (its id; the service checks that it exists),
 * or a new stop staff chose to create in the route editor: a temporary negative id with the
 * new stop's name, created by the line save itself (so a cancelled edit leaves no stop behind).
 * One temporary id may appear several times and always means the same new stop.
 */
const RouteStopRef = z.union(
  [
    z.object({ id: intLike(1, MAX_ID) }, failed),
    z.object({ id: intLike(-MAX_ID, -1), name: requiredText('stopName') }, failed),
  ],
  failed,
);
export type RouteStopRef = z.infer<typeof RouteStopRef>;

export const SaveRouteInput = objectWhere(
  {
    id: EntityId,
    routeNotes: requiredText('routeNotes'),
    stopsArr: z.array(RouteStopRef, failed).min(1, failed),
    /** Metres from each stop to the next; null = unknown. One entry fewer than the stops. */
    distanceMetersList: z.array(optionalIntLike(0, MAX_ID), failed),
  },
  (r) => r.distanceMetersList.length === r.stopsArr.length - 1,
  ['distanceMetersList'],
);
export type SaveRouteInput = z.infer<typeof SaveRouteInput>;

/** A line with its routes as a save gives it, without a version (the old REST path; the line editor's checks). */
export const SaveLineFields = objectWhere(
  { info: SaveLineInfoInput, routes: z.array(SaveRouteInput, failed) },
  (line) => uniqueIds(line.routes) && uniqueIds(line.info.customNotes),
);
export type SaveLineFields = z.infer<typeof SaveLineFields>;

export const SaveLineInput = SaveLineFields.safeExtend({ baseVersion: BaseVersion });
export type SaveLineInput = z.infer<typeof SaveLineInput>;
