import { IsoDate, MAX_STOP_QUERY_LENGTH } from '@bus/core';
import { z } from 'zod';
import { publicDepartures } from '../public-read/departures.ts';
import { readOf } from '../public-read/http-cache.ts';
import { findStops, getStopPair } from '../public-read/stops.ts';
import { getLineTimetable, getTripSchedule, listLinePreviews } from '../public-read/timetable.ts';
import { legacyQueryId, legacyRequiredId, legacyText, parseLegacy } from './legacy-input.ts';
import {
  legacyBareOption,
  legacyBrowseSchedule,
  legacyHomeItem,
  legacyLineInfo,
  legacyPublicLinePreview,
  legacyRule,
  legacyStopOption,
  legacyTripSchedule,
} from './mappers.ts';
import type { RestPath } from './registry.ts';
import * as S from './schemas.ts';

export const HomeFromQuery = z.object({
  qdate: legacyText('qdate').pipe(IsoDate),
  qdir: legacyText('qdir').optional(),
  qbstopfrom: legacyQueryId,
  qbstopto: legacyQueryId,
});
export const StopSearchQuery = z.object({
  str: legacyText('str').max(
    MAX_STOP_QUERY_LENGTH,
    `str must be at most ${MAX_STOP_QUERY_LENGTH} characters`,
  ),
});
export const LineIdQuery = z.object({ lineId: legacyRequiredId('lineId') });
export const TripIdQuery = z.object({ tripID: legacyRequiredId('tripID') });
export const Get2Query = z.object({ fromId: legacyQueryId, toId: legacyQueryId });

/** The old public paths (spec section 7, 'Public'). */
export const PUBLIC_PATHS: RestPath[] = [
  {
    method: 'get',
    path: '/api/scheduleItem/home-from',
    cache: 'minute',
    summary: 'Departures from a stop on a day (the timetable home), ordered by time, line name, trip id',
    access: 'public',
    query: HomeFromQuery,
    response: z.array(S.HomeItem),
    errors: [400],
    handle: async ({ req, deps: { db, clock } }) => {
      const q = parseLegacy(HomeFromQuery, req.query);
      const input = {
        from: q.qbstopfrom ?? undefined,
        to: q.qbstopto ?? undefined,
        dir: q.qdir,
        date: q.qdate,
      };
      // The request's generation, read once by the caching hook (as the tRPC procedures do).
      const result = await publicDepartures(readOf(req, db, clock), input);
      // Service changes (issue 27): these clients cannot show a cancellation, so cancelled and
      // not-served departures are left out; changed times are carried (the items are in their order).
      return result.items.filter((i) => !i.cancelled && !i.notServed).map(legacyHomeItem);
    },
  },
  {
    method: 'get',
    path: '/api/busstop/search',
    cache: 'day',
    summary: "Stop selector search (at most 10); the label carries the coords note: 'name (coords)'",
    access: 'public',
    query: StopSearchQuery,
    response: z.array(S.StopOption),
    errors: [400],
    handle: async ({ req, deps: { db, clock } }) => {
      const q = parseLegacy(StopSearchQuery, req.query);
      return (await findStops(readOf(req, db, clock), q.str, 'id')).map(legacyStopOption);
    },
  },
  {
    method: 'get',
    path: '/api/line/line-preview-withid-public',
    cache: 'day',
    summary: 'Every line with its main and extra stops (browse list)',
    access: 'public',
    response: z.array(S.PublicLinePreview),
    errors: [],
    handle: async ({ deps: { db } }) => (await listLinePreviews(db, null)).map(legacyPublicLinePreview),
  },
  {
    method: 'get',
    path: '/api/scheduleItem/schedule-by-lineid-browse',
    cache: 'day',
    summary: "A line's public timetable, or {nothingFound: true}",
    access: 'public',
    query: LineIdQuery,
    response: z.union([S.LineTimetable, S.NothingFound]),
    errors: [400],
    handle: async ({ req, deps: { db, clock } }) => {
      const q = parseLegacy(LineIdQuery, req.query);
      const result = await getLineTimetable(db, q.lineId, null, clock);
      if (result.nothingFound) return { nothingFound: true };
      return {
        line: legacyLineInfo(result.line),
        schedules: result.schedules.map(legacyBrowseSchedule),
        yearlyRules: result.yearlyRules.map(legacyRule),
      };
    },
  },
  {
    method: 'get',
    path: '/api/scheduleItem/schedule-by-tripid',
    cache: 'day',
    summary: 'The schedule a trip belongs to, with the line',
    access: 'public',
    query: TripIdQuery,
    response: S.TripSchedule,
    errors: [400, 404],
    handle: async ({ req, deps: { db } }) => {
      const q = parseLegacy(TripIdQuery, req.query);
      return legacyTripSchedule(await getTripSchedule(db, q.tripID));
    },
  },
  {
    method: 'get',
    path: '/api/busstop/get2',
    cache: 'day',
    summary: 'The departure and destination stops of the header (bare names)',
    access: 'public',
    query: Get2Query,
    response: S.StopPair,
    errors: [400],
    handle: async ({ req, deps: { db } }) => {
      const q = parseLegacy(Get2Query, req.query);
      const pair = await getStopPair(db, q.fromId, q.toId);
      return { from: legacyBareOption(pair.from), to: legacyBareOption(pair.to) };
    },
  },
];
