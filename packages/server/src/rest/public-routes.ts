import { IsoDate, MAX_STOP_QUERY_LENGTH } from '@bus/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { cachedBy } from '../public-read/cache-policy.ts';
import { getDepartures } from '../public-read/departures.ts';
import { findStops, getStopPair } from '../services/stops.ts';
import { getLineTimetable, getTripSchedule, listLinePreviews } from '../services/timetable.ts';
import type { RestDeps } from './deps.ts';
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
export function registerPublicRoutes(app: FastifyInstance, { db, clock }: RestDeps): void {
  app.get('/api/scheduleItem/home-from', cachedBy('minute'), async (req) => {
    const q = parseLegacy(HomeFromQuery, req.query);
    const input = {
      from: q.qbstopfrom ?? undefined,
      to: q.qbstopto ?? undefined,
      dir: q.qdir,
      date: q.qdate,
    };
    const result = await getDepartures(db, input, clock);
    return result.items.map(legacyHomeItem);
  });

  app.get('/api/busstop/search', cachedBy('day'), async (req) => {
    const q = parseLegacy(StopSearchQuery, req.query);
    return (await findStops(db, q.str, 'id')).map(legacyStopOption);
  });

  app.get('/api/line/line-preview-withid-public', cachedBy('day'), async () =>
    (await listLinePreviews(db, null)).map(legacyPublicLinePreview),
  );

  app.get('/api/scheduleItem/schedule-by-lineid-browse', cachedBy('day'), async (req) => {
    const q = parseLegacy(LineIdQuery, req.query);
    const result = await getLineTimetable(db, q.lineId, null, clock);
    if (result.nothingFound) return { nothingFound: true };
    return {
      line: legacyLineInfo(result.line),
      schedules: result.schedules.map(legacyBrowseSchedule),
      yearlyRules: result.yearlyRules.map(legacyRule),
    };
  });

  app.get('/api/scheduleItem/schedule-by-tripid', cachedBy('day'), async (req) => {
    const q = parseLegacy(TripIdQuery, req.query);
    return legacyTripSchedule(await getTripSchedule(db, q.tripID));
  });

  app.get('/api/busstop/get2', cachedBy('day'), async (req) => {
    const q = parseLegacy(Get2Query, req.query);
    const pair = await getStopPair(db, q.fromId, q.toId);
    return { from: legacyBareOption(pair.from), to: legacyBareOption(pair.to) };
  });
}
