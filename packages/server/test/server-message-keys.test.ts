import { englishMessage, type Holiday, type KeyedMessage } from '@bus/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminTestApp, adminApp, createTestUser, tokenFor } from './admin-helpers.ts';

/**
 * The server's messages by stable key (issue 13): a tRPC error carries `data.messageKey` and
 * `data.messageParams` besides its English `message`, so the client words it in the language
 * shown; the old REST paths answer the same English `message` and nothing more.
 */
let t: AdminTestApp;
let annaToken: string;
beforeAll(async () => {
  t = await adminApp();
  await createTestUser(t, 'anna', ['ROLE_ADMIN']);
  annaToken = await tokenFor(t.db, 'anna', ['ROLE_ADMIN']);
});
afterAll(() => t.app.close());

interface TrpcError {
  status: number;
  message: string;
  data: { code: string; messageKey?: string; messageParams?: unknown; details?: unknown };
}

async function trpcCall(type: 'query' | 'mutation', path: string, input: unknown, token?: string | null) {
  const headers: Record<string, string> = {};
  const bearer = token === undefined ? t.adminToken : token;
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  const res =
    type === 'query'
      ? await t.app.inject({
          method: 'GET',
          url: `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`,
          headers,
        })
      : await t.app.inject({
          method: 'POST',
          url: `/trpc/${path}`,
          headers: { ...headers, 'content-type': 'application/json' },
          payload: JSON.stringify(input),
        });
  const body = res.json() as { result?: { data: unknown }; error?: Omit<TrpcError, 'status'> };
  return { status: res.statusCode, data: body.result?.data, error: body.error };
}

const mutate = (path: string, input: unknown, token?: string | null) =>
  trpcCall('mutation', path, input, token);

