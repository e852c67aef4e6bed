import { type DepartureItem, vilniusInstant } from '@bus/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  api,
  browserPerFile,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  fixClock,
  keepOffline,
  likeDate,
  plusDays,
  screenshot,
  settled,
  url,
  watchPage,
} from './support.ts';

/*
 * Issue 15, the visitor's "now": next buses with a live countdown (a fixed browser clock,
 * Playwright's page.clock), the now marker and fading, the public holiday notice (Christmas
 * 2026 and Easter Monday 2027), the line page on a date, and the 390 px polish. Real server
 * and data. MONDAY is a Monday to come that runs as 2026-11-23 (a Monday in the school year)
 * does, and its TUESDAY as 2026-11-24 does; the page's clock is put on it. The holiday tests
 * put it on the calendar's own dates (Christmas 2026, Easter Monday 2027), whatever the run's
 * moment: what they test are facts of those dates.
 */
const MONDAY = await mondayAndItsTuesday();
const TUESDAY = plusDays(MONDAY, 1);

/** The first Monday to come that runs as 2026-11-23 does and whose Tuesday runs as 2026-11-24 does. */
async function mondayAndItsTuesday(): Promise<string> {
  let monday = await likeDate('2026-11-23');
  for (let tries = 0; tries < 53; tries++) {
    if ((await likeDate('2026-11-24', monday)) === plusDays(monday, 1)) return monday;
    monday = await likeDate('2026-11-23', monday);
  }
  throw new Error('no Monday to come runs as 2026-11-23 with its Tuesday as 2026-11-24');
}

interface Departures {
  items: DepartureItem[];
  holiday: boolean;
}

const { browser, track } = browserPerFile();

/** The instant Vilnius' clock shows `vilnius` ('YYYY-MM-DDTHH:MM'), whatever the year's clock changes. */
const vilniusAt = (vilnius: string): Date =>
  new Date(vilniusInstant(vilnius.slice(0, 10), minuteOf(vilnius.slice(11, 16))));

/** A page with the browser clock set to `vilnius` ('YYYY-MM-DDTHH:MM' in Vilnius). */
async function page(width: number, vilnius: string | null = null, locale = 'en-GB'): Promise<Page> {
  const context = await browser().newContext({ viewport: { width, height: 900 }, locale });
  await keepOffline(context);
  await fixClock(context);
  const p = watchPage(await context.newPage());
  track(p);
  if (vilnius) await p.clock.install({ time: vilniusAt(vilnius) });
  return p;
}

async function goto(p: Page, path: string): Promise<void> {
  await p.goto(url(path));
  await settled(p);
}

const minuteOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** What the panel must say: the first three departures not yet gone at `now`, with their waits. */
function expectedNext(items: DepartureItem[], now: number, wait: (h: number, m: number) => string) {
  return items
    .filter((i) => minuteOf(i.timeDepart) >= now)
    .slice(0, 3)
    .map((i) => {
      const w = minuteOf(i.timeDepart) - now;
      return `${i.timeDepart.slice(0, 5)}|${wait(Math.floor(w / 60), w % 60)}`;
    });
}

const en = (h: number, m: number) =>
  h + m ? `in ${h ? `${h} h ` : ''}${m ? `${m} min` : ''}`.trim() : 'now';
const lt = (h: number, m: number) =>
  h + m ? `po ${h ? `${h} val. ` : ''}${m ? `${m} min.` : ''}`.trim() : 'dabar';

/** The panel's rows as 'HH:MM|wait'. */
function shownNext(p: Page): Promise<string[]> {
  return p
    .locator('.next li')
    .evaluateAll((rows) =>
      rows.map((r) => `${r.querySelector('.chip__time')?.textContent}|${r.querySelector('b')?.textContent}`),
    );
}

