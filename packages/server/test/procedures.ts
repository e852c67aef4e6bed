import {
  AdminDeleteInput,
  AdminIdInput,
  AdminStopSearchInput,
  BoardQueryInput,
  BulkSchedulesInput,
  DeparturesQueryInput,
  DriveFindInput,
  DriveNearInput,
  DriveReportInput,
  DriveTripInput,
  FareInput,
  FareRulesListInput,
  FareTableInput,
  HistoryFilterInput,
  LineScopeInput,
  ListServiceChangesInput,
  LivePunctualityInput,
  NewTimetableInput,
  PlanQueryInput,
  PositionImportApplyInput,
  PositionImportPreviewInput,
  RestoreChangeInput,
  RuleScopeInput,
  SaveChangeRulesInput,
  SaveConcessionInput,
  SaveFareRuleInput,
  SaveHolidayInput,
  SaveLineInput,
  SavePublishingInput,
  SaveSchedulesInput,
  SaveServiceChangeInput,
  SaveStopInput,
  SaveYearlyRulesInput,
  SignInInput,
  StopSearchInput,
  TripIdInput,
} from '@bus/core';
import type { AnyTRPCProcedure, inferProcedureInput } from '@trpc/server';
import type { z } from 'zod';
import type { MutationPaths, ProcedurePaths, QueryPaths } from '../src/trpc/paths.ts';
import type { AppRouter } from '../src/trpc/router.ts';
import { LineTripsInput, PreviewInput } from '../src/trpc/routers/admin/service-changes.ts';
import {
  CompareInput,
  LineOnDateInput,
  LinesInput,
  StopPairInput,
  TripOnDateInput,
} from '../src/trpc/routers/timetable.ts';

/**
 * Every procedure of the app with its kind, checked by TypeScript against the router's own type:
 * a procedure added, renamed or removed, or a query turned into a mutation, does not compile
 * until it is listed here, so the tests that walk every procedure (authorization, versions) cover
 * it. No tRPC internals are read.
 */
export const PROCEDURE_KINDS = {
  'health.check': 'query',
  'timetable.departures': 'query',
  'timetable.board': 'query',
  'timetable.searchStops': 'query',
  'timetable.stopPair': 'query',
  'timetable.lines': 'query',
  'timetable.lineTimetable': 'query',
  'timetable.tripSchedule': 'query',
  'timetable.stopPoster': 'query',
  'timetable.linePrint': 'query',
  'timetable.serviceChanges': 'query',
  'timetable.noticesToday': 'query',
  'timetable.stopPositions': 'query',
  'timetable.plan': 'query',
  'timetable.compare': 'query',
  'timetable.liveTrip': 'query',
  'timetable.vehicles': 'query',
  'timetable.fare': 'query',
  'timetable.fareTable': 'query',
  'drive.near': 'query',
  'drive.find': 'query',
  'drive.current': 'query',
  'drive.start': 'mutation',
  'drive.report': 'mutation',
  'drive.stop': 'mutation',
  'auth.signIn': 'mutation',
  'auth.config': 'query',
  'admin.holidays.list': 'query',
  'admin.holidays.save': 'mutation',
  'admin.holidays.delete': 'mutation',
  'admin.stops.list': 'query',
  'admin.stops.listWithUsage': 'query',
  'admin.stops.search': 'query',
  'admin.stops.save': 'mutation',
  'admin.stops.delete': 'mutation',
  'admin.stops.positionImportPreview': 'mutation',
  'admin.stops.positionImportApply': 'mutation',
  'admin.lines.list': 'query',
  'admin.lines.getFull': 'query',
  'admin.lines.empty': 'query',
  'admin.lines.saveFull': 'mutation',
  'admin.lines.delete': 'mutation',
  'admin.routes.byLine': 'query',
  'admin.schedules.byLine': 'query',
  'admin.schedules.saveList': 'mutation',
  'admin.schedules.delete': 'mutation',
  'admin.schedules.bulkUpdate': 'mutation',
  'admin.schedules.newTimetableFrom': 'mutation',
  'admin.rules.allWithUsage': 'query',
  'admin.rules.saveAll': 'mutation',
  'admin.rules.schedulesByRule': 'query',
  'admin.history.list': 'query',
  'admin.history.restore': 'mutation',
  'admin.history.restoreBatch': 'mutation',
  'admin.publishing.get': 'query',
  'admin.publishing.save': 'mutation',
  'admin.check.run': 'query',
  'admin.serviceChanges.list': 'query',
  'admin.serviceChanges.save': 'mutation',
  'admin.serviceChanges.delete': 'mutation',
  'admin.serviceChanges.lineTrips': 'query',
  'admin.serviceChanges.preview': 'query',
  'admin.changeRules.get': 'query',
  'admin.changeRules.save': 'mutation',
  'admin.signIns.refused': 'query',
  'admin.live.now': 'query',
  'admin.live.punctuality': 'query',
  'admin.fares.list': 'query',
  'admin.fares.save': 'mutation',
  'admin.fares.delete': 'mutation',
  'admin.concessions.list': 'query',
  'admin.concessions.save': 'mutation',
  'admin.concessions.delete': 'mutation',
} as const satisfies { [P in QueryPaths<AppRouter>]: 'query' } & {
  [P in MutationPaths<AppRouter>]: 'mutation';
};

