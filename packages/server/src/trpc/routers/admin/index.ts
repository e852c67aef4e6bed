import { router } from '../../init.ts';
// Changes between buses.
import { adminChangeRulesRouter } from './change-rules.ts';
// Issue 41: fares.
import { adminConcessionsRouter, adminFaresRouter, adminThroughFaresRouter } from './fares.ts';
import { adminHistoryRouter } from './history.ts';
import { adminHolidaysRouter } from './holidays.ts';
import { adminLinesRouter } from './lines.ts';
// Issue 40: live buses for staff.
import { adminLiveRouter } from './live.ts';
import { adminPublishingRouter } from './publishing.ts';
import { adminRoutesRouter } from './routes.ts';
import { adminRulesRouter } from './rules.ts';
import { adminSchedulesRouter } from './schedules.ts';
import { adminServiceChangesRouter } from './service-changes.ts';
// Issue 37: the refused sign-ins.
import { adminSignInsRouter } from './sign-ins.ts';
import { adminStopsRouter } from './stops.ts';
import { adminTimetableCheckRouter } from './timetable-check.ts';

/** The admin board: every procedure is an adminProcedure (token checked on the server). */
export const adminRouter = router({
  holidays: adminHolidaysRouter,
  stops: adminStopsRouter,
  lines: adminLinesRouter,
  routes: adminRoutesRouter,
  schedules: adminSchedulesRouter,
  rules: adminRulesRouter,
  history: adminHistoryRouter,
  publishing: adminPublishingRouter,
  check: adminTimetableCheckRouter,
  serviceChanges: adminServiceChangesRouter,
  // Changes between buses.
  changeRules: adminChangeRulesRouter,
  // Issue 37: the refused sign-ins.
  signIns: adminSignInsRouter,
  // Issue 40: live buses for staff.
  live: adminLiveRouter,
  // Issue 41: fare rules, concessions and through fares.
  fares: adminFaresRouter,
  concessions: adminConcessionsRouter,
  throughFares: adminThroughFaresRouter,
});
