import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, alertWithText, screenshotViewport } from './admin-support.ts';
import {
  api,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  goto,
  literally,
  noticeDay,
  pagePerFile,
  plusDays,
  screenshot,
  TODAY,
  weekdayOf,
} from './support.ts';

/*
 * Issue 28 in Chromium on the real data: staff prepare line M35's new timetable from a date
 * through the schedules' bulk panel, shift its copies 10 minutes later in the timetable grid
 * ("valid on" the date) and save; a visitor sees the old times before the date and the new ones
 * from it on the home, the notice "New timetable from ..." with its link, and the comparison
 * page with the moved departures marked; in English and Lithuanian, at 390 and 1280 px. At the
 * end M35 is put back as it was (copies deleted, the originals' windows cleared), so later files
 * on the same server see the real timetable.
 */

const M35 = 1;
const STOP = 1;
const DIR = 'Out bound';

interface StoredSchedule {
  id: number;
  validFrom: string | null;
  validUntil: string | null;
  trips: { boundFor: string; timeList: (string | null)[] }[];
}
type LineSchedules = { version: number; schedules: StoredSchedule[] };

const session = pagePerFile({ signedIn: true });
let token = '';
/**
 * The change date: a Monday 8 to 60 days after the run's today, no public holiday (nor the Sundays
 * compared), M35 running as a week before.
 */
let change = '';
let original: LineSchedules;
let oldTimes: string[] = [];
let copies: StoredSchedule[] = [];

const later = (time: string, minutes: number) => {
  const total = Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)) + minutes;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
};
const byLine = () => adminApi<LineSchedules>(token, 'schedules.byLine', { lineId: M35 });

/** M35's departures from Anykščių AS going out on a date, as the server answers (HH:MM). */
async function m35Times(date: string): Promise<{ holiday: boolean; times: string[] }> {
  const answer = await api<{ holiday: boolean; items: { lineId: number; timeDepart: string }[] }>(
    'departures',
    { from: STOP, dir: DIR, date },
  );
  return {
    holiday: answer.holiday,
    times: answer.items.filter((i) => i.lineId === M35).map((i) => i.timeDepart.slice(0, 5)),
  };
}

/** The times of M35's chips on the home for a date, as the page shows them. */
async function chipTimes(p: Page, date: string): Promise<string[]> {
  await goto(p, `/?from=${STOP}&to=&dir=Out+bound&date=${date}`);
  return p.locator(`a.chip[href^="/browse/${M35}/"] .chip__time`).allTextContents();
}

beforeAll(async () => {
  token = session.token;
  let day = plusDays(TODAY, 8);
  while (weekdayOf(day) !== 1) day = plusDays(day, 1);
  for (; day <= plusDays(TODAY, 60); day = plusDays(day, 7)) {
    const [before, on] = [await m35Times(plusDays(day, -7)), await m35Times(day)];
    // The comparison's Sundays (the day before and the sixth day after) are no holidays either.
    const sundays = [await m35Times(plusDays(day, -1)), await m35Times(plusDays(day, 6))];
    const plain = [before, on, ...sundays].every((d) => !d.holiday);
    if (plain && on.times.length > 0 && before.times.join() === on.times.join()) {
      change = day;
      oldTimes = on.times;
      break;
    }
  }
  if (!change) throw new Error(`no Monday within 60 days of ${TODAY} fits a new timetable`);
  original = await byLine();
  expect(original.schedules.every((s) => s.validFrom === null && s.validUntil === null)).toBe(true);
});

afterAll(async () => {
  // M35 as before: the copies deleted, the originals saved back without their end date.
  const now = await byLine();
  const kept = new Set(original.schedules.map((s) => s.id));
  for (const s of now.schedules.filter((x) => !kept.has(x.id)))
    await adminApi(
      token,
      'schedules.delete',
      { id: s.id, baseVersion: (await byLine()).version },
      'mutation',
    );
  await adminApi(
    token,
    'schedules.saveList',
    { lineId: M35, baseVersion: (await byLine()).version, schedules: original.schedules },
    'mutation',
  );
  const back = await byLine();
  expect(back.schedules).toEqual(original.schedules);
  expect((await m35Times(change)).times).toEqual(oldTimes);
});

