import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  api,
  browserPerFile,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  goto,
  heading,
  nextServiceThursday,
  openPage,
  queryOf,
  screenshot,
  signIn,
} from './support.ts';

/*
 * Issue 30, the journey planner, in Chromium on the real data: from the home (a departure stop
 * other than Anykščių AS, where "To" cannot be chosen) to the planner, Kavarskas -> Utena on a
 * working day to come, the journeys as the server plans them, a leg's line opening its trip with
 * the leg's stops highlighted; arriving by a time; in English and in Lithuanian, at 390 and
 * 1280 px, axe clean.
 */

const { browser, track } = browserPerFile();
const KAVARSKAS = 27;
const UTENA = 115;

async function page(width = 1280, locale = 'en-GB'): Promise<Page> {
  return track(await openPage(browser(), width, 900, locale));
}

interface Journeys {
  journeys: {
    depart: string;
    arrive: string;
    changes: number;
    legs: { tripId: number; lineName: string; fromStopId: number; toStopId: number; depart: string }[];
  }[];
}

/** The journeys as the page shows them: 'depart – arrive' of each. */
const shownTimes = (p: Page) => p.locator('.journey__times').allTextContents();

describe('the journey planner', () => {
  it('plans Kavarskas -> Utena from the home and opens a leg’s trip with its stops highlighted', async () => {
    const day = await nextServiceThursday();
    const planned = await api<Journeys>('plan', { from: KAVARSKAS, to: UTENA, date: day, time: '06:00' });
    expect(planned.journeys.length).toBeGreaterThan(0);
    const first = planned.journeys[0] as Journeys['journeys'][number];
    expect(first.changes).toBeGreaterThan(0);

    for (const width of [390, 1280]) {
      const p = await page(width);
      // From Kavarskas the home's "To" cannot be chosen: it offers the planner instead.
      await goto(p, `/?from=${KAVARSKAS}&date=${day}`);
      expect(await p.getByRole('combobox', { name: 'To' }).isDisabled()).toBe(true);
      await p.getByRole('link', { name: 'Plan a journey with changes' }).click();
      await heading(p, 'Plan a journey with changes').waitFor();
      expect(queryOf(p)).toMatchObject({ from: String(KAVARSKAS), date: day });
      expect(await p.getByRole('combobox', { name: 'From' }).inputValue()).toBe('Kavarskas');
      await p.locator('.plan-hint').waitFor();

      const to = p.getByRole('combobox', { name: 'To' });
      await to.click();
      await to.fill('Utena');
      await p.getByRole('option', { name: 'Utenos AS' }).click();
      await p.getByLabel('Time').fill('06:00');
      await p.locator('.journey').first().waitFor();
      expect(queryOf(p)).toMatchObject({
        from: String(KAVARSKAS),
        to: String(UTENA),
        date: day,
        time: '06:00',
      });
      // The journeys of the time before may still show: wait for the answer's own times.
      await expect
        .poll(() => shownTimes(p))
        .toEqual(planned.journeys.map((j) => `${j.depart} – ${j.arrive}`));
      const card = p.locator('.journey').first();
      expect(await card.textContent()).toContain(
        first.changes === 1 ? '1 change' : `${first.changes} changes`,
      );
      expect(await card.locator('.journey__change').first().textContent()).toMatch(/^Change at .+, wait \d+/);
      await expectNoAxeViolations(p, `planner at ${width}`);
      await expectNoHorizontalScroll(p, width);
      await screenshot(p, `plan-${width}`);

      // The first leg's line opens its trip on that day, the leg's stops highlighted.
      const leg = first.legs[0] as Journeys['journeys'][number]['legs'][number];
      await card.getByRole('link', { name: leg.lineName }).first().click();
      await p.waitForURL(/\/trip\//);
      await p.locator('.trip-times tr.is-selected').first().waitFor();
      expect(new URL(p.url()).pathname).toBe(`/trip/${leg.tripId}`);
      expect(queryOf(p)).toEqual({ date: day, from: String(leg.fromStopId), to: String(leg.toStopId) });
      const ends = p.locator('.trip-times tr.is-selected th');
      expect(await ends.count()).toBe(2);
      expect(await ends.first().textContent()).toBe('Kavarskas');
      expect(await p.locator('.trip-times tr[aria-current="location"] th').textContent()).toBe('Kavarskas');
      await expectNoAxeViolations(p, `a leg's trip at ${width}`);
      await screenshot(p, `plan-trip-${width}`);
    }
  });

  it('arrives by a time, and is linked from the header', async () => {
    const day = await nextServiceThursday();
    const p = await page(1280);
    await goto(p, '/browse');
    await p.getByRole('navigation').getByRole('link', { name: 'Plan a journey' }).click();
    await heading(p, 'Plan a journey with changes').waitFor();
    await goto(p, `/plan?from=${KAVARSKAS}&to=${UTENA}&date=${day}&time=14:00`);
    await p.locator('.journey').first().waitFor();
    await p.getByRole('radio', { name: 'Arrive by' }).check();
    await p.waitForFunction(() => new URL(location.href).searchParams.get('arriveBy') === '1');
    const by = await api<Journeys>('plan', {
      from: KAVARSKAS,
      to: UTENA,
      date: day,
      time: '14:00',
      arriveBy: true,
    });
    // The list before the switch may have as many journeys: wait for the answer's own times.
    await expect.poll(() => shownTimes(p)).toEqual(by.journeys.map((j) => `${j.depart} – ${j.arrive}`));
    for (const j of by.journeys) expect(j.arrive <= '14:00').toBe(true);
    // Swapped: Utena -> Kavarskas.
    await p.getByRole('button', { name: 'Swap From and To' }).click();
    await p.waitForFunction(() => new URL(location.href).searchParams.get('from') === '115');
    expect(await p.getByRole('combobox', { name: 'From' }).inputValue()).toBe('Utenos AS');
  });

  it('in Lithuanian, at 390 and 1280 px', async () => {
    const day = await nextServiceThursday();
    for (const width of [390, 1280]) {
      const p = await page(width, 'lt-LT');
      await goto(p, `/plan?from=${KAVARSKAS}&to=${UTENA}&date=${day}&time=06:00`);
      await heading(p, 'Planuoti kelionę su persėdimais').waitFor();
      await p.locator('.journey').first().waitFor();
      expect(await p.locator('.journey').first().textContent()).toContain('1 persėdimas');
      expect(await p.locator('.journey__change').first().textContent()).toMatch(
        /^Persėdimas stotelėje „Anykščių AS“, laukti \d+/,
      );
      expect(await p.getByRole('navigation').getByRole('link', { name: 'Kelionės planavimas' }).count()).toBe(
        1,
      );
      await expectNoAxeViolations(p, `planner in Lithuanian at ${width}`);
      await expectNoHorizontalScroll(p, width);
      await screenshot(p, `plan-lt-${width}`);
      await goto(p, `/?from=${KAVARSKAS}&date=${day}`);
      expect(await p.getByRole('link', { name: 'Planuoti kelionę su persėdimais' }).count()).toBe(1);
      await screenshot(p, `plan-home-lt-${width}`);
    }
  });

  it('staff set a change time at a stop on the Changes between buses screen, in both languages', async () => {
    for (const [width, en] of [
      [1280, true],
      [390, false],
    ] as const) {
      const p = await page(width);
      await signIn(p);
      // The language switch on the page (signIn reads the English form).
      if (!en) {
        await p.getByRole('button', { name: 'LT', exact: true }).click();
        await p.waitForFunction(() => document.documentElement.lang === 'lt');
      }
      await goto(p, '/admin-panel/change-rules');
      await heading(p, en ? 'Changes between buses' : 'Persėdimai').waitFor();
      await p.getByRole('button', { name: en ? 'Add a stop' : 'Pridėti stotelę' }).click();
      await p
        .getByRole('combobox', { name: en ? 'Stop 1' : 'Stotelė 1' })
        .selectOption({ label: 'Anykščių AS' });
      await p.getByRole('spinbutton', { name: en ? 'Minutes 1' : 'Minutės 1' }).fill('4');
      await p.getByRole('button', { name: en ? 'Add a change place' : 'Pridėti persėdimo vietą' }).click();
      await expectNoAxeViolations(p, `change rules at ${width} (${en ? 'en' : 'lt'})`);
      await expectNoHorizontalScroll(p, width);
      await screenshot(p, `plan-admin-${en ? 'en' : 'lt'}-${width}`);
      // The empty change place is not saved half-done: remove it, then save the stop's time.
      await p
        .getByRole('button', { name: en ? 'Remove Change places 1' : 'Pašalinti: Persėdimo vietos 1' })
        .click();
      await p.getByRole('button', { name: en ? 'Save' : 'Išsaugoti', exact: true }).click();
      await p
        .getByText(en ? 'Saved' : 'Išsaugota', { exact: true })
        .first()
        .waitFor();
      // Put back as it was: no settings.
      await p.getByRole('button', { name: en ? 'Remove Anykščių AS' : 'Pašalinti: Anykščių AS' }).click();
      await p.getByRole('button', { name: en ? 'Save' : 'Išsaugoti', exact: true }).click();
      await p.getByText(en ? 'Every stop: 2 minutes.' : 'Visose stotelėse – 2 minutės.').waitFor();
    }
  });
});