describe('next buses now (a fixed clock)', () => {
  it('counts down to the next three buses, moves the now marker and fades what has left, minute by minute', async () => {
    const { items } = await api<Departures>('departures', { from: 1, dir: 'Out bound', date: MONDAY });
    const p = await page(390, `${MONDAY}T07:46`);
    await goto(p, '/');
    expect(await p.locator('.date-button').textContent()).toBe(`Mon ${MONDAY}`);
    const now = minuteOf('07:46');
    const first = expectedNext(items, now, en);
    expect(first.length).toBe(3);
    await expect.poll(() => shownNext(p)).toEqual(first);
    // The marker sits in the 07 row, before the first bus that has not left.
    const row = p.locator('tr', { has: p.locator('th', { hasText: /^07$/ }) });
    expect(await row.locator('.now-mark').count()).toBe(1);
    const fadedBefore = items.filter((i) => minuteOf(i.timeDepart) < now).length;
    expect(await p.locator('.hour-grid .chip--too-late').count()).toBe(fadedBefore);
    await screenshot(p, 'now-home-390-en');
    await expectNoAxeViolations(p, 'home with next buses');
    await expectNoHorizontalScroll(p, 390);

    // A minute later, without a reload.
    await p.clock.fastForward('01:00');
    await expect.poll(() => shownNext(p)).toEqual(expectedNext(items, now + 1, en));
    // Twenty minutes on: the buses in between have faded.
    await p.clock.fastForward('20:00');
    await expect.poll(() => shownNext(p)).toEqual(expectedNext(items, now + 21, en));
    expect(await p.locator('.hour-grid .chip--too-late').count()).toBe(
      items.filter((i) => minuteOf(i.timeDepart) < now + 21).length,
    );
  });

  it('says it in Lithuanian, with hours: "po 1 val. 12 min."', async () => {
    const { items } = await api<Departures>('departures', { from: 1, dir: 'Out bound', date: MONDAY });
    const firstBus = minuteOf(items[0]?.timeDepart ?? '');
    // Early enough that the first bus is more than an hour away.
    const start = firstBus - 72;
    const clock = `${String(Math.floor(start / 60)).padStart(2, '0')}:${String(start % 60).padStart(2, '0')}`;
    const p = await page(390, `${MONDAY}T${clock}`, 'lt-LT');
    await goto(p, '/');
    expect(await p.locator('.next h2').textContent()).toBe('Artimiausi autobusai');
    const expected = expectedNext(items, start, lt);
    expect(expected[0]).toMatch(/\|po 1 val\. 12 min\.$/);
    await expect.poll(() => shownNext(p)).toEqual(expected);
    expect(await p.locator('.date-button').textContent()).toBe(`pr ${MONDAY}`);
    await screenshot(p, 'now-home-390-lt');
    await p.clock.fastForward('01:00');
    await expect.poll(() => shownNext(p)).toEqual(expectedNext(items, start + 1, lt));
  });

  it('at the end of the day says "No more buses today" with the first bus of tomorrow', async () => {
    const today = await api<Departures>('departures', { from: 1, dir: 'Out bound', date: MONDAY });
    const tomorrow = await api<Departures>('departures', { from: 1, dir: 'Out bound', date: TUESDAY });
    const last = today.items.at(-1)?.timeDepart ?? '';
    expect(minuteOf(last)).toBeLessThan(minuteOf('23:59'));
    const p = await page(1280, `${MONDAY}T23:59`);
    await goto(p, '/');
    const panel = p.locator('.next');
    await expect.poll(() => panel.locator('p b').textContent()).toBe('No more buses today');
    // Tomorrow's departures come in a second answer, after the words.
    const first = tomorrow.items[0] as DepartureItem;
    await expect.poll(() => panel.locator('.chip__time').textContent()).toBe(first.timeDepart.slice(0, 5));
    expect(await panel.textContent()).toContain('First bus tomorrow:');
    expect(await panel.locator('.chip').getAttribute('href')).toMatch(
      new RegExp(`^/browse/${first.lineId}/${first.schedId}/${first.tripId}(\\?|$)`),
    );
    expect(await p.locator('.hour-grid .chip--too-late').count()).toBe(today.items.length);
    await screenshot(p, 'now-end-of-day-1280-en');
  });

  it('on 23 December evening looks past two holidays and the weekend to the first bus on Monday 28 December', async () => {
    // To Raguva (stop 61): M18, working days only. 24 and 25 December (Thursday, Friday) are public
    // holidays, then a weekend: after Wednesday's last bus the next is on Monday.
    const selection = { from: 1, to: 61, dir: 'Out bound' } as const;
    const wednesday = await api<Departures>('departures', { ...selection, date: '2026-12-23' });
    expect(wednesday.items.length).toBeGreaterThan(0);
    for (const date of ['2026-12-24', '2026-12-25', '2026-12-26', '2026-12-27'])
      expect((await api<Departures>('departures', { ...selection, date })).items, date).toEqual([]);
    const monday = await api<Departures>('departures', { ...selection, date: '2026-12-28' });
    const first = monday.items[0] as DepartureItem;
    for (const [locale, heading] of [
      ['en-GB', 'First bus on Monday, 28 December:'],
      ['lt-LT', 'Pirmas autobusas gruodžio 28 d. (pirmadienis):'],
    ] as const) {
      const p = await page(390, '2026-12-23T21:00', locale);
      await goto(p, '/?from=1&to=61&dir=Out+bound');
      const panel = p.locator('.next');
      await expect.poll(() => panel.locator('.chip__time').textContent()).toBe(first.timeDepart.slice(0, 5));
      expect(await panel.textContent()).toContain(heading);
      expect(await panel.locator('.chip').getAttribute('href')).toMatch(
        new RegExp(`^/browse/${first.lineId}/${first.schedId}/${first.tripId}(\\?|$)`),
      );
      if (locale === 'en-GB') await screenshot(p, 'now-next-running-day-390-en');
    }
  });

  it('on a day with no bus at all says so with the next day that has one', async () => {
    // Christmas Day itself, to Raguva: nothing runs; the first bus is on Monday 28 December.
    const monday = await api<Departures>('departures', {
      from: 1,
      to: 61,
      dir: 'Out bound',
      date: '2026-12-28',
    });
    const p = await page(390, '2026-12-25T08:00');
    await goto(p, '/?from=1&to=61&dir=Out+bound');
    const panel = p.locator('.next');
    await expect
      .poll(() => panel.locator('.chip__time').textContent())
      .toBe(monday.items[0]?.timeDepart.slice(0, 5));
    expect(await panel.textContent()).toContain('No more buses today');
    expect(await panel.textContent()).toContain('First bus on Monday, 28 December:');
    expect(await p.locator('.empty-day').count()).toBe(1);
  });

  it('puts the now marker at the start of the grid before the first bus of the day', async () => {
    const { items } = await api<Departures>('departures', { from: 1, dir: 'Out bound', date: MONDAY });
    const firstHour = (items[0]?.timeDepart ?? '').slice(0, 2);
    expect(Number(firstHour)).toBeGreaterThan(3);
    const p = await page(1280, `${MONDAY}T03:30`);
    await goto(p, '/');
    const firstRow = p.locator('.hour-grid tbody tr').first();
    expect(await firstRow.locator('th').textContent()).toBe(firstHour);
    expect(await firstRow.locator('.chips > li').first().getAttribute('class')).toBe('now-mark');
  });

  it('shows no countdown on another date', async () => {
    const p = await page(1280, `${MONDAY}T10:00`);
    await goto(p, `/?date=${TUESDAY}`);
    expect(await p.locator('.hour-grid .chip').count()).toBeGreaterThan(0);
    expect(await p.locator('.next').count()).toBe(0);
    expect(await p.locator('.now-mark').count()).toBe(0);
  });
});

