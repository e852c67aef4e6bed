import { DeparturesQueryInput, IsoDate, LineIdInput, StopSearchInput, TripIdInput } from '@bus/core';
import { z } from 'zod';
import { getDepartures } from '../../services/departures.ts';
import { getLinePrint, getStopPoster } from '../../services/printed-timetable.ts';
import { findStops, getStopPair } from '../../services/stops.ts';
import { getLineTimetable, getTripSchedule, listLinePreviews } from '../../services/timetable.ts';
import { publicProcedure, router } from '../init.ts';

const optionalId = z.coerce
  .number()
  .int()
  .positive()
  .nullish()
  .transform((v) => v ?? null);

/** The visitor's side: every procedure validates with a core schema and calls one service. */
export const timetableRouter = router({
  departures: publicProcedure
    .input(DeparturesQueryInput)
    .query(({ ctx, input }) => getDepartures(ctx.db, input, ctx.clock)),
  searchStops: publicProcedure
    .input(StopSearchInput)
    .query(({ ctx, input }) => findStops(ctx.db, input.query)),
  stopPair: publicProcedure
    .input(z.object({ fromId: optionalId, toId: optionalId }))
    .query(({ ctx, input }) => getStopPair(ctx.db, input.fromId, input.toId)),
  lines: publicProcedure
    .input(z.object({ from: optionalId }).default({ from: null }))
    .query(({ ctx, input }) => listLinePreviews(ctx.db, input.from)),
  lineTimetable: publicProcedure
    .input(LineIdInput.extend({ date: IsoDate.nullish() }))
    .query(({ ctx, input }) => getLineTimetable(ctx.db, input.id, input.date ?? null, ctx.clock)),
  tripSchedule: publicProcedure
    .input(TripIdInput)
    .query(({ ctx, input }) => getTripSchedule(ctx.db, input.id)),
  // Printed timetables (the print pages): the stop poster for the home's selection and a line's
  // timetable per direction, each valid for four weeks from the date (today when none).
  stopPoster: publicProcedure
    .input(DeparturesQueryInput)
    .query(({ ctx, input }) => getStopPoster(ctx.db, input, ctx.clock)),
  linePrint: publicProcedure
    .input(LineIdInput.extend({ date: IsoDate.nullish() }))
    .query(({ ctx, input }) => getLinePrint(ctx.db, input.id, input.date ?? null, ctx.clock)),
});