describe('a new timetable from a date', () => {
  it("staff make M35's new timetable in the bulk panel and shift its copies 10 minutes in the grid", async () => {
    const boss = session.page;
    await goto(boss, `/admin-panel/schedules/${M35}`);
    await boss.getByText('Change several schedules at once').click();
    await boss.getByLabel('New timetable from').fill(change);
    await boss.getByRole('button', { name: 'Make the new timetable' }).click();
    const n = original.schedules.length;
    await alertWithText(
      boss,
      `${n === 1 ? '1 schedule' : `${n} schedules`} copied as the new timetable from ${change}.`,
    );
    // The bulk panel tells the old schedules from their copies by their windows.
    const list = boss.locator('.bulk-panel__list');
    await list.getByText(`valid from ${change}`).first().waitFor();
    expect(await list.getByText(`valid from ${change}`).count()).toBe(n);
    expect(await list.getByText(`valid until ${plusDays(change, -1)}`).count()).toBe(n);
    await expectNoAxeViolations(boss, 'schedules with the new timetable made');
    await screenshotViewport(boss, 'dated-admin-made-1280');

    const made = await byLine();
    copies = made.schedules.filter((s) => s.validFrom === change);
    expect(copies).toHaveLength(n);
    for (const s of made.schedules.filter((x) => !copies.includes(x)))
      expect([s.validFrom, s.validUntil]).toEqual([null, plusDays(change, -1)]);

    // The grid, valid on the change date: only the copies; tick them, shift 10 minutes later, save.
    await goto(boss, `/admin-panel/schedules/${M35}/grid`);
    await boss.getByLabel('Show schedules valid on').fill(change);
    for (const copy of copies)
      await boss
        .getByRole('checkbox', { name: `Select Schedule ${copy.id}` })
        .first()
        .check();
    await boss.getByLabel('Offset (HH:MM)').selectOption({ label: '00:10' });
    await boss.getByRole('button', { name: 'Shift 00:10 later' }).click();
    await expectNoAxeViolations(boss, 'grid valid on the change date');
    await screenshotViewport(boss, 'dated-admin-grid-1280');
    await boss.getByRole('button', { name: /^Save \d+ schedules?$/ }).click();
    await alertWithText(boss, 'Successfully saved to the database');

    const shifted = await byLine();
    for (const copy of copies) {
      const saved = shifted.schedules.find((s) => s.id === copy.id);
      expect(saved?.trips.map((t) => t.timeList)).toEqual(
        copy.trips.map((t) => t.timeList.map((time) => (time === null ? null : later(time, 10)))),
      );
    }
    // The originals keep their times.
    for (const s of original.schedules)
      expect(shifted.schedules.find((x) => x.id === s.id)?.trips).toEqual(s.trips);
  });

  for (const [locale, lang] of [
    ['en-GB', 'en'],
    ['lt-LT', 'lt'],
  ] as const) {
    for (const width of [1280, 390]) {
      it(`a visitor sees the old times before the date, the new ones from it, the notice and the comparison (${lang}, ${width} px)`, async () => {
        const p = await session.open({ width, locale });
        const newTimes = oldTimes.map((time) => later(time, 10));
        expect(await chipTimes(p, plusDays(change, -7))).toEqual(oldTimes);
        expect(await chipTimes(p, plusDays(change, -1))).toEqual(
          (await m35Times(plusDays(change, -1))).times,
        );
        expect(await chipTimes(p, change)).toEqual(newTimes);
        await screenshot(p, `dated-home-after-${lang}-${width}`);

        // Today: the notice of the new timetable, linking to the comparison.
        await goto(p, `/?from=${STOP}&to=&dir=Out+bound`);
        const notice = p.locator('.notice.new-timetable');
        await notice.first().waitFor();
        // The date without its year, whatever the year ('from 7 December', 'nuo gruodžio 7 d.').
        const from = noticeDay(change, lang, false);
        const words =
          lang === 'en'
            ? `Line M35: New timetable from ${from} What changes`
            : `M35 linija: naujas tvarkaraštis nuo ${from} Kas keičiasi`;
        expect(await notice.first().textContent()).toBe(words);
        await expectNoAxeViolations(p, `home with the notice (${lang}, ${width})`);
        await expectNoHorizontalScroll(p, width);
        await screenshot(p, `dated-home-notice-${lang}-${width}`);
        await notice
          .first()
          .getByRole('link', { name: lang === 'en' ? 'What changes' : 'Kas keičiasi' })
          .click();
        await p.waitForURL(/\/compare\?/);
        await p.locator('.compare-page h1').waitFor();
        expect(new URL(p.url()).searchParams.get('change')).toBe(change);
        const moved = p.locator('.compare-row--moved');
        await moved.first().waitFor();
        expect(await moved.count()).toBeGreaterThan(0);
        for (const row of await moved.all())
          expect(await row.textContent()).toContain(lang === 'en' ? 'moved' : 'pakeistas laikas');
        // The day before the change (a Sunday) beside the Sunday after it, named with the weekday;
        // after it, M35's departures are exactly the day before's 10 minutes later.
        const days = p.locator('.compare-day');
        const [dayBefore, dayAfter] = [plusDays(change, -1), plusDays(change, 6)];
        const sunday = (words: string, date: string) =>
          new RegExp(
            lang === 'en'
              ? `^${words}: Sunday,? ${literally(noticeDay(date, 'en', true))}$`
              : `^${words}: .*${literally(noticeDay(date, 'lt', false))}.*sekmadienis`,
          );
        expect(await days.nth(0).locator('h2').textContent()).toMatch(
          sunday(lang === 'en' ? 'Before' : 'Iki pakeitimo', dayBefore),
        );
        expect(await days.nth(1).locator('h2').textContent()).toMatch(
          sunday(lang === 'en' ? 'After' : 'Po pakeitimo', dayAfter),
        );
        const m35Rows = (day: number) =>
          days
            .nth(day)
            .locator('.compare-row')
            .filter({ has: p.locator('.compare-row__line', { hasText: /^M35$/ }) })
            .locator('.compare-row__time')
            .allTextContents();
        const sundayBefore = (await m35Times(dayBefore)).times;
        expect(sundayBefore.length).toBeGreaterThan(0);
        expect(await m35Rows(0)).toEqual(sundayBefore);
        expect(await m35Rows(1)).toEqual(sundayBefore.map((time) => later(time, 10)));
        expect(await m35Rows(1)).toEqual((await m35Times(dayAfter)).times);
        expect(await days.nth(1).locator('.compare-row--moved').count()).toBe(sundayBefore.length);
        await expectNoAxeViolations(p, `comparison (${lang}, ${width})`);
        await expectNoHorizontalScroll(p, width);
        await screenshot(p, `dated-compare-${lang}-${width}`);

        // The line page says so too.
        await goto(p, `/browse/${M35}`);
        await p.locator('.notice.new-timetable').first().waitFor();
        // Without a line before it, the Lithuanian starts with a capital.
        const lineWords =
          lang === 'en'
            ? `New timetable from ${from} What changes`
            : `Naujas tvarkaraštis nuo ${from} Kas keičiasi`;
        expect(await p.locator('.notice.new-timetable').first().textContent()).toBe(lineWords);
        await expectNoAxeViolations(p, `line page with the notice (${lang}, ${width})`);
        await screenshot(p, `dated-line-${lang}-${width}`);
      });
    }
  }
});
