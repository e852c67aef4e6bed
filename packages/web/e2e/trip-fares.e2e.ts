import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from './admin-support.ts';
import {
  api,
  browserPerFile,
  DEMO_USER,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  nextServiceThursday,
  openPage,
  screenshot,
  settled,
  TODAY,
  url,
} from './support.ts';

/*
 * Issue 41 for riders, in Chromium on the real data: staff (through the admin API, as the Fares
 * page would) set a concession, a flat fare of €1.20 with a pair fare of €0.90 on line M17 B
 * (line 7) and step-free marks on two of its stops and its bus; the trip page of trip 27 (line 7,
 * route 8, both directions on one route) shows the low-floor bus, the marks by the stops' names,
 * and the fares from the stop the rider came from to each later stop, with the concession's
 * share, in both languages, at 390 and 1280 px. The planner sums a journey's tickets, and a
 * through fare for its two lines makes them one, said to be one.
 */

const TRIP = 27;
const LINE = 7;

interface TripAnswer {
  schedule: {
    id: number;
    trips: { id: number; route: { id: number; stopsArr: { id: number; name: string }[] } }[];
  };
}
interface Listed {
  stop: { id: number; name: string; coords: string | null; defaultOption: boolean };
  version: number;
}

const { browser, track } = browserPerFile();
let token = '';
let stops: { id: number; name: string }[] = [];
const made: { kind: 'fares' | 'concessions' | 'throughFares'; id: number }[] = [];

async function signIn(): Promise<string> {
  const response = await fetch(url('/trpc/auth.signIn'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_USER),
  });
  const body = (await response.json()) as { result?: { data: { accessToken: string } } };
  if (!body.result) throw new Error('the demo user cannot sign in');
  return body.result.data.accessToken;
}

async function markStop(id: number, stepFree: 'yes' | 'no' | 'unknown'): Promise<void> {
  const listed = (await adminApi<Listed[]>(token, 'stops.listWithUsage')).find((l) => l.stop.id === id);
  if (!listed) throw new Error(`no stop ${id}`);
  const { stop } = listed;
  await adminApi(
    token,
    'stops.save',
    {
      id,
      name: stop.name,
      coords: stop.coords,
      defaultOption: stop.defaultOption,
      stepFree,
      baseVersion: listed.version,
    },
    'mutation',
  );
}

async function markBus(stepFree: 'yes' | 'unknown'): Promise<void> {
  const line = await adminApi<{
    schedules: ({ id: number; lineId: number } & Record<string, unknown>)[];
    version: number;
  }>(token, 'schedules.byLine', { lineId: LINE });
  const schedule = line.schedules.find((s) => (s.trips as { id: number }[]).some((t) => t.id === TRIP));
  if (!schedule) throw new Error(`no schedule of trip ${TRIP}`);
  const { lineId: _line, ...draft } = schedule;
  await adminApi(
    token,
    'schedules.saveList',
    { lineId: LINE, schedules: [{ ...draft, stepFree }], baseVersion: line.version },
    'mutation',
  );
}

beforeAll(async () => {
  token = await signIn();
  const trip = await api<TripAnswer>('tripSchedule', { id: TRIP });
  stops = trip.schedule.trips.find((t) => t.id === TRIP)?.route.stopsArr ?? [];
  expect(stops.length).toBeGreaterThan(4);
  const concession = await adminApi<{ id: number }>(
    token,
    'concessions.save',
    { id: null, nameLt: 'Moksleiviai', nameEn: 'Pupils', percent: 50, baseVersion: 0 },
    'mutation',
  );
  made.push({ kind: 'concessions', id: concession.id });
  const rule = await adminApi<{ id: number }>(
    token,
    'fares.save',
    {
      id: null,
      lineId: LINE,
      validFrom: TODAY,
      method: { kind: 'flat', cents: 120 },
      pairs: [{ fromStopId: stops[0]?.id, toStopId: stops[2]?.id, cents: 90 }],
      baseVersion: 0,
    },
    'mutation',
  );
  made.push({ kind: 'fares', id: rule.id });
  await markStop(stops[1]?.id as number, 'yes');
  await markStop(stops[3]?.id as number, 'no');
  await markBus('yes');
});

afterAll(async () => {
  for (const { kind, id } of made.reverse()) {
    const listed = await adminApi<{ id: number; version: number }[]>(token, `${kind}.list`);
    const version = listed.find((r) => r.id === id)?.version ?? 0;
    await adminApi(token, `${kind}.delete`, { id, baseVersion: version }, 'mutation');
  }
  await markStop(stops[1]?.id as number, 'unknown');
  await markStop(stops[3]?.id as number, 'unknown');
  await markBus('unknown');
});

