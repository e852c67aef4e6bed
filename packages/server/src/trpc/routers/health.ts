import { checkHealth } from '../../public-read/health.ts';
import { publicProcedure, router } from '../init.ts';

export const healthRouter = router({
  check: publicProcedure.query(({ ctx }) => checkHealth(ctx.db)),
});
