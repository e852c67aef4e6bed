import {
  AdminDeleteInput,
  AdminStopSearchInput,
  PositionImportApplyInput,
  PositionImportPreviewInput,
  SaveStopInput,
} from '@bus/core';
import { stopIdsMatching } from '../../../public-read/stops.ts';
import { applyPositionImport, previewPositionImport } from '../../../services/admin/position-import.ts';
import {
  getAllStops,
  getStopsWithUsage,
  removeStop,
  saveStop,
  searchStopsWithUsage,
} from '../../../services/admin/stops.ts';
import { adminProcedure, router } from '../../init.ts';

export const adminStopsRouter = router({
  list: adminProcedure.query(({ ctx }) => getAllStops(ctx.db)),
  listWithUsage: adminProcedure.query(({ ctx }) => getStopsWithUsage(ctx.db)),
  search: adminProcedure
    .input(AdminStopSearchInput)
    .query(({ ctx, input }) =>
      searchStopsWithUsage(ctx.db, input.query, (query) => stopIdsMatching(ctx.read(), query)),
    ),
  save: adminProcedure.input(SaveStopInput).mutation(({ ctx, input }) => saveStop(ctx.db, ctx.actor, input)),
  delete: adminProcedure
    .input(AdminDeleteInput)
    .mutation(({ ctx, input }) => removeStop(ctx.db, ctx.actor, input)),
  // Positions from a GTFS stops.txt. The preview writes nothing; it is
  // a mutation because the file travels in the request body.
  positionImportPreview: adminProcedure
    .input(PositionImportPreviewInput)
    .mutation(({ ctx, input }) => previewPositionImport(ctx.db, input.stopsTxt)),
  positionImportApply: adminProcedure
    .input(PositionImportApplyInput)
    .mutation(({ ctx, input }) => applyPositionImport(ctx.db, ctx.actor, input)),
});