describe('public holiday notices', () => {
  const notice = 'Public holiday: only services that run on public holidays are shown';

  it.each([
    ['2026-12-25', 'Christmas'],
    ['2027-03-29', 'Easter Monday'],
  ])(
    '%s (%s): the home and the line page say so; the line page names what does not run and why',
    async (date) => {
      expect((await api<Departures>('departures', { from: 1, dir: 'Out bound', date })).holiday).toBe(true);
      const p = await page(390, `${date}T09:00`);
      await goto(p, `/?date=${date}`);
      expect(await p.locator('.notice').textContent()).toBe(notice);
      // 09:00 in Vilnius, in winter time (Christmas) as in summer time (Easter Monday 2027).
      const nine = p.locator('tr', { has: p.locator('th', { hasText: /^09$/ }) });
      expect(await nine.locator('.now-mark').count()).toBe(1);
      await screenshot(p, `holiday-home-${date}-390-en`);
      await expectNoAxeViolations(p, `home on ${date}`);

      // M38 (line 13), the city bus: its weekday schedules do not run on the holiday.
      await goto(p, `/browse/13?date=${date}`);
      expect(await p.locator('.notice').textContent()).toBe(notice);
      expect(await p.locator('.line-day').textContent()).toMatch(
        /^On .+, \d+ of \d+ schedules? (?:does|do) not run$/,
      );
      const reasons = await p.locator('.schedule-card__off').allTextContents();
      expect(reasons.length).toBeGreaterThan(0);
      expect(reasons.some((r) => r.includes('no public holiday service'))).toBe(true);
      expect(await p.locator('.info-table').textContent()).toContain('Season');
      await screenshot(p, `holiday-line-${date}-390-en`);
      await expectNoAxeViolations(p, `line page on ${date}`);
      await expectNoHorizontalScroll(p, 390);
    },
  );

  it('the line page with no date, left open past midnight, turns to the new day with the header', async () => {
    // 16 February (a public holiday) comes while the page of the 15th is open.
    for (const [date, holiday] of [
      ['2027-02-15', false],
      ['2027-02-16', true],
    ] as const)
      expect((await api<Departures>('departures', { from: 1, dir: 'Out bound', date })).holiday).toBe(
        holiday,
      );
    const p = await page(1280, '2027-02-15T23:58');
    await goto(p, '/browse/13');
    expect(await p.locator('.notice').count()).toBe(0);
    expect(await p.locator('.line-day').textContent()).toMatch(/^On Monday, 15 February 2027, /);
    expect(await p.getByRole('link', { name: 'Print timetable' }).getAttribute('href')).toBe(
      '/print/line/13?date=2027-02-15',
    );
    // Past midnight the page asks again for the new day: the notice and the summary are its.
    await p.clock.runFor('03:00');
    // The new day's answer comes from the server: allowed longer than a poll's default second
    // under the load of a full run; the summary may render a moment after the notice.
    await expect.poll(() => p.locator('.notice').count(), { timeout: 15_000 }).toBe(1);
    expect(await p.locator('.notice').textContent()).toBe(notice);
    await expect
      .poll(() => p.locator('.line-day').textContent(), { timeout: 15_000 })
      .toMatch(/^On Tuesday, 16 February 2027, \d+ of \d+ /);
    await expect
      .poll(() => p.getByRole('link', { name: 'Print timetable' }).getAttribute('href'), { timeout: 15_000 })
      .toBe('/print/line/13?date=2027-02-16');
  });

  it('says nothing on an ordinary day, and the line page names the weekday and season reasons', async () => {
    const p = await page(1280, `${MONDAY}T09:00`);
    await goto(p, `/?date=2026-12-28`);
    expect(await p.locator('.notice').count()).toBe(0);
    await goto(p, '/browse/13?date=2026-11-29'); // a Sunday
    expect(await p.locator('.notice').count()).toBe(0);
    const reasons = await p.locator('.schedule-card__off').allTextContents();
    expect(reasons.some((r) => r.includes('no Sunday service'))).toBe(true);
    await screenshot(p, 'line-sunday-1280-en');
  });

  it('in Lithuanian', async () => {
    const p = await page(1280, '2026-12-25T09:00', 'lt-LT');
    await goto(p, '/?date=2026-12-25');
    expect(await p.locator('.notice').textContent()).toBe(
      'Šventinė diena: rodomi tik reisai, kurie kursuoja švenčių dienomis',
    );
    await screenshot(p, 'holiday-home-1280-lt');
    await goto(p, '/browse/13?date=2026-12-25');
    expect(await p.locator('.line-day').textContent()).toMatch(
      /: nekursuoja \d+ iš \d+ (?:tvarkaraščių|tvarkaraščio)$/,
    );
    expect((await p.locator('.schedule-card__off').allTextContents()).join(' ')).toContain(
      'švenčių dienomis reisų nėra',
    );
    await screenshot(p, 'holiday-line-1280-lt');
  });
});

