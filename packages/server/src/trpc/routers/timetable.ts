import {
  BoardQueryInput,
  DeparturesQueryInput,
  DIRECTIONS,
  FareInput,
  FareTableInput,
  IsoDate,
  LineIdInput,
  PlanQueryInput,
  StopSearchInput,
  TripIdInput,
} from '@bus/core';
import { z } from 'zod';
import { liveBoard, liveDepartures, livePlan, liveTripAnswer, vehiclesOf } from '../../live/answers.ts';
import { mapTiles } from '../../map-tiles.ts';
import type { CacheSettings } from '../../public-read/cache-policy.ts';
import { fareOf, fareTableOf, journeyFares } from '../../public-read/fares.ts';
import { noticesToday, serviceChangesPage } from '../../public-read/notices.ts';
import { getLinePrint, getStopPoster } from '../../public-read/printed-timetable.ts';
import { siteAnswer } from '../../public-read/site.ts';
import { stopPositions } from '../../public-read/stop-positions.ts';
import { findStops, getStopPair } from '../../public-read/stops.ts';
import { lineTimetableOn, listLinePreviews, tripScheduleOn } from '../../public-read/timetable.ts';
import { compareTimetables } from '../../public-read/timetable-compare.ts';
import { publicProcedure, router } from '../init.ts';

const optionalId = z.coerce
  .number()
  .int()
  .positive()
  .nullish()
  .transform((v) => v ?? null);

/** The header's stop pair (legacy 'get2'). */
export const StopPairInput = z.object({ fromId: optionalId, toId: optionalId });
/** The lines, of one stop or all. */
export const LinesInput = z.object({ from: optionalId }).default({ from: null });
/** A line's timetable or print on a date (today when none). */
export const LineOnDateInput = LineIdInput.extend({ date: IsoDate.nullish() });
/** A trip's schedule on a date (today when none). */
export const TripOnDateInput = TripIdInput.extend({ date: IsoDate.nullish() });
/** A stop's departures across a new timetable's first day. */
export const CompareInput = z.object({
  from: z.coerce.number().int().positive(),
  dir: z.enum(DIRECTIONS),
  change: IsoDate,
});

/**
 * The visitor's side: every procedure validates with a core schema and calls one read service
 * with the request's read context. How each answer is cached is TIMETABLE_CACHE, below.
 */
