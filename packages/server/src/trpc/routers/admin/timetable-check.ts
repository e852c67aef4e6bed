import { timetableCheck } from '../../../services/admin/timetable-check.ts';
import { adminProcedure, router } from '../../init.ts';

export const adminTimetableCheckRouter = router({
  run: adminProcedure.query(({ ctx }) => timetableCheck(ctx.db, ctx.clock)),
});
