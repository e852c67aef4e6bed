import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApp, adminClient } from './admin-helpers.ts';
import { trpcQuery } from './helpers.ts';

/** The one stop search on the real data, through the tRPC procedure, the old REST path and the admin search. */
let app: FastifyInstance;
let admin: ReturnType<typeof adminClient>;
beforeAll(async () => {
  const t = await adminApp();
  app = t.app;
  admin = adminClient(t.app, t.adminToken);
});
afterAll(() => app.close());

const viaTrpc = async (query: string) =>
  (await trpcQuery<{ name: string }[]>(app, 'timetable.searchStops', { query })).data.map((s) => s.name);
const viaRest = async (query: string) =>
  (
    (
      await app.inject({ method: 'GET', url: `/api/busstop/search?str=${encodeURIComponent(query)}` })
    ).json() as {
      label: string;
    }[]
  ).map((s) => s.label);
const viaAdmin = async (query: string) =>
  (await admin.query<{ stop: { name: string } }[]>('admin.stops.search', { query })).data.map(
    (s) => s.stop.name,
  );

describe('what people type finds the stop they mean', () => {
  it.each([
    'Anykščiai',
    'Anyksciai',
    'anyksciu',
    'Anykščių autobusų stotis',
    'autobusų stotis',
    'Anykščiuose',
  ])('%j gives Anykščių AS first, on every door', async (query) => {
    expect((await viaTrpc(query))[0]).toBe('Anykščių AS');
    expect((await viaRest(query))[0]).toBe('Anykščių AS');
    expect((await viaAdmin(query))[0]).toBe('Anykščių AS');
  });

  it('"Kurkliai" finds Kurkliai, Kurkliai I k and Kurkliai II k, the exact name first', async () => {
    const found = await viaTrpc('Kurkliai');
    expect(found[0]).toBe('Kurkliai');
    expect(found).toEqual(expect.arrayContaining(['Kurkliai', 'Kurkliai I k', 'Kurkliai II k']));
  });

  it.each([
    ['Kavarsko', 'Kavarskas'],
    ['Troškūnų', 'Troškūnai'],
    ['seimyniskiu', 'Šeimyniškiai'],
    ['Troškūnų geležinkelio stotis', 'Troškūnų g. st.'],
  ])('%j finds %j', async (query, name) => {
    expect(await viaTrpc(query)).toContain(name);
  });
});

/**
 * Lithuanian word forms on the real stop names (issue 13): a rider types a town as they say it
 * (nominative, locative...) and finds the stop named in another case, usually the genitive.
 */
describe('a place named in any case finds the stop named in another', () => {
  it.each([
    ['Utena', 'Utenos AS'],
    ['utena', 'Utenos AS'],
    ['Utenoje', 'Utenos AS'],
    ['Panevėžys', 'Panevėžio AS'],
    ['Panevezys', 'Panevėžio AS'],
    ['Panevėžyje', 'Panevėžio AS'],
    // No stop of the real data is named 'Kavarsko …': the town's own stop answers every form.
    ['Kavarskas', 'Kavarskas'],
    ['Kavarske', 'Kavarskas'],
    ['Mickūnai', 'Mickūnų tiltas'],
    ['Leliūnai', 'Leliūnų gyv. 1'],
    ['Aknystos', 'Aknystų kr.'],
    ['Rubikiai', 'Rubikių ež.'],
    ['Radiškis', 'Radiškio kryžkelė'],
    ['Biliūnas', 'J. Biliūno gimn.'],
  ])('%j finds %j, on every door', async (query, name) => {
    expect(await viaTrpc(query)).toContain(name);
    expect(await viaRest(query)).toContain(name);
    expect(await viaAdmin(query)).toContain(name);
  });

  it.each([
    // query, then the stops in the order expected: the exact name, the names starting with the
    // query as typed, then word-form matches (the same name in another case)
    ['Utenos AS', ['Utenos AS']],
    ['Panevėžio AS', ['Panevėžio AS']],
    ['Kavarskas', ['Kavarskas']],
    ['Raguva', ['Raguva']],
    ['Gečionys', ['Gečionys', 'Gečionys II']],
    ['Čekonys', ['Čekonys', 'Čekonys I', 'Čekonys II']],
    ['Kurkliai', ['Kurkliai', 'Kurkliai I k', 'Kurkliai II k']],
    ['Raguvos', ['Raguvos kr.', 'Raguva']],
    ['Aknystų', ['Aknystų kr.', 'Aknystos']],
    ['Mickūnų', ['Mickūnų tiltas', 'Mickūnai']],
    ['Troškūnų', ['Troškūnų g. st.', 'Troškūnai']],
    ['Utenos', ['Utenos AS']],
    ['Panevėžio', ['Panevėžio AS']],
  ] as const)('%j: exact and prefix matches first, %j', async (query, first) => {
    for (const found of [await viaTrpc(query), await viaRest(query), await viaAdmin(query)])
      expect(found.slice(0, first.length)).toEqual(first);
  });
});