export const timetableRouter = router({
  departures: publicProcedure
    .input(DeparturesQueryInput)
    .query(({ ctx, input }) => liveDepartures(ctx.live, ctx.read(), input)),
  // The departure board of a station screen (issue 42): the departures answers of its stops.
  board: publicProcedure
    .input(BoardQueryInput)
    .query(({ ctx, input }) => liveBoard(ctx.live, ctx.read(), input)),
  searchStops: publicProcedure
    .input(StopSearchInput)
    .query(({ ctx, input }) => findStops(ctx.read(), input.query)),
  stopPair: publicProcedure
    .input(StopPairInput)
    .query(({ ctx, input }) => getStopPair(ctx.db, input.fromId, input.toId)),
  lines: publicProcedure.input(LinesInput).query(({ ctx, input }) => listLinePreviews(ctx.db, input.from)),
  lineTimetable: publicProcedure
    .input(LineOnDateInput)
    .query(({ ctx, input }) => lineTimetableOn(ctx.read(), input.id, input.date ?? null)),
  // The trip's schedule, with the notices and changes of the date (today when none).
  tripSchedule: publicProcedure
    .input(TripOnDateInput)
    .query(({ ctx, input }) => tripScheduleOn(ctx.read(), input.id, input.date ?? null)),
  // Printed timetables (the print pages): the stop poster for the home's selection and a line's
  // timetable per direction, each valid for four weeks from the date (today when none). They say
  // the site's address from the Publishing settings, so their tag names those too.
  stopPoster: publicProcedure
    .input(DeparturesQueryInput)
    .query(({ ctx, input }) => getStopPoster(ctx.read(), input)),
  linePrint: publicProcedure
    .input(LineOnDateInput)
    .query(({ ctx, input }) => getLinePrint(ctx.read(), input.id, input.date ?? null)),
  // The site's address from the Publishing settings alone (null: not set), as the print pages
  // say it: the stop page's "Put on your site" writes the widget's code with it (issue 42).
  site: publicProcedure.query(({ ctx }) => siteAnswer(ctx.db)),
  // Service changes: every current and upcoming notice (the Service changes
  // page), and how many hold today (the header links to that page when any do).
  serviceChanges: publicProcedure.query(({ ctx }) => serviceChangesPage(ctx.read())),
  noticesToday: publicProcedure.query(({ ctx }) => noticesToday(ctx.read())),
  // Every placed stop and the tile source, for the maps of the site.
  stopPositions: publicProcedure.query(({ ctx }) =>
    stopPositions(ctx.read(), mapTiles(ctx.env.MAP_TILES_URL, ctx.env.MAP_TILES_ATTRIBUTION)),
  ),
  // The journey planner, from any stop to any stop with changes, on a date.
  plan: publicProcedure.input(PlanQueryInput).query(async ({ ctx, input }) => {
    const read = ctx.read();
    const answer = await livePlan(ctx.live, read, input);
    // Each journey's fare (issue 41); null while no price list is stored at all.
    const fares = await journeyFares(read, input.date, answer.journeys);
    return { ...answer, journeys: answer.journeys.map((j, i) => ({ ...j, fare: fares[i] ?? null })) };
  }),
  // A stop's departures the day before a new timetable beside the same weekday after it.
  compare: publicProcedure
    .input(CompareInput)
    .query(({ ctx, input }) => compareTimetables(ctx.read(), input)),
  // Live buses (issue 40): where a followed trip's bus is along its stops, and every bus in service.
  liveTrip: publicProcedure
    .input(TripIdInput)
    .query(({ ctx, input }) => liveTripAnswer(ctx.live, ctx.read(), input.id)),
  vehicles: publicProcedure.query(({ ctx }) => vehiclesOf(ctx.live, ctx.read())),
  // Fares (issue 41): a ride's fare with each concession's, and a line's fare table.
  fare: publicProcedure.input(FareInput).query(({ ctx, input }) => fareOf(ctx.read(), input)),
  fareTable: publicProcedure.input(FareTableInput).query(({ ctx, input }) => fareTableOf(ctx.read(), input)),
});

/**
 * How each public answer is cached (public-read/cache-policy.ts): 'minute' moves with tooLate,
 * 'day' with today's date; `publishing`: it says the site's address from the Publishing
 * settings; `fastLane`: one of the hottest queries (public-read/trpc-fast-lane.ts). Every query
 * of the router has its entry: a new one does not compile until it says how it is cached.
 */
export const TIMETABLE_CACHE = {
  'timetable.departures': { cache: 'minute', fastLane: true, live: true, untilChanged: true },
  // A board asks every 15 s, as the home does: by the minute and the live state, like departures.
  'timetable.board': { cache: 'minute', live: true },
  // Live buses move every few seconds: asked each time, never kept.
  'timetable.liveTrip': { cache: 'never' },
  'timetable.vehicles': { cache: 'never' },
  'timetable.searchStops': { cache: 'day', fastLane: true },
  'timetable.stopPair': { cache: 'day' },
  'timetable.lines': { cache: 'day' },
  'timetable.lineTimetable': { cache: 'day' },
  'timetable.tripSchedule': { cache: 'day' },
  'timetable.stopPoster': { cache: 'day', publishing: true },
  'timetable.linePrint': { cache: 'day', publishing: true },
  'timetable.site': { cache: 'day', publishing: true },
  'timetable.serviceChanges': { cache: 'day' },
  'timetable.noticesToday': { cache: 'day' },
  'timetable.stopPositions': { cache: 'day' },
  // Today's journeys carry their buses' live delays (issue 40).
  'timetable.plan': { cache: 'day', live: true },
  'timetable.compare': { cache: 'day' },
  // Fares move with the data (a fare save writes the history, a new tag) and with today's date
  // (the rule in force when no date is given).
  'timetable.fare': { cache: 'day' },
  'timetable.fareTable': { cache: 'day' },
} as const satisfies CacheSettings<typeof timetableRouter, 'timetable.'>;
