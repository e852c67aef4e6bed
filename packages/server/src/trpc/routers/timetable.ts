import {
  DeparturesQueryInput,
  DIRECTIONS,
  IsoDate,
  LineIdInput,
  PlanQueryInput,
  StopSearchInput,
  TripIdInput,
} from '@bus/core';
import { z } from 'zod';
import { mapTiles } from '../../map-tiles.ts';
import { publicDepartures } from '../../public-read/departures.ts';
import { planJourneysAnswer } from '../../public-read/journeys.ts';
import { noticesToday, serviceChangesPage } from '../../public-read/notices.ts';
import { getLinePrint, getStopPoster } from '../../public-read/printed-timetable.ts';
import { stopPositions } from '../../public-read/stop-positions.ts';
import { findStops, getStopPair } from '../../public-read/stops.ts';
import { lineTimetableOn, listLinePreviews, tripScheduleOn } from '../../public-read/timetable.ts';
// wt-dated (issue 28)
import { compareTimetables } from '../../public-read/timetable-compare.ts';
import { publicProcedure, router } from '../init.ts';

const optionalId = z.coerce
  .number()
  .int()
  .positive()
  .nullish()
  .transform((v) => v ?? null);

/**
 * The visitor's side: every procedure validates with a core schema and calls one service with
 * the request's read context, and declares how its answer is cached (public-read/cache-policy.ts:
 * 'minute' moves with tooLate, 'day' with today's date; a procedure without one is not cached).
 */
export const timetableRouter = router({
  departures: publicProcedure
    .meta({ cache: 'minute', fastLane: true })
    .input(DeparturesQueryInput)
    .query(({ ctx, input }) => publicDepartures(ctx.read(), input)),
  searchStops: publicProcedure
    .meta({ cache: 'day', fastLane: true })
    .input(StopSearchInput)
    .query(({ ctx, input }) => findStops(ctx.read(), input.query)),
  stopPair: publicProcedure
    .meta({ cache: 'day' })
    .input(z.object({ fromId: optionalId, toId: optionalId }))
    .query(({ ctx, input }) => getStopPair(ctx.db, input.fromId, input.toId)),
  lines: publicProcedure
    .meta({ cache: 'day' })
    .input(z.object({ from: optionalId }).default({ from: null }))
    .query(({ ctx, input }) => listLinePreviews(ctx.db, input.from)),
  lineTimetable: publicProcedure
    .meta({ cache: 'day' })
    .input(LineIdInput.extend({ date: IsoDate.nullish() }))
    .query(({ ctx, input }) => lineTimetableOn(ctx.read(), input.id, input.date ?? null)),
  // The trip's schedule, with the notices and changes of the date (today when none).
  tripSchedule: publicProcedure
    .meta({ cache: 'day' })
    .input(TripIdInput.extend({ date: IsoDate.nullish() }))
    .query(({ ctx, input }) => tripScheduleOn(ctx.read(), input.id, input.date ?? null)),
  // Printed timetables (the print pages): the stop poster for the home's selection and a line's
  // timetable per direction, each valid for four weeks from the date (today when none). They say
  // the site's address from the Publishing settings, so their tag names those too.
  stopPoster: publicProcedure
    .meta({ cache: 'day', publishing: true })
    .input(DeparturesQueryInput)
    .query(({ ctx, input }) => getStopPoster(ctx.read(), input)),
  linePrint: publicProcedure
    .meta({ cache: 'day', publishing: true })
    .input(LineIdInput.extend({ date: IsoDate.nullish() }))
    .query(({ ctx, input }) => getLinePrint(ctx.read(), input.id, input.date ?? null)),
  // Service changes (issue 27): every current and upcoming notice (the Service changes
  // page), and how many hold today (the header links to that page when any do).
  serviceChanges: publicProcedure.meta({ cache: 'day' }).query(({ ctx }) => serviceChangesPage(ctx.read())),
  noticesToday: publicProcedure.meta({ cache: 'day' }).query(({ ctx }) => noticesToday(ctx.read())),
  // Issue 29 (wt-maps): every placed stop and the tile source, for the maps of the site.
  stopPositions: publicProcedure
    .meta({ cache: 'day' })
    .query(({ ctx }) =>
      stopPositions(ctx.read(), mapTiles(ctx.env.MAP_TILES_URL, ctx.env.MAP_TILES_ATTRIBUTION)),
    ),
  // wt-plan (issue 30): the journey planner, from any stop to any stop with changes, on a date.
  plan: publicProcedure
    .meta({ cache: 'day' })
    .input(PlanQueryInput)
    .query(({ ctx, input }) => planJourneysAnswer(ctx.read(), input)),
  // wt-dated (issue 28): a stop's departures the day before a new timetable beside the same weekday after it.
  compare: publicProcedure
    .meta({ cache: 'day' })
    .input(z.object({ from: z.coerce.number().int().positive(), dir: z.enum(DIRECTIONS), change: IsoDate }))
    .query(({ ctx, input }) => compareTimetables(ctx.read(), input)),
});
