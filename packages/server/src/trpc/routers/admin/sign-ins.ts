import { refusedSignIns } from '../../../services/admin/sign-ins.ts';
import { adminProcedure, router } from '../../init.ts';

/** What staff see of the sign-in limits (issue 37): the wrong passwords of the current window. */
export const adminSignInsRouter = router({
  refused: adminProcedure.query(({ ctx }) => refusedSignIns(ctx.db, ctx.clock)),
});