async function tripPage(width: number, locale: string): Promise<Page> {
  const p = track(await openPage(browser(), width, 900, locale));
  await p.goto(url(`/trip/${TRIP}?from=${stops[0]?.id}`));
  await settled(p);
  await p.locator('.trip-fares tbody tr').first().waitFor();
  return p;
}

describe('the trip page', () => {
  it('shows the fares from the rider’s stop to each later stop, with the concession, and the step-free marks', async () => {
    const p = await tripPage(1280, 'en-GB');
    const fares = p.locator('.trip-fares');
    expect(await fares.getByRole('heading', { name: 'Fare' }).count()).toBe(1);
    expect(await fares.locator('thead th').allTextContents()).toEqual(['To', 'Fare', 'Pupils (50 %)']);
    const rows = await fares
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
    expect(rows[0]).toEqual([stops[1]?.name, '€1.20', '€0.60']);
    // The pair fare of the first and third stops.
    expect(rows[1]).toEqual([stops[2]?.name, '€0.90', '€0.45']);
    expect(rows).toHaveLength(stops.length - 1);

    // The bus and the stops' step-free boarding.
    const info = p.locator('.info-table');
    expect(
      await info.locator('tr', { hasText: 'Low-floor bus with a ramp' }).locator('td').textContent(),
    ).toBe('Yes');
    const row = (i: number) =>
      p
        .locator('.trip-table tbody th')
        .filter({ hasText: stops[i]?.name as string })
        .first();
    expect(await row(1).locator('.step-free-mark.is-yes').textContent()).toContain('step-free boarding');
    expect(await row(3).locator('.step-free-mark.is-no').textContent()).toContain('no step-free boarding');
    expect(await row(2).locator('.step-free-mark').count()).toBe(0);

    // Another starting stop picked: the fares from it.
    await fares.getByLabel('From').selectOption(String(stops[1]?.id));
    await expect
      .poll(async () => fares.locator('tbody tr').first().locator('th').textContent())
      .toBe(stops[2]?.name);
    expect(await fares.locator('tbody tr').first().locator('td').first().textContent()).toBe('€1.20');
    await expectNoAxeViolations(p, 'trip page with fares');
    await screenshot(p, 'trip-fares-en-1280');
    await p.setViewportSize({ width: 390, height: 900 });
    await expectNoHorizontalScroll(p, 390);
    await screenshot(p, 'trip-fares-en-390');
  });

  it('in Lithuanian', async () => {
    const p = await tripPage(390, 'lt-LT');
    await p.locator('button[lang="lt"]').click();
    await p.waitForFunction(() => document.documentElement.lang === 'lt');
    const fares = p.locator('.trip-fares');
    await fares.getByRole('heading', { name: 'Bilieto kaina' }).waitFor();
    expect(await fares.locator('thead th').allTextContents()).toEqual(['Į', 'Kaina', 'Moksleiviai (50 %)']);
    expect(await fares.locator('tbody tr').first().locator('td').allTextContents()).toEqual([
      '1,20 €',
      '0,60 €',
    ]);
    expect(
      await p
        .locator('.info-table tr', { hasText: 'Žemagrindis autobusas su pandusu' })
        .locator('td')
        .textContent(),
    ).toBe('Taip');
    await expectNoAxeViolations(p, 'trip page with fares (lt)');
    await expectNoHorizontalScroll(p, 390);
    await screenshot(p, 'trip-fares-lt-390');
    await p.setViewportSize({ width: 1280, height: 900 });
    await screenshot(p, 'trip-fares-lt-1280');
  });

  it('the line page and its printed timetable show the fare table, the triangle of every pair', async () => {
    const p = track(await openPage(browser(), 1280, 900, 'en-GB'));
    await p.goto(url(`/browse/${LINE}/14/${TRIP}`));
    await settled(p);
    const table = p.locator('.fare-triangle table').first();
    await table.waitFor();
    // The third stop's row: from stop 1 the pair fare, from stop 2 the flat one, nothing beyond.
    const third = table.locator('tbody tr').nth(1);
    expect(await third.locator('th').textContent()).toBe(`3. ${stops[2]?.name}`);
    expect((await third.locator('td').allTextContents()).slice(0, 3)).toEqual(['€0.90', '€1.20', '']);
    expect(await table.locator('tbody tr').count()).toBe(stops.length - 1);
    await expectNoAxeViolations(p, 'line page with the fare table');
    await screenshot(p, 'fare-table-en-1280');

    // In Lithuanian: the same table, euros as Lithuanians write them.
    await p.locator('button[lang="lt"]').click();
    await p.getByRole('heading', { name: 'Kainų lentelė' }).waitFor();
    expect((await third.locator('td').allTextContents()).slice(0, 2)).toEqual(['0,90 €', '1,20 €']);
    await p.setViewportSize({ width: 390, height: 900 });
    await expectNoHorizontalScroll(p, 390);
    await screenshot(p, 'fare-table-lt-390');

    // Printed with the line's timetable, on a page of its own.
    const print = track(await openPage(browser(), 1280, 900, 'en-GB'));
    await print.goto(url(`/print/line/${LINE}`));
    await print.locator('.fare-triangle table').first().waitFor();
    const printed = print.locator('.fare-triangle tbody tr').nth(1).locator('td');
    expect((await printed.allTextContents()).slice(0, 2)).toEqual(['€0.90', '€1.20']);
    await print.emulateMedia({ media: 'print' });
    await screenshot(print, 'fare-table-print');
  });

  it('the journey planner gives each journey’s fare: its legs’ tickets summed, with the concession; a through fare one ticket', async () => {
    const KAVARSKAS = 27;
    const UTENA = 115;
    const day = await nextServiceThursday();
    const query = { from: KAVARSKAS, to: UTENA, date: day, time: '06:00' };
    const planned = await api<{ journeys: { legs: { lineId: number }[] }[] }>('plan', query);
    const first = planned.journeys[0];
    if (!first) throw new Error('a journey was expected');
    // A flat fare on each line of the first journey (line 7 has its own already).
    const lines = [...new Set(first.legs.map((l) => l.lineId))].filter((id) => id !== LINE);
    for (const [i, lineId] of lines.entries()) {
      const rule = await adminApi<{ id: number }>(
        token,
        'fares.save',
        {
          id: null,
          lineId,
          validFrom: TODAY,
          method: { kind: 'flat', cents: 150 + i * 100 },
          baseVersion: 0,
        },
        'mutation',
      );
      made.push({ kind: 'fares', id: rule.id });
    }
    const cents = first.legs.reduce(
      (sum, leg) => sum + (leg.lineId === LINE ? 120 : 150 + lines.indexOf(leg.lineId) * 100),
      0,
    );
    const euros = (c: number) => `€${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
    const half = first.legs.reduce(
      (sum, leg) => sum + Math.round((leg.lineId === LINE ? 120 : 150 + lines.indexOf(leg.lineId) * 100) / 2),
      0,
    );
    const p = track(await openPage(browser(), 390, 900, 'en-GB'));
    await p.goto(url(`/plan?from=${KAVARSKAS}&to=${UTENA}&date=${day}&time=06:00`));
    await settled(p);
    const fare = p.locator('.journey').first().locator('.journey__fare');
    await expect.poll(() => fare.textContent()).toBe(`Fare ${euros(cents)} · Pupils: ${euros(half)}`);
    await expectNoAxeViolations(p, 'planner with fares');
    await expectNoHorizontalScroll(p, 390);
    await screenshot(p, 'plan-fares-en-390');
    await p.locator('button[lang="lt"]').click();
    await expect
      .poll(() => fare.locator('b').textContent())
      .toBe(`Kaina ${euros(cents).slice(1).replace('.', ',')} €`);
    await screenshot(p, 'plan-fares-lt-390');

    // A through fare for the journey's two lines: one ticket, said to be one.
    const [legA, legB] = first.legs;
    const through = await adminApi<{ id: number }>(
      token,
      'throughFares.save',
      {
        id: null,
        fromLineId: legA?.lineId,
        fromStopId: KAVARSKAS,
        toLineId: legB?.lineId,
        toStopId: UTENA,
        validFrom: TODAY,
        cents: 285,
        changeMinutes: 180,
        baseVersion: 0,
      },
      'mutation',
    );
    made.push({ kind: 'throughFares', id: through.id });
    await p.reload();
    await settled(p);
    await expect
      .poll(() => fare.textContent())
      .toBe('Kaina 2,85 € · bilietas su persėdimu (Kavarskas m27? → Utena) · Moksleiviai: 1,43 €');
    await screenshot(p, 'plan-through-lt-390');
    const wide = track(await openPage(browser(), 1280, 900, 'en-GB'));
    await wide.goto(url(`/plan?from=${KAVARSKAS}&to=${UTENA}&date=${day}&time=06:00`));
    await settled(wide);
    await expect
      .poll(() => wide.locator('.journey').first().locator('.journey__fare').textContent())
      .toBe('Fare €2.85 · through ticket (Kavarskas m27? → Utena) · Pupils: €1.43');
    await screenshot(wide, 'plan-through-en-1280');
  });
});
