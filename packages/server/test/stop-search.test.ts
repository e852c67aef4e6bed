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
