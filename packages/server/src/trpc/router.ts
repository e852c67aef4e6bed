import { router } from './init.ts';
import { adminRouter } from './routers/admin/index.ts';
import { authRouter } from './routers/auth.ts';
import { driveRouter } from './routers/drive.ts';
import { healthRouter } from './routers/health.ts';
import { timetableRouter } from './routers/timetable.ts';

export const appRouter = router({
  health: healthRouter,
  timetable: timetableRouter,
  auth: authRouter,
  admin: adminRouter,
  drive: driveRouter,
});

export type AppRouter = typeof appRouter;
