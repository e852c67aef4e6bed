import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from './admin-support.ts';
import {
  api,
  browserPerFile,
  DEMO_USER,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  goto,
  heading,
  nextServiceThursday,
  openPage,
  queryOf,
  screenshot,
  url,
} from './support.ts';

/*
 * Issue 41, step-free only journeys, in Chromium on the real data, on one page: staff (through
 * the admin API, as the stops page and the schedule cards would) mark Vikonys, Troškūnų g. st.,
 * A. Vienuolio prog., Utenos AS and Anykščių AS step-free and the buses of lines Panevėžys, M38
 * and Utena low-floor; the planner's "Step-free only" plans Vikonys -> Utenos AS with a change at
 * Anykščių AS. Then staff mark Anykščių AS "no": the step-free plan goes round it (onto Utena's
 * bus at A. Vienuolio prog.), and from Kavarskas (not marked) the page says there is no
 * step-free journey and why. In English and Lithuanian, at 1280 and 390 px, axe clean.
 */

const ANYKSCIAI_AS = 1;
const VIKONYS = 8;
const KAVARSKAS = 27;
const UTENA = 115;
const STOPS = [VIKONYS, 84, 69, UTENA, ANYKSCIAI_AS];
/** Panevėžys, Utena, M38. */
const LINES = [9, 10, 13];

type Mark = 'yes' | 'no' | 'unknown';

interface Journeys {
  journeys: { depart: string; arrive: string; legs: { fromStopId: number; toStopId: number }[] }[];
  stepFree?: { from: boolean; to: boolean };
}
interface Listed {
  stop: { id: number; name: string; coords: string | null; defaultOption: boolean };
  version: number;
}

const { browser, track } = browserPerFile();
let token = '';

async function signInToken(): Promise<string> {
  const response = await fetch(url('/trpc/auth.signIn'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_USER),
  });
  const body = (await response.json()) as { result?: { data: { accessToken: string } } };
  if (!body.result) throw new Error('the demo user cannot sign in');
  return body.result.data.accessToken;
}

async function markStops(ids: number[], stepFree: Mark): Promise<void> {
  const listed = await adminApi<Listed[]>(token, 'stops.listWithUsage');
  for (const id of ids) {
    const found = listed.find((l) => l.stop.id === id);
    if (!found) throw new Error(`no stop ${id}`);
    const { stop } = found;
    await adminApi(
      token,
      'stops.save',
      {
        id,
        name: stop.name,
        coords: stop.coords,
        defaultOption: stop.defaultOption,
        stepFree,
        baseVersion: found.version,
      },
      'mutation',
    );
  }
}

/** Every schedule of each line: its bus marked as `stepFree`. */
async function markLines(stepFree: Mark): Promise<void> {
  for (const lineId of LINES) {
    const line = await adminApi<{
      schedules: ({ lineId: number } & Record<string, unknown>)[];
      version: number;
    }>(token, 'schedules.byLine', { lineId });
    const schedules = line.schedules.map(({ lineId: _line, ...draft }) => ({ ...draft, stepFree }));
    await adminApi(token, 'schedules.saveList', { lineId, schedules, baseVersion: line.version }, 'mutation');
  }
}

beforeAll(async () => {
  token = await signInToken();
  await markStops(STOPS, 'yes');
  await markLines('yes');
});

afterAll(async () => {
  // As the real data has them: nothing marked.
  await markStops(STOPS, 'unknown');
  await markLines('unknown');
});

/** The journeys as the page shows them: 'depart – arrive' of each. */
const timesOf = (answer: Journeys) => answer.journeys.map((j) => `${j.depart} – ${j.arrive}`);