/** The procedures, with their kinds, in the order listed. */
export const PROCEDURES: { path: string; type: 'query' | 'mutation' }[] = Object.entries(PROCEDURE_KINDS).map(
  ([path, type]) => ({ path, type }),
);

/** The procedure at a dotted path of a router's type. */
type At<R, P extends string> = P extends `${infer Head}.${infer Rest}`
  ? Head extends keyof R
    ? At<R[Head], Rest>
    : never
  : P extends keyof R
    ? R[P]
    : never;
type InputOf<P extends string> =
  At<AppRouter, P> extends infer Procedure extends AnyTRPCProcedure ? inferProcedureInput<Procedure> : never;

/**
 * Every procedure's input schema (null: it takes none), checked by TypeScript against the
 * router's own type: a procedure missing, or a schema whose input differs from what the
 * procedure takes, does not compile. The date bounds' test reads the date fields from them.
 */
export const PROCEDURE_INPUTS = {
  'auth.signIn': SignInInput,
  'auth.config': null,
  'health.check': null,
  'timetable.departures': DeparturesQueryInput,
  'timetable.board': BoardQueryInput,
  'timetable.searchStops': StopSearchInput,
  'timetable.stopPair': StopPairInput,
  'timetable.lines': LinesInput,
  'timetable.lineTimetable': LineOnDateInput,
  'timetable.tripSchedule': TripOnDateInput,
  'timetable.stopPoster': DeparturesQueryInput,
  'timetable.linePrint': LineOnDateInput,
  'timetable.serviceChanges': null,
  'timetable.noticesToday': null,
  'timetable.stopPositions': null,
  'timetable.plan': PlanQueryInput,
  'timetable.compare': CompareInput,
  'timetable.liveTrip': TripIdInput,
  'timetable.vehicles': null,
  'timetable.fare': FareInput,
  'timetable.fareTable': FareTableInput,
  'drive.near': DriveNearInput,
  'drive.find': DriveFindInput,
  'drive.current': null,
  'drive.start': DriveTripInput,
  'drive.report': DriveReportInput,
  'drive.stop': DriveTripInput,
  'admin.changeRules.get': null,
  'admin.changeRules.save': SaveChangeRulesInput,
  'admin.history.list': HistoryFilterInput,
  'admin.history.restore': RestoreChangeInput,
  'admin.history.restoreBatch': RestoreChangeInput,
  'admin.holidays.list': null,
  'admin.holidays.save': SaveHolidayInput,
  'admin.holidays.delete': AdminDeleteInput,
  'admin.lines.list': null,
  'admin.lines.getFull': AdminIdInput,
  'admin.lines.empty': null,
  'admin.lines.saveFull': SaveLineInput,
  'admin.lines.delete': AdminDeleteInput,
  'admin.publishing.get': null,
  'admin.publishing.save': SavePublishingInput,
  'admin.routes.byLine': LineScopeInput,
  'admin.rules.allWithUsage': null,
  'admin.rules.saveAll': SaveYearlyRulesInput,
  'admin.rules.schedulesByRule': RuleScopeInput,
  'admin.schedules.byLine': LineScopeInput,
  'admin.schedules.saveList': SaveSchedulesInput,
  'admin.schedules.delete': AdminDeleteInput,
  'admin.schedules.bulkUpdate': BulkSchedulesInput,
  'admin.schedules.newTimetableFrom': NewTimetableInput,
  'admin.serviceChanges.list': ListServiceChangesInput,
  'admin.serviceChanges.save': SaveServiceChangeInput,
  'admin.serviceChanges.delete': AdminDeleteInput,
  'admin.serviceChanges.lineTrips': LineTripsInput,
  'admin.serviceChanges.preview': PreviewInput,
  'admin.signIns.refused': null,
  'admin.stops.list': null,
  'admin.stops.listWithUsage': null,
  'admin.stops.search': AdminStopSearchInput,
  'admin.stops.save': SaveStopInput,
  'admin.stops.delete': AdminDeleteInput,
  'admin.stops.positionImportPreview': PositionImportPreviewInput,
  'admin.stops.positionImportApply': PositionImportApplyInput,
  'admin.check.run': null,
  'admin.live.now': null,
  'admin.live.punctuality': LivePunctualityInput,
  'admin.fares.list': FareRulesListInput,
  'admin.fares.save': SaveFareRuleInput,
  'admin.fares.delete': AdminDeleteInput,
  'admin.concessions.list': null,
  'admin.concessions.save': SaveConcessionInput,
  'admin.concessions.delete': AdminDeleteInput,
} satisfies {
  // biome-ignore lint/suspicious/noConfusingVoidType: tRPC types the input of a procedure that takes none as void.
  [P in ProcedurePaths<AppRouter>]: [InputOf<P>] extends [void] ? null : z.ZodType<unknown, InputOf<P>>;
};
