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
 * saves are recorded but not checked against a version; the whole-list save of a line's
 * schedules refuses stale copies instead (services/admin/schedules.ts).
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

/** The old admin paths (spec section 7, 'Admin'): a valid admin bearer token or 401/403. */
export function registerAdminRoutes(app: FastifyInstance, { db, clock, auth }: RestDeps): void {
  void app.register(async (admin) => {
    // onRequest, before the body is even parsed: a caller without a valid admin token learns
    // nothing about the input (a malformed body still answers 401/403, as tRPC's adminProcedure does).
    admin.addHook('onRequest', async (req) => {
      const user = await authorizeAdmin(req.headers.authorization, {
        db: db.kysely,
        secret: auth.secret,
        clock,
        demo: auth.demo,
      });
      // Every write through the old paths is recorded in the history under this user.
      actors.set(req, { username: user.username, via: 'rest', clock });
    });
    const actor = (req: FastifyRequest): Actor => {
      const found = actors.get(req);
      if (!found) throw new Error('admin request without an authorized user');
      return found;
    };

    admin.get('/api/holidays/all', async () => (await getHolidays(db)).map(legacyHoliday));
    admin.post('/api/holidays/save1', async (req) =>
      legacyHoliday(
        await saveHoliday(db, actor(req), unversioned(parseAdminInput(SaveHolidayFields, req.body))),
      ),
    );
    admin.delete('/api/holidays/del1', async (req, reply) => {
      await removeHoliday(db, actor(req), unversioned(parseLegacy(IdQuery, req.query)));
      return emptyOk(reply);
    });

    admin.get('/api/busstop/get/all', async () => (await getAllStops(db)).map(legacyStop));
    admin.get('/api/busstop/get-all-with-usage', async () =>
      (await getStopsWithUsage(db)).map(legacyStopWithUsage),
    );
    admin.post('/api/busstop/save/one', async (req) =>
      legacyStop(await saveStop(db, actor(req), unversioned(parseAdminInput(SaveStopFields, req.body)))),
    );
    admin.get('/api/busstop/searchresults', async (req) =>
      (await searchStopsWithUsage(db, parseLegacy(StopQuery, req.query).query)).map(legacyStopWithUsage),
    );
    admin.delete('/api/busstop/delete/:id', async (req, reply) => {
      await removeStop(db, actor(req), unversioned(parseLegacy(IdParam, req.params)));
      return emptyOk(reply);
    });

    admin.get('/api/line/preview', async () => (await getAdminLinePreviews(db)).map(legacyAdminLinePreview));
    admin.post('/api/line/post-line-full-dto', async (req) => {
      const { id } = await saveLine(db, actor(req), unversioned(parseAdminInput(SaveLineFields, req.body)));
      return id;
    });
    admin.get('/api/line/get-line-full', async (req) =>
      legacyLineFull(await getLineFull(db, parseLegacy(IdQuery, req.query).id)),
    );
    admin.delete('/api/line/delete/:id', async (req, reply) => {
      await removeLine(db, actor(req), unversioned(parseLegacy(IdParam, req.params)));
      return emptyOk(reply);
    });
    admin.get('/api/line/get-empty', async () => legacyEmptyLine(emptyLine()));

    admin.get('/api/scheduleItem/schedule-by-line', async (req) =>
      legacyScheduleByLine(await getLineSchedules(db, parseLegacy(LineIdQuery, req.query).lineId)),
    );
    admin.post('/api/scheduleItem/post-schedule-dto', async (req) => {
      if (Array.isArray(req.body) && req.body.length === 0) return [];
      const saved = await saveSchedules(db, actor(req), unversioned(schedulesOfOneLine(req.body)));
      return saved.schedules.map(legacyScheduleDto);
    });
    admin.delete('/api/scheduleItem/delete/:id', async (req, reply) => {
      await removeSchedule(db, actor(req), unversioned(parseLegacy(IdParam, req.params)));
      return emptyOk(reply);
    });
    admin.get('/api/scheduleItem/get-schedules-by-rule', async (req) =>
      (await getSchedulesByRule(db, parseLegacy(RuleIdQuery, req.query).ruleId)).map(legacyRuleScheduleGroup),
    );

    admin.get('/api/route/byline/:lineId', async (req) =>
      (await getRoutesOfLine(db, parseLegacy(LineIdParam, req.params).lineId)).map(legacyRouteDto),
    );

    admin.get('/api/yearly-rules/get-all', async () => legacyRulesWithUsage(await getRulesWithUsage(db)));
    admin.post('/api/yearly-rules/post-combo-list', async (req) =>
      (
        await saveRules(
          db,
          actor(req),
          unversioned(parseAdminInput(SaveYearlyRulesFields, { rules: req.body })),
        )
      ).rules.map(legacyRule),
    );
  });
}