async function rest(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${t.adminToken}`,
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

/** The key and parameters of a tRPC error, and its English as the server words it. */
function keyedOf(error: Omit<TrpcError, 'status'> | undefined): KeyedMessage {
  expect(error?.data.messageKey).toEqual(expect.any(String));
  const keyed = { key: error?.data.messageKey, params: error?.data.messageParams } as KeyedMessage;
  return keyed;
}

/** The old REST answer: the English message, no key. */
function expectRestError(
  res: { status: number; body: Record<string, unknown> },
  status: number,
  message: string,
) {
  expect(res.status).toBe(status);
  expect(res.body).toEqual({ status, error: expect.any(String), message });
}

describe('tRPC errors carry a message key; the old REST paths keep their English message', () => {
  it('a text too long: textProblem naming the field and its limit', async () => {
    const input = { id: null, name: 'x'.repeat(101), month: 5, day: 2 };
    const viaTrpc = await mutate('admin.holidays.save', { ...input, baseVersion: 0 });
    expect(viaTrpc.status).toBe(400);
    const keyed = keyedOf(viaTrpc.error);
    expect(keyed).toEqual({
      key: 'textProblem',
      params: { field: 'holidayName', problem: 'too-long', limit: 100 },
    });
    expect(englishMessage(keyed)).toBe('Holiday name is too long: at most 100 characters');
    expect(viaTrpc.error?.message).toContain(englishMessage(keyed));

    expectRestError(
      await rest('POST', '/api/holidays/save1', input),
      400,
      'Holiday name is too long: at most 100 characters',
    );
  });

  it("a spec validation failure: the spec message's key", async () => {
    const schedules = (await rest('GET', '/api/scheduleItem/schedule-by-line?lineId=7')).body.data as {
      trips: Record<string, unknown>[];
    }[];
    const first = schedules[0] as { trips: Record<string, unknown>[] };
    const oneTrip = [{ ...first, trips: [{ ...first.trips[0], boundFor: 'City bound' }] }];
    const { version } = (await trpcCall('query', 'admin.schedules.byLine', { lineId: 7 })).data as {
      version: number;
    };
    const viaTrpc = await mutate('admin.schedules.saveList', {
      lineId: 7,
      schedules: oneTrip,
      baseVersion: version,
    });
    expect(viaTrpc.status).toBe(400);
    const keyed = keyedOf(viaTrpc.error);
    expect(keyed).toEqual({ key: 'singleTripOneWay', params: {} });
    expect(viaTrpc.error?.message).toBe(englishMessage(keyed));

    expectRestError(
      await rest('POST', '/api/scheduleItem/post-schedule-dto', oneTrip),
      400,
      englishMessage(keyed),
    );
  });

  it('not found: the key with the id', async () => {
    const input = { id: 9999, name: 'X', month: 1, day: 2 };
    const viaTrpc = await mutate('admin.holidays.save', { ...input, baseVersion: 0 });
    expect(viaTrpc.status).toBe(404);
    expect(keyedOf(viaTrpc.error)).toEqual({ key: 'holidayNotFound', params: { id: 9999 } });
    expect(viaTrpc.error?.message).toBe('Holiday 9999 does not exist');
    expectRestError(await rest('POST', '/api/holidays/save1', input), 404, 'Holiday 9999 does not exist');
  });

  it('a stop used by lines: the stop and the lines as parameters', async () => {
    const viaTrpc = await mutate('admin.stops.delete', { id: 2, baseVersion: 0 });
    expect(viaTrpc.status).toBe(409);
    const keyed = keyedOf(viaTrpc.error);
    expect(keyed).toEqual({
      key: 'stopUsedByLines',
      params: { stop: 'Techn. mokykla', lines: ['M35', 'M18', 'M18 (iki Repšėnai)', 'Ukmergė m27?'] },
    });
    expect(viaTrpc.error?.message).toBe(englishMessage(keyed));
    expectRestError(await rest('DELETE', '/api/busstop/delete/2'), 409, englishMessage(keyed));
  });

  it('a stale holiday save: who saved it and when, besides the details', async () => {
    const list = (await trpcCall('query', 'admin.holidays.list', undefined)).data as (Holiday & {
      version: number;
    })[];
    const loaded = list.find((h) => h.id === 3) as Holiday & { version: number };
    const first = await mutate(
      'admin.holidays.save',
      { ...loaded, name: 'Pirmas', baseVersion: loaded.version },
      annaToken,
    );
    expect(first.status).toBe(200);
    const stale = await mutate('admin.holidays.save', {
      ...loaded,
      name: 'Antras',
      baseVersion: loaded.version,
    });
    expect(stale.status).toBe(409);
    const keyed = keyedOf(stale.error);
    expect(keyed).toEqual({
      key: 'stale',
      params: {
        subject: { kind: 'holiday', id: 3, name: 'Pirmas' },
        username: 'anna',
        at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
      },
    });
    expect(stale.error?.message).toBe(englishMessage(keyed));
    expect(stale.error?.message).toMatch(/^Holiday Pirmas was changed by anna at .* after you opened it\./);
    expect(stale.error?.data.details).toMatchObject({ reason: 'stale', username: 'anna' });
  });

  it('a duplicate stop name: the other stop', async () => {
    const refused = await mutate('admin.stops.save', { id: null, name: 'vikonys', baseVersion: 0 });
    expect(refused.status).toBe(409);
    const keyed = keyedOf(refused.error);
    expect(keyed).toMatchObject({
      key: 'duplicateStopName',
      params: { name: expect.stringMatching(/^Vikonys/) },
    });
    expect(refused.error?.message).toBe(englishMessage(keyed));
    expect(refused.error?.data.details).toMatchObject({ reason: 'duplicate-stop-name' });
  });

  it('sign-in and access refusals', async () => {
    const credentials = { username: 'boss', password: 'not the password' };
    const viaTrpc = await mutate('auth.signIn', credentials, null);
    expect(viaTrpc.status).toBe(401);
    expect(keyedOf(viaTrpc.error)).toEqual({ key: 'badCredentials', params: {} });
    expect(viaTrpc.error?.message).toBe('Bad credentials');
    const viaRest = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: credentials });
    expectRestError({ status: viaRest.statusCode, body: viaRest.json() }, 401, 'Bad credentials');

    const anonymous = await trpcCall('query', 'admin.holidays.list', undefined, null);
    expect(anonymous.status).toBe(401);
    expect(keyedOf(anonymous.error)).toEqual({ key: 'signInRequired', params: {} });
  });

  it("public query checks: core's texts are keyed, zod's own words are not (the client shows the message)", async () => {
    const res = await trpcCall('query', 'timetable.lineTimetable', { id: 'x' }, null);
    expect(res.status).toBe(400);
    expect(res.error?.data.messageKey).toBe('invalidId');
    const odd = await trpcCall('query', 'timetable.stopPair', { fromId: 'x' }, null);
    expect(odd.status).toBe(400);
    expect(odd.error?.data.messageKey).toBeUndefined();
  });
});