describe('step-free only journeys', () => {
  it('avoid a stop staff mark "no", and say when there is none, in both languages', async () => {
    const day = await nextServiceThursday();
    const query = { from: VIKONYS, to: UTENA, date: day, time: '09:00' };
    const p = track(await openPage(browser(), 1280, 900, 'en-GB'));
    const shown = () => p.locator('.journey__times').allTextContents();
    await goto(p, `/plan?from=${VIKONYS}&to=${UTENA}&date=${day}&time=09:00`);
    await heading(p, 'Plan a journey with changes').waitFor();
    await p.locator('.journey').first().waitFor();

    // Chosen: kept in the address, and what it takes is said.
    await p.getByRole('checkbox', { name: 'Step-free only' }).check();
    await p.waitForFunction(() => new URL(location.href).searchParams.get('stepFree') === '1');
    expect(queryOf(p)).toMatchObject({ from: String(VIKONYS), to: String(UTENA), stepFree: '1' });
    expect(await p.locator('.plan-step-free__note').textContent()).toContain(
      'Buses and stops not known to be step-free are left out.',
    );
    const before = await api<Journeys>('plan', { ...query, stepFree: true });
    expect(before.journeys.some((j) => j.legs.some((l) => l.toStopId === ANYKSCIAI_AS))).toBe(true);
    await expect.poll(shown).toEqual(timesOf(before));
    expect(await p.locator('.journey__change').first().textContent()).toMatch(/^Change at Anykščių AS/);

    // Staff mark Anykščių AS "no": the step-free plan goes round it.
    await markStops([ANYKSCIAI_AS], 'no');
    const after = await api<Journeys>('plan', { ...query, stepFree: true });
    expect(after.journeys.length).toBeGreaterThan(0);
    for (const j of after.journeys)
      for (const leg of j.legs) expect([leg.fromStopId, leg.toStopId]).not.toContain(ANYKSCIAI_AS);
    await p.reload();
    await expect.poll(shown).toEqual(timesOf(after));
    expect(await p.locator('.journeys').textContent()).not.toContain('Anykščių AS');
    expect(await p.getByRole('checkbox', { name: 'Step-free only' }).isChecked()).toBe(true);
    await expectNoAxeViolations(p, 'step-free plan');
    await screenshot(p, 'plan-step-free-en-1280');

    // From a stop not marked step-free: none, and why.
    await goto(p, `/plan?from=${KAVARSKAS}&to=${UTENA}&date=${day}&time=06:00&stepFree=1`);
    const none = p.locator('.plan-none');
    await none.waitFor();
    expect(await none.locator('p').allTextContents()).toEqual([
      'No step-free journey with at most 3 changes on this day. Try another time or date.',
      'Kavarskas is not marked for step-free boarding, so no step-free journey starts or ends there.',
    ]);
    await p.setViewportSize({ width: 390, height: 844 });
    await expectNoHorizontalScroll(p, 390);
    await expectNoAxeViolations(p, 'no step-free journey');
    await screenshot(p, 'plan-step-free-none-en-390');

    // In Lithuanian, the same page.
    await p.locator('button[lang="lt"]').click();
    await p.waitForFunction(() => document.documentElement.lang === 'lt');
    expect(await none.locator('p').allTextContents()).toEqual([
      'Šią dieną kelionės be laiptų su ne daugiau kaip 3 persėdimais nėra. Pabandykite kitą laiką ar datą.',
      'Stotelė „Kavarskas“ nepažymėta kaip tinkama įlipti su vežimėliu, todėl kelionės be laiptų iš jos ar į ją nėra.',
    ]);
    await screenshot(p, 'plan-step-free-none-lt-390');
    await goto(p, `/plan?from=${VIKONYS}&to=${UTENA}&date=${day}&time=09:00&stepFree=1`);
    await heading(p, 'Planuoti kelionę su persėdimais').waitFor();
    expect(await p.getByRole('checkbox', { name: 'Tik be laiptų' }).isChecked()).toBe(true);
    await expect.poll(shown).toEqual(timesOf(after));
    await expectNoHorizontalScroll(p, 390);
    await expectNoAxeViolations(p, 'step-free plan (lt)');
    await screenshot(p, 'plan-step-free-lt-390');
    await p.setViewportSize({ width: 1280, height: 900 });
    await screenshot(p, 'plan-step-free-lt-1280');

    // Unchosen: out of the address, and the plan changes at Anykščių AS again.
    await p.getByRole('checkbox', { name: 'Tik be laiptų' }).uncheck();
    await p.waitForFunction(() => !new URL(location.href).searchParams.has('stepFree'));
    expect(await p.locator('.plan-step-free__note').count()).toBe(0);
    await expect.poll(shown).toEqual(timesOf(await api<Journeys>('plan', query)));
  });
});
