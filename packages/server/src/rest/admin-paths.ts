import {
  DomainError,
  MAX_STOP_QUERY_LENGTH,
  MESSAGES,
  parseAdminInput,
  SaveHolidayFields,
  SaveLineFields,
  SaveSchedulesFields,
  SaveStopFields,
  SaveYearlyRulesFields,
  serverMessage,
  UNVERSIONED,
} from '@bus/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authorizeAdmin } from '../auth/authorize.ts';
import { readContext } from '../public-read/read-context.ts';
import { stopIdsMatching } from '../public-read/stops.ts';
import { getHolidays, removeHoliday, saveHoliday } from '../services/admin/holidays.ts';
import {
  emptyLine,
  getAdminLinePreviews,
  getLineFull,
  getRoutesOfLine,
  removeLine,
  saveLine,
} from '../services/admin/lines.ts';
import type { Actor } from '../services/admin/recorded-write.ts';
import { getRulesWithUsage, saveRules } from '../services/admin/rules.ts';
import {
  getLineSchedules,
  getSchedulesByRule,
  removeSchedule,
  saveSchedules,
} from '../services/admin/schedules.ts';
import {
  getAllStops,
  getStopsWithUsage,
  removeStop,
  saveStop,
  searchStopsWithUsage,
} from '../services/admin/stops.ts';
import type { RestDeps } from './deps.ts';
import { legacyRequiredId, legacyText, parseLegacy } from './legacy-input.ts';
import {
  legacyAdminLinePreview,
  legacyEmptyLine,
  legacyHoliday,
  legacyLineFull,
  legacyRouteDto,
  legacyRule,
  legacyRuleScheduleGroup,
  legacyRulesWithUsage,
  legacyScheduleByLine,
  legacyScheduleDto,
  legacyStop,
  legacyStopWithUsage,
} from './mappers.ts';
import { type RestPath, registerPaths } from './registry.ts';
import * as S from './schemas.ts';

export const IdParam = z.object({ id: legacyRequiredId('id') });
export const IdQuery = IdParam;
export const LineIdParam = z.object({ lineId: legacyRequiredId('lineId') });
export const LineIdQuery = LineIdParam;
export const RuleIdQuery = z.object({ ruleId: legacyRequiredId('ruleId') });
export const StopQuery = z.object({
  query: legacyText('query').max(
    MAX_STOP_QUERY_LENGTH,
    `query must be at most ${MAX_STOP_QUERY_LENGTH} characters`,
  ),
});
/** Only the shape needed to find the line; the schedules themselves are checked by SaveSchedulesFields. */
const ScheduleList = z.array(z.object({ lineId: z.unknown() }, { error: MESSAGES.inputFailed }).loose(), {
  error: MESSAGES.inputFailed,
});

/** The signed-in user of each admin request (set by the onRequest check). */
const actors = new WeakMap<FastifyRequest, Actor>();

/**
 * The old paths have no version: each save and delete tells its service so (UNVERSIONED). Their
 * saves are recorded but not checked against a version; the whole-list saves (a line's schedules,
 * a line with its routes, the yearly rules) refuse stale copies instead (services/admin/stale-copies.ts).
 */
const unversioned = <T extends object>(input: T) => ({ ...input, baseVersion: UNVERSIONED });

/** The old server answered deletes with 200 and an empty body. */
function emptyOk(reply: FastifyReply) {
  return reply.status(200).send();
}

/**
 * The old client posts its whole schedule list of one line, each schedule naming the line
 * (as a number, or as a string for new ones). The service saves per line.
 */
function schedulesOfOneLine(body: unknown) {
  const list = parseLegacy(ScheduleList, body);
  const lineIds = new Set(list.map((s) => String(s.lineId ?? '').trim()));
  if (lineIds.size > 1) throw new DomainError('INVALID_INPUT', serverMessage('oneLinePerSave'));
  return parseAdminInput(SaveSchedulesFields, { lineId: [...lineIds][0] ?? '', schedules: list });
}

/** Registers each admin path behind the admin check (spec section 7, 'Admin'): a valid admin bearer token or 401/403. */
export function registerAdminPaths(app: FastifyInstance, deps: RestDeps): void {
  const { db, clock, auth } = deps;
  void app.register(async (admin) => {
    // onRequest, before the body is even parsed: a caller without a valid admin token learns
    // nothing about the input (a malformed body still answers 401/403, as tRPC's adminProcedure does).
    admin.addHook('onRequest', async (req) => {
      const user = await authorizeAdmin(req.headers.authorization, {
        db,
        secret: auth.secret,
        clock,
        demo: auth.demo,
      });
      // Every write through the old paths is recorded in the history under this user.
      actors.set(req, { username: user.username, via: 'rest', clock });
    });
    registerPaths(admin, ADMIN_PATHS, deps, (req) => {
      const found = actors.get(req);
      if (!found) throw new Error('admin request without an authorized user');
      return found;
    });
  });
}

