import { LineScopeInput } from '@bus/core';
import { getRoutesOfLine } from '../../../services/admin/lines.ts';
import { adminProcedure, router } from '../../init.ts';

export const adminRoutesRouter = router({
  byLine: adminProcedure
    .input(LineScopeInput)
    .query(({ ctx, input }) => getRoutesOfLine(ctx.db, input.lineId)),
});