describe('polish on a 390 px phone', () => {
  it('never breaks a chip time over two lines and shows each chip its line', async () => {
    const p = await page(390, `${MONDAY}T06:00`);
    await goto(p, `/?from=1&dir=City+bound&date=${MONDAY}`);
    const times = await p.locator('.hour-grid .chip__time').evaluateAll((all) =>
      all.map((t) => ({
        text: t.textContent,
        lines: t.getClientRects().length,
        height: t.getBoundingClientRect().height,
      })),
    );
    expect(times.length).toBeGreaterThan(5);
    const lineHeight = await p
      .locator('.hour-grid .chip__time')
      .first()
      .evaluate((t) => parseFloat(getComputedStyle(t).lineHeight));
    for (const t of times) {
      expect(t.lines, t.text ?? '').toBe(1);
      expect(t.height, t.text ?? '').toBeLessThan(lineHeight * 1.5);
    }
    const lines = await p.locator('.hour-grid .chip small').allTextContents();
    expect(lines.every((name) => name.length > 0)).toBe(true);
    await screenshot(p, 'polish-city-bus-390-en');
    await expectNoHorizontalScroll(p, 390);
  });

  it('selects the From text on focus, so typing replaces the old name', async () => {
    const p = await page(390, `${MONDAY}T09:00`);
    await goto(p, `/?from=1&date=${MONDAY}`);
    const from = p.getByRole('combobox', { name: 'From' });
    await expect.poll(() => from.inputValue()).toBe('Anykščių AS');
    await from.click();
    await p.keyboard.type('Ligon');
    expect(await from.inputValue()).toBe('Ligon');
    await expect
      .poll(async () => (await p.getByRole('option').allTextContents()).some((o) => o.startsWith('Ligoninė')))
      .toBe(true);
    await p
      .getByRole('option', { name: /^Ligoninė/ })
      .first()
      .click();
    await expect.poll(() => from.inputValue()).toMatch(/^Ligoninė/);
    // Focus from the keyboard selects too (back from the Clear button; the links to the map
    // and the journey planner stand between the box and Today).
    await p.getByRole('button', { name: 'Clear From' }).focus();
    await p.keyboard.press('Shift+Tab');
    expect(await p.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');
    await p.keyboard.type('Kavar');
    expect(await p.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe('Kavar');
  });

  it('says why the To box is disabled', async () => {
    const p = await page(390, `${MONDAY}T09:00`);
    await goto(p, `/?from=27&date=${MONDAY}`);
    const to = p.getByRole('combobox', { name: 'To' });
    expect(await to.isDisabled()).toBe(true);
    expect(await to.getAttribute('placeholder')).toBe('Only for trips from Anyksciai bus station');
    await screenshot(p, 'polish-to-disabled-390-en');
  });

  it('/date/{date} shows the home station on that date', async () => {
    const p = await page(390, `${MONDAY}T09:00`);
    await goto(p, `/date/${TUESDAY}`);
    await p.waitForURL((u) => u.pathname === '/');
    expect(new URL(p.url()).searchParams.get('date')).toBe(TUESDAY);
    expect(await p.getByRole('combobox', { name: 'From' }).inputValue()).toBe('Anykščių AS');
    expect(await p.locator('.date-button').textContent()).toBe(`Tue ${TUESDAY}`);
  });

  it('marks a loop bus that passes the stop twice on both of its chips', async () => {
    let found: { from: number; dir: string; tripId: number } | null = null;
    for (const from of [42, 34, 44, 33, 124, 1]) {
      for (const dir of ['Out bound', 'City bound']) {
        const { items } = await api<Departures>('departures', { from, dir, date: MONDAY });
        const ids = items.map((i) => i.tripId);
        const twice = ids.find((id, index) => ids.indexOf(id) !== index);
        if (twice !== undefined && !found) found = { from, dir, tripId: twice };
      }
    }
    if (!found) throw new Error('no loop trip passes a stop twice on the data');
    const p = await page(390, `${MONDAY}T05:00`);
    await goto(p, `/?from=${found.from}&dir=${encodeURIComponent(found.dir)}&date=${MONDAY}`);
    const loop = p.locator(`.hour-grid .chip[href*="/${found.tripId}?"]`);
    expect(await loop.count()).toBe(2);
    const [first, second] = await loop.all();
    if (!first || !second) throw new Error('two chips expected');
    const [firstTime, secondTime] = [
      await first.locator('.chip__time').textContent(),
      await second.locator('.chip__time').textContent(),
    ];
    expect(await first.textContent()).toContain('↻');
    expect(await second.textContent()).toContain('↻');
    expect(await first.getAttribute('title')).toMatch(new RegExp(`: the same bus as at ${secondTime}$`));
    expect(await second.getAttribute('title')).toMatch(new RegExp(`: the same bus as at ${firstTime}$`));
    await screenshot(p, 'polish-loop-390-en');
  });

  it('links the printable timetable and the calendar feed of the stop with its dir and to', async () => {
    const p = await page(1280, `${MONDAY}T09:00`);
    await goto(p, `/?from=1&to=27&dir=Out+bound&date=${MONDAY}`);
    expect(await p.getByRole('link', { name: 'Print' }).getAttribute('href')).toBe(
      '/print/stop/1?dir=Out+bound&to=27',
    );
    expect(await p.getByRole('link', { name: 'Add to calendar' }).getAttribute('href')).toBe(
      '/calendar/stop/1.ics?dir=Out+bound&to=27',
    );
    await goto(p, `/?from=27&dir=City+bound&date=${MONDAY}`);
    expect(await p.getByRole('link', { name: 'Add to calendar' }).getAttribute('href')).toBe(
      '/calendar/stop/27.ics?dir=City+bound',
    );
    // Another date chosen: the poster is of that date (the calendar feed has none).
    await goto(p, `/?from=27&dir=City+bound&date=${TUESDAY}`);
    expect(await p.getByRole('link', { name: 'Print' }).getAttribute('href')).toBe(
      `/print/stop/27?dir=City+bound&date=${TUESDAY}`,
    );
    expect(await p.getByRole('link', { name: 'Add to calendar' }).getAttribute('href')).toBe(
      '/calendar/stop/27.ics?dir=City+bound',
    );
    await screenshot(p, 'now-home-1280-en');
  });

  it('the home with next buses at 1280 px in Lithuanian', async () => {
    const p = await page(1280, `${MONDAY}T13:05`, 'lt-LT');
    await goto(p, '/');
    await expect.poll(() => p.locator('.next li').count()).toBe(3);
    await screenshot(p, 'now-home-1280-lt');
    await expectNoAxeViolations(p, 'home with next buses in Lithuanian');
  });
});