/** The old admin paths, in the document's order. */
export const ADMIN_PATHS: RestPath[] = [
  {
    method: 'get',
    path: '/api/holidays/all',
    summary: 'Public holidays, by id',
    access: 'admin',
    response: z.array(S.Holiday),
    errors: [],
    handle: async ({ deps: { db } }) => (await getHolidays(db)).map(legacyHoliday),
  },
  {
    method: 'post',
    path: '/api/holidays/save1',
    summary: 'Create (no id) or update a holiday',
    access: 'admin',
    body: 'SaveHolidayInput',
    response: S.Holiday,
    errors: [400, 404],
    handle: async ({ req, deps: { db }, actor }) =>
      legacyHoliday(
        await saveHoliday(db, actor(), unversioned(parseAdminInput(SaveHolidayFields, req.body))),
      ),
  },
  {
    method: 'delete',
    path: '/api/holidays/del1',
    summary: 'Delete a holiday',
    access: 'admin',
    query: IdQuery,
    response: null,
    errors: [400, 404],
    handle: async ({ req, reply, deps: { db }, actor }) => {
      await removeHoliday(db, actor(), unversioned(parseLegacy(IdQuery, req.query)));
      return emptyOk(reply);
    },
  },
  {
    method: 'get',
    path: '/api/busstop/get/all',
    summary: 'Every stop, by id',
    access: 'admin',
    response: z.array(S.BusStop),
    errors: [],
    handle: async ({ deps: { db } }) => (await getAllStops(db)).map(legacyStop),
  },
  {
    method: 'get',
    path: '/api/busstop/get-all-with-usage',
    summary: 'Every stop with the lines whose routes use it',
    access: 'admin',
    response: z.array(S.StopWithUsage),
    errors: [],
    handle: async ({ deps: { db } }) => (await getStopsWithUsage(db)).map(legacyStopWithUsage),
  },
  {
    method: 'post',
    path: '/api/busstop/save/one',
    summary: 'Create (no id) or update a stop',
    access: 'admin',
    body: 'SaveStopInput',
    response: S.BusStop,
    errors: [400, 404],
    handle: async ({ req, deps: { db }, actor }) =>
      legacyStop(await saveStop(db, actor(), unversioned(parseAdminInput(SaveStopFields, req.body)))),
  },
  {
    method: 'get',
    path: '/api/busstop/searchresults',
    summary: 'Stops whose name contains the query (case and diacritics ignored), with usage',
    access: 'admin',
    query: StopQuery,
    response: z.array(S.StopWithUsage),
    errors: [400],
    handle: async ({ req, deps: { db, clock } }) =>
      (
        await searchStopsWithUsage(db, parseLegacy(StopQuery, req.query).query, (query) =>
          stopIdsMatching(readContext(db, clock), query),
        )
      ).map(legacyStopWithUsage),
  },
  {
    method: 'delete',
    path: '/api/busstop/delete/{id}',
    summary: 'Delete a stop no route uses (409 when lines use it)',
    access: 'admin',
    pathParams: IdParam,
    response: null,
    errors: [400, 404, 409],
    handle: async ({ req, reply, deps: { db }, actor }) => {
      await removeStop(db, actor(), unversioned(parseLegacy(IdParam, req.params)));
      return emptyOk(reply);
    },
  },
  {
    method: 'get',
    path: '/api/line/preview',
    summary: 'Lines table of the admin board (stop names only)',
    access: 'admin',
    response: z.array(S.AdminLinePreview),
    errors: [],
    handle: async ({ deps: { db } }) => (await getAdminLinePreviews(db)).map(legacyAdminLinePreview),
  },
  {
    method: 'post',
    path: '/api/line/post-line-full-dto',
    summary: 'Save a line with its notes and route variations; answers the line id as a bare number',
    access: 'admin',
    body: 'SaveLineInput',
    response: z.number().int(),
    errors: [400, 404, 409],
    handle: async ({ req, deps: { db }, actor }) => {
      const { id } = await saveLine(db, actor(), unversioned(parseAdminInput(SaveLineFields, req.body)));
      return id;
    },
  },
  {
    method: 'get',
    path: '/api/line/get-line-full',
    summary: 'A line with its route variations and their usage by schedules',
    access: 'admin',
    query: IdQuery,
    response: S.LineFull,
    errors: [400, 404],
    handle: async ({ req, deps: { db } }) =>
      legacyLineFull(await getLineFull(db, parseLegacy(IdQuery, req.query).id)),
  },
  {
    method: 'delete',
    path: '/api/line/delete/{id}',
    summary: 'Delete a line with its schedules, routes and notes',
    access: 'admin',
    pathParams: IdParam,
    response: null,
    errors: [400, 404],
    handle: async ({ req, reply, deps: { db }, actor }) => {
      await removeLine(db, actor(), unversioned(parseLegacy(IdParam, req.params)));
      return emptyOk(reply);
    },
  },
  {
    method: 'get',
    path: '/api/line/get-empty',
    summary: 'The new-line template',
    access: 'admin',
    response: S.EmptyLine,
    errors: [],
    handle: async () => legacyEmptyLine(emptyLine()),
  },
  {
    method: 'get',
    path: '/api/scheduleItem/schedule-by-line',
    summary: "A line's schedules for the schedule editor",
    access: 'admin',
    query: LineIdQuery,
    response: S.ScheduleByLine,
    errors: [400, 404],
    handle: async ({ req, deps: { db } }) =>
      legacyScheduleByLine(await getLineSchedules(db, parseLegacy(LineIdQuery, req.query).lineId)),
  },
  {
    method: 'post',
    path: '/api/scheduleItem/post-schedule-dto',
    summary: "Save (create or update) schedules of one line; the line's other schedules are untouched",
    access: 'admin',
    body: 'ScheduleDtoList',
    response: z.array(S.ScheduleDto),
    errors: [400, 404, 409],
    handle: async ({ req, deps: { db }, actor }) => {
      if (Array.isArray(req.body) && req.body.length === 0) return [];
      const saved = await saveSchedules(db, actor(), unversioned(schedulesOfOneLine(req.body)));
      return saved.schedules.map(legacyScheduleDto);
    },
  },
  {
    method: 'delete',
    path: '/api/scheduleItem/delete/{id}',
    summary: 'Delete a schedule with its trips',
    access: 'admin',
    pathParams: IdParam,
    response: null,
    errors: [400, 404],
    handle: async ({ req, reply, deps: { db }, actor }) => {
      await removeSchedule(db, actor(), unversioned(parseLegacy(IdParam, req.params)));
      return emptyOk(reply);
    },
  },
  {
    method: 'get',
    path: '/api/scheduleItem/get-schedules-by-rule',
    summary: 'Schedules whose own yearly rule is ruleId, grouped by line',
    access: 'admin',
    query: RuleIdQuery,
    response: z.array(S.RuleScheduleGroup),
    errors: [400, 404],
    handle: async ({ req, deps: { db } }) =>
      (await getSchedulesByRule(db, parseLegacy(RuleIdQuery, req.query).ruleId)).map(legacyRuleScheduleGroup),
  },
  {
    method: 'get',
    path: '/api/route/byline/{lineId}',
    summary: "A line's route variations (schedule editor)",
    access: 'admin',
    pathParams: LineIdParam,
    response: z.array(S.RouteDto),
    errors: [400, 404],
    handle: async ({ req, deps: { db } }) =>
      (await getRoutesOfLine(db, parseLegacy(LineIdParam, req.params).lineId)).map(legacyRouteDto),
  },
  {
    method: 'get',
    path: '/api/yearly-rules/get-all',
    summary: 'Every yearly rule with the schedules that run on it',
    access: 'admin',
    response: S.RulesWithUsage,
    errors: [],
    handle: async ({ deps: { db } }) => legacyRulesWithUsage(await getRulesWithUsage(db)),
  },
  {
    method: 'post',
    path: '/api/yearly-rules/post-combo-list',
    summary: 'Save the complete set of yearly rules (rules left out are deleted)',
    access: 'admin',
    body: 'RuleList',
    response: z.array(S.Rule),
    errors: [400, 404, 409],
    handle: async ({ req, deps: { db }, actor }) =>
      (
        await saveRules(db, actor(), unversioned(parseAdminInput(SaveYearlyRulesFields, { rules: req.body })))
      ).rules.map(legacyRule),
  },
];
