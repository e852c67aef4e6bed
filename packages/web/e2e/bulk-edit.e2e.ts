import { type DepartureItem, formatTime, type Holiday, type Stop } from '@bus/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminApi,
  alertWithText,
  deleteLine,
  makeLine,
  screenshotViewport,
  workdaySchedule,
} from './admin-support.ts';
import {
  api,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  likeDate,
  pagePerFile,
  screenshot,
  settled,
} from './support.ts';

/*
 * Staff speed in Chromium (issue 12): schedules moved to another yearly rule several at once,
 * from a line's schedules page and from a rule's usage page; weekdays set for several at once;
 * the schedules listed by first departure; a holiday's date typed as MM-DD (and refused when it
 * is no date); the rule calendar on a 390 px phone, fully on screen, paging in whole quarters.
 * Two lines are made for these tests through the API (deleted at the end): line A with four
 * schedules on the whole-year rule, added in an order that is not their time order, and line B
 * with one schedule on the summer rule. WINTER_DAY is a winter Wednesday to come that is no
 * public holiday (one running as 2027-01-13 does, whatever the run's moment).
 */
const suffix = String(Date.now() % 1_000_000);
const LINE_A = `Bulk A ${suffix}`;
const LINE_B = `Bulk B ${suffix}`;
const WHOLE_YEAR = 'Apskritus metus';
const SUMMER = 'Vasarą 4/01 - 11/15';
const WINTER = 'Žiemą 11/04 - 4/14';
const WINTER_DAY = await likeDate('2027-01-13');
const INPUT_FAILED = "Input validation failed, check if everything's entered right";
const SAVED = 'Successfully saved to the database';
const HOLIDAY = `E2E typed ${suffix}`;

let page: Page;
let token: string;
let lineA: number;
let lineB: number;
let firstStop: number;
/** Line A's schedules by their first departure. */
const a: Record<'t0615' | 't0700' | 't0930' | 't1400', number> = { t0615: 0, t0700: 0, t0930: 0, t1400: 0 };
let bSchedule: number;
let rules: { id: number; periodName: string }[];

const session = pagePerFile({ signedIn: true });
const { go, heading } = session;

const ruleId = (name: string) => rules.find((r) => r.periodName === name)?.id as number;

async function addSchedules(
  lineId: number,
  routeId: number,
  rule: number,
  starts: number[],
): Promise<number[]> {
  const { version } = await adminApi<{ version: number }>(token, 'schedules.byLine', { lineId });
  const saved = await adminApi<{ schedules: { id: number }[] }>(
    token,
    'schedules.saveList',
    {
      lineId,
      baseVersion: version,
      schedules: starts.map((start) =>
        workdaySchedule(
          routeId,
          rule,
          [0, 10, 20].map((d) => formatTime(start + d)),
          [60, 70, 80].map((d) => formatTime(start + d)),
        ),
      ),
    },
    'mutation',
  );
  return saved.schedules.map((s) => s.id);
}

const stored = async (lineId: number) =>
  (
    await adminApi<{ schedules: { id: number; runsOnYearlyId: number; runsOnWeekly: string[] }[] }>(
      token,
      'schedules.byLine',
      { lineId },
    )
  ).schedules;

/** Schedules with an Out bound departure from the lines' first stop on a day (the public timetable). */
const publicSchedules = async (date: string) =>
  new Set(
    (
      await api<{ items: DepartureItem[] }>('departures', { from: firstStop, dir: 'Out bound', date })
    ).items.map((i) => i.schedId),
  );

async function inLanguage(language: 'en' | 'lt'): Promise<void> {
  await page.evaluate((lang) => localStorage.setItem('lang', lang), language);
}

/** The picker's box lies inside the window. */
async function expectOnScreen(locator: ReturnType<Page['locator']>, width: number, height: number) {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  if (!box) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  expect(box.y + box.height).toBeLessThanOrEqual(height);
}

/** Every element matched lies within the window's width, and no table scrolls sideways. */
async function expectFitsWidth(selector: string, width: number) {
  const rights = await page
    .locator(selector)
    .evaluateAll((all) => all.map((e) => Math.ceil(e.getBoundingClientRect().right)));
  expect(rights.length).toBeGreaterThan(0);
  for (const right of rights) expect(right, `${selector} at ${width}px`).toBeLessThanOrEqual(width);
  const scrolled = await page
    .locator('.table-wrap')
    .evaluateAll((all) => all.filter((e) => e.scrollWidth > e.clientWidth).length);
  expect(scrolled, `tables scrolling sideways at ${width}px`).toBe(0);
}

/** The bulk panel's seven weekday boxes lie on one line. */
async function expectWeekdaysOnOneLine(scope: ReturnType<Page['locator']>) {
  const tops = await scope
    .locator('.bulk-actions__day')
    .evaluateAll((days) => days.map((d) => Math.round(d.getBoundingClientRect().top)));
  expect(tops).toHaveLength(7);
  expect(new Set(tops).size).toBe(1);
}

beforeAll(async () => {
  ({ page, token } = session);
  const stops = await adminApi<Stop[]>(token, 'stops.list');
  const stopId = (name: string) => {
    const stop = stops.find((s) => s.name === name);
    if (!stop) throw new Error(`no stop ${name}`);
    return stop.id;
  };
  const route = [stopId('Zabelynė'), stopId('Padvarninkai'), stopId('Burbiškis')];
  firstStop = route[0] as number;
  rules = (await adminApi<{ rules: { id: number; periodName: string }[] }>(token, 'rules.allWithUsage'))
    .rules;
  const line = { stops: route, routeStart: 'Zabelynė', routeEnd: 'Burbiškis', operator: 'UAB Start' };
  const made = await makeLine(token, { ...line, name: LINE_A });
  lineA = made.lineId;
  [a.t1400, a.t0700, a.t0930, a.t0615] = (await addSchedules(lineA, made.routeId, ruleId(WHOLE_YEAR), [
    14 * 60,
    7 * 60,
    9 * 60 + 30,
    6 * 60 + 15,
  ])) as [number, number, number, number];
  const other = await makeLine(token, { ...line, name: LINE_B });
  lineB = other.lineId;
  [bSchedule] = (await addSchedules(lineB, other.routeId, ruleId(SUMMER), [10 * 60])) as [number];
});

afterAll(async () => {
  for (const lineId of [lineA, lineB]) if (lineId) await deleteLine(token, lineId);
  if (token) {
    const holidays = await adminApi<(Holiday & { version: number })[]>(token, 'holidays.list');
    for (const h of holidays.filter((h) => h.name === HOLIDAY))
      await adminApi(token, 'holidays.delete', { id: h.id, baseVersion: h.version }, 'mutation');
  }
});

describe('bulk schedule changes', () => {
  it('lists a line’s schedules by first departure and moves two of them to another rule at once', async () => {
    const winterBefore = await publicSchedules(WINTER_DAY);
    expect([a.t0615, a.t0700, a.t0930, a.t1400].every((id) => winterBefore.has(id))).toBe(true);

    await go(`/admin-panel/schedules/${lineA}`);
    await heading(new RegExp(`^Schedules: ${LINE_A}`)).waitFor();
    const titles = await page.locator('.sched-card__title').allTextContents();
    expect(titles).toEqual([a.t0615, a.t0700, a.t0930, a.t1400].map((id) => `Schedule ${id}`));

    await page.getByText('Change several schedules at once').click();
    const panel = page.locator('details.bulk-panel');
    // Nothing ticked: the panel says so instead of saving.
    await panel.getByRole('button', { name: 'Move selected' }).click();
    await panel.getByText('Select the schedules to change first.').waitFor();
    await panel.getByLabel(`Schedule ${a.t0615}: 06:15`).check();
    await panel.getByLabel(`Schedule ${a.t0700}: 07:00`).check();
    await panel.getByText('2 selected').waitFor();
    await panel.getByRole('button', { name: 'Move selected' }).click();
    await panel.getByText('Choose the yearly rule to move them to.').waitFor();
    await panel.getByLabel('Move to yearly rule').selectOption({ label: SUMMER });
    await expectNoAxeViolations(page, 'schedule editor with the bulk panel');
    await screenshot(page, 'bulk-schedules-1280');
    await panel.getByRole('button', { name: 'Move selected' }).click();
    await alertWithText(page, `2 schedules moved to “${SUMMER}”.`);

    const after = new Map((await stored(lineA)).map((s) => [s.id, s.runsOnYearlyId]));
    expect([a.t0615, a.t0700, a.t0930, a.t1400].map((id) => after.get(id))).toEqual([
      ruleId(SUMMER),
      ruleId(SUMMER),
      ruleId(WHOLE_YEAR),
      ruleId(WHOLE_YEAR),
    ]);
    // The cards show the new rule at once; the public timetable follows (no summer rule on a winter day).
    await page.getByRole('button', { name: new RegExp(`^Schedule ${a.t0615} .*rule: ${SUMMER}`) }).waitFor();
    const winterAfter = await publicSchedules(WINTER_DAY);
    expect(winterAfter.has(a.t0615)).toBe(false);
    expect(winterAfter.has(a.t0700)).toBe(false);
    expect(winterAfter.has(a.t0930)).toBe(true);
  });

  it('sets the weekdays of several schedules at once', async () => {
    const panel = page.locator('details.bulk-panel');
    await panel.getByRole('button', { name: 'Clear selection' }).click();
    await panel.getByLabel(`Schedule ${a.t0930}: 09:30`).check();
    await panel.getByLabel(`Schedule ${a.t1400}: 14:00`).check();
    await panel.getByRole('button', { name: 'Set weekdays' }).click();
    await panel.getByText('Choose at least one weekday.').waitFor();
    await panel.getByRole('checkbox', { name: 'Saturday' }).check();
    await panel.getByRole('checkbox', { name: 'Sunday' }).check();
    await panel.getByRole('button', { name: 'Set weekdays' }).click();
    await alertWithText(page, 'Weekdays set for 2 schedules.');
    const after = new Map((await stored(lineA)).map((s) => [s.id, s.runsOnWeekly]));
    expect(after.get(a.t0930)).toEqual(['SATURDAY', 'SUNDAY']);
    expect(after.get(a.t1400)).toEqual(['SATURDAY', 'SUNDAY']);
    expect(after.get(a.t0615)).toEqual(['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY']);
    // A Wednesday no longer has them; the editor has nothing unsaved.
    expect((await publicSchedules(WINTER_DAY)).has(a.t0930)).toBe(false);
    await page.getByRole('button', { name: new RegExp(`^Schedule ${a.t0930} Sat Sun`) }).waitFor();
    expect(await page.getByText('Your unsaved changes').count()).toBe(0);

    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoHorizontalScroll(page, 390);
    await expectWeekdaysOnOneLine(panel);
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, 'bulk-schedules-390');
    await inLanguage('lt');
    await page.reload();
    await settled(page);
    await page.getByText('Keisti kelis tvarkaraščius iš karto').click();
    await expectWeekdaysOnOneLine(panel);
    // The cards name the directions in Lithuanian too.
    const summary = page.locator('.sched-card__summary').first();
    expect(await summary.textContent()).toContain('06:15 Iš Anykščių · 07:15 Į Anykščius');
    await screenshot(page, 'bulk-schedules-lt-390');
    await page.setViewportSize({ width: 360, height: 800 });
    await expectNoHorizontalScroll(page, 360);
    await expectWeekdaysOnOneLine(panel);
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, 'bulk-schedules-lt-1280');
    await inLanguage('en');
  });

  it('moves schedules of two lines from the rule’s usage page', async () => {
    await go(`/admin-panel/yearly-rules/${ruleId(SUMMER)}`);
    await heading(SUMMER).waitFor();
    const itemA = page.locator('details.accordion__item', { hasText: LINE_A });
    const itemB = page.locator('details.accordion__item', { hasText: LINE_B });
    for (const item of [itemA, itemB])
      if ((await item.getAttribute('open')) === null) await item.locator('summary').click();
    await itemA.getByLabel(`Select every schedule of ${LINE_A}`).check();
    expect(await itemA.getByLabel(`Select schedule ${a.t0615}`).isChecked()).toBe(true);
    await itemB.getByLabel(`Select schedule ${bSchedule}`).check();
    await page.getByText('3 selected').waitFor();
    // The rule's own name is not offered as where to move.
    const choice = page.getByLabel('Move to yearly rule');
    expect(await choice.locator('option', { hasText: SUMMER }).count()).toBe(0);
    await choice.selectOption({ label: WINTER });
    await expectNoAxeViolations(page, 'rule usage with bulk move');
    await screenshot(page, 'bulk-rule-usage-1280');
    await page.getByRole('button', { name: 'Move selected' }).click();
    await alertWithText(page, `3 schedules moved to “${WINTER}”.`);
    // They left this rule's page, and are on the winter rule.
    await expect.poll(() => page.locator('details.accordion__item', { hasText: LINE_A }).count()).toBe(0);
    expect(await page.locator('details.accordion__item', { hasText: LINE_B }).count()).toBe(0);
    expect(
      (await stored(lineA))
        .filter((s) => s.runsOnYearlyId === ruleId(WINTER))
        .map((s) => s.id)
        .sort(),
    ).toEqual([a.t0615, a.t0700].sort());
    expect((await stored(lineB))[0]?.runsOnYearlyId).toBe(ruleId(WINTER));
    const winter = await publicSchedules(WINTER_DAY);
    expect(winter.has(a.t0615)).toBe(true);
    expect(winter.has(bSchedule)).toBe(true);

    // The same page on a phone and in Lithuanian.
    await go(`/admin-panel/yearly-rules/${ruleId(WINTER)}`);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoHorizontalScroll(page, 390);
    await expectWeekdaysOnOneLine(page.locator('.bulk-panel'));
    await screenshot(page, 'bulk-rule-usage-390');
    await inLanguage('lt');
    await page.reload();
    await settled(page);
    await page.locator('details.accordion__item', { hasText: LINE_A }).locator('summary').click();
    await page.getByLabel(`Pažymėti visus maršruto „${LINE_A}“ tvarkaraščius`).check();
    await page.getByText('Pažymėta: 2').waitFor();
    await page
      .getByText(`Tvarkaraštis ${a.t0615}: Pr An Tr Kt Pn · 06:15 Iš Anykščių, 07:15 Į Anykščius`)
      .waitFor();
    await screenshot(page, 'bulk-rule-usage-lt-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, 'bulk-rule-usage-lt-1280');
    await inLanguage('en');
  });

  it('refuses a move from a page older than someone else’s save, naming them', async () => {
    await go(`/admin-panel/yearly-rules/${ruleId(WINTER)}`);
    const item = page.locator('details.accordion__item', { hasText: LINE_B });
    if ((await item.getAttribute('open')) === null) await item.locator('summary').click();
    await item.getByLabel(`Select schedule ${bSchedule}`).check();
    // Meanwhile line B's schedules are saved elsewhere.
    const { version } = await adminApi<{ version: number }>(token, 'schedules.byLine', { lineId: lineB });
    await adminApi(
      token,
      'schedules.bulkUpdate',
      { scheduleIds: [bSchedule], runsOnWeekly: ['MONDAY'], baseVersions: [{ lineId: lineB, version }] },
      'mutation',
    );
    await page.getByLabel('Move to yearly rule').selectOption({ label: SUMMER });
    await page.getByRole('button', { name: 'Move selected' }).click();
    await page.getByText(/changed by boss at \d{4}-\d{2}-\d{2} \d{2}:\d{2} after you opened it/).waitFor();
    expect((await stored(lineB))[0]?.runsOnYearlyId).toBe(ruleId(WINTER));
    await page.getByRole('button', { name: 'Reload the current version' }).click();
    await page.getByRole('button', { name: 'Move selected' }).click();
    await alertWithText(page, `1 schedule moved to “${SUMMER}”.`);
    expect((await stored(lineB))[0]?.runsOnYearlyId).toBe(ruleId(SUMMER));
  });

  it('puts a bulk move of three schedules back in one step from the history', async () => {
    // The move of three schedules of lines A and B from the summer rule's page to winter, above:
    // the history offers it whole on its newest entry.
    const { items } = await adminApi<{
      items: { id: number; lineId: number | null; batchRestore: { size: number } | null }[];
    }>(token, 'history.list', { kind: 'schedule', limit: 200 });
    const newest = items.find(
      (i) => i.batchRestore?.size === 3 && (i.lineId === lineA || i.lineId === lineB),
    );
    expect(newest).toBeDefined();
    await go(`/admin-panel/history?kind=schedule&line=${newest?.lineId}`);
    const undo = page.getByRole('button', {
      name: `Restore all 3 schedules of this save (change ${newest?.id})`,
    });
    await undo.click();
    await page.getByText('Put all 3 schedules of this save back as they were before it?').waitFor();
    await expectNoAxeViolations(page, 'history asking to restore a whole save');
    await page.getByRole('button', { name: 'Yes, restore' }).click();
    await alertWithText(page, 'Restored all 3 schedules of the save.');
    const rulesOfA = new Map((await stored(lineA)).map((s) => [s.id, s.runsOnYearlyId]));
    expect([rulesOfA.get(a.t0615), rulesOfA.get(a.t0700)]).toEqual([ruleId(SUMMER), ruleId(SUMMER)]);
    expect((await stored(lineB))[0]).toMatchObject({
      runsOnYearlyId: ruleId(SUMMER),
      runsOnWeekly: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'],
    });
    // Off the winter timetable again.
    const winter = await publicSchedules(WINTER_DAY);
    expect(winter.has(a.t0615)).toBe(false);
    expect(winter.has(bSchedule)).toBe(false);

    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoHorizontalScroll(page, 390);
    await page
      .getByRole('button', { name: /^Restore all 3 schedules of this save/ })
      .first()
      .scrollIntoViewIfNeeded();
    await screenshotViewport(page, 'bulk-history-restore-390');
    await inLanguage('lt');
    await page.reload();
    await settled(page);
    await page
      .getByRole('button', {
        name: /^Grąžinti visus šio išsaugojimo tvarkaraščius \(3\) į ankstesnę versiją/,
      })
      .first()
      .scrollIntoViewIfNeeded();
    await expectNoHorizontalScroll(page, 390);
    await screenshotViewport(page, 'bulk-history-restore-lt-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await inLanguage('en');
  });
});

describe('bulk change on a page with a restored draft', () => {
  it('saves the restored draft after a bulk change on the same page (its base version follows the bulk save)', async () => {
    await go(`/admin-panel/schedules/${lineA}/${a.t0615}`);
    const time = page.getByLabel('Time at Padvarninkai (stop 2) on trip 1');
    await time.fill('06:26');
    await time.press('Tab');
    // A reload brings the draft back, made from the version of before.
    await page.waitForFunction(
      (key) => sessionStorage.getItem(key)?.includes('06:26') === true,
      `bus-admin-draft:schedules:${lineA}`,
    );
    await page.reload();
    await settled(page);
    await page.getByText('Your unsaved changes (last edited at').waitFor();
    expect(await page.getByLabel('Time at Padvarninkai (stop 2) on trip 1').inputValue()).toBe('06:26');

    await page.getByText('Change several schedules at once').click();
    const panel = page.locator('details.bulk-panel');
    // The whole-year rule is named as the cards name it, not by its stored name.
    await panel.getByLabel(new RegExp(`^Schedule ${a.t0930}: 09:30 .*rule: -$`)).waitFor();
    expect(await panel.getByRole('checkbox', { name: new RegExp(WHOLE_YEAR) }).count()).toBe(0);
    await panel.getByLabel(`Schedule ${a.t0930}: 09:30`).check();
    await panel.getByLabel(`Schedule ${a.t1400}: 14:00`).check();
    await panel.getByRole('checkbox', { name: 'Monday' }).check();
    await panel.getByRole('checkbox', { name: 'Saturday' }).check();
    await panel.getByRole('button', { name: 'Set weekdays' }).click();
    await alertWithText(page, 'Weekdays set for 2 schedules.');
    await page.getByRole('button', { name: new RegExp(`^Schedule ${a.t0930} Mon Sat`) }).waitFor();

    // The restored edit is still there and saves: no refusal naming the user's own change.
    expect(await page.getByLabel('Time at Padvarninkai (stop 2) on trip 1').inputValue()).toBe('06:26');
    await page.getByRole('button', { name: 'Save schedule' }).click();
    const outcome = page.getByText(SAVED).or(page.locator('[role="alert"]:not(:empty)'));
    await outcome.first().waitFor();
    expect(await outcome.first().textContent()).toContain(SAVED);
    const after = new Map((await stored(lineA)).map((s) => [s.id, s]));
    expect(after.get(a.t0930)?.runsOnWeekly).toEqual(['MONDAY', 'SATURDAY']);
    const saved = await adminApi<{ schedules: { id: number; trips: { timeList: (string | null)[] }[] }[] }>(
      token,
      'schedules.byLine',
      { lineId: lineA },
    );
    expect(saved.schedules.find((s) => s.id === a.t0615)?.trips[0]?.timeList).toEqual([
      '06:15',
      '06:26',
      '06:35',
    ]);
  });
});

describe('finding things', () => {
  it('takes a holiday’s date typed as MM-DD and refuses one that is no date', async () => {
    await go('/admin-panel/holidays');
    await page.getByRole('button', { name: 'Add holiday' }).click();
    await page.getByLabel('Name of the new holiday').fill(HOLIDAY);
    const typed = page.getByLabel('Date of the new holiday, typed as MM-DD');
    await typed.fill('02-30');
    await typed.blur();
    await page.getByText('“02-30” is not a date: month 02 has 29 days.').waitFor();
    expect(await typed.getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await alertWithText(page, INPUT_FAILED);
    expect((await adminApi<Holiday[]>(token, 'holidays.list')).some((h) => h.name === HOLIDAY)).toBe(false);
    await expectNoAxeViolations(page, 'holiday with a typed date that is no date');
    await screenshot(page, 'bulk-holiday-invalid-1280');

    await typed.fill('13-01');
    await typed.blur();
    await page.getByText('“13-01” is not a date: the month must be 01 to 12.').waitFor();
    await typed.fill('16 Feb');
    await typed.blur();
    await page.getByText('Type the date as MM-DD, for example 02-16.').waitFor();

    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoHorizontalScroll(page, 390);
    // On a phone the holidays fit the screen, buttons and the row being edited included.
    await expectFitsWidth('.holidays-table button, .holidays-table input', 390);
    await screenshot(page, 'bulk-holiday-invalid-390');
    await page.setViewportSize({ width: 1280, height: 900 });

    // One digit each is fine; it shows as MM-DD once left, and the calendar agrees.
    await typed.fill('2-17');
    await typed.blur();
    expect(await typed.inputValue()).toBe('02-17');
    expect(await page.getByRole('button', { name: /^Date of the new holiday: 02-17/ }).count()).toBe(1);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await alertWithText(page, SAVED);
    const saved = (await adminApi<Holiday[]>(token, 'holidays.list')).find((h) => h.name === HOLIDAY);
    expect(saved).toMatchObject({ month: 2, day: 17 });
    await page
      .getByRole('row', { name: new RegExp(HOLIDAY) })
      .getByText('02-17')
      .waitFor();

    await inLanguage('lt');
    await page.reload();
    await settled(page);
    await page.getByRole('button', { name: 'Pridėti šventę' }).click();
    const typedLt = page.getByLabel('Naujos šventės data, įvesta formatu MM-DD');
    await typedLt.fill('02-30');
    await typedLt.blur();
    await page.getByText('„02-30“ nėra data: vasaris turi 29 dienas.').waitFor();
    await screenshot(page, 'bulk-holiday-invalid-lt-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectFitsWidth('.holidays-table button, .holidays-table input', 390);
    await screenshot(page, 'bulk-holiday-invalid-lt-390');
    await page.getByRole('button', { name: 'Atšaukti' }).click();
    // Viewed, and a delete asked once more, on a 360 px phone in Lithuanian: nothing runs off it.
    await page.setViewportSize({ width: 360, height: 800 });
    await expectFitsWidth('.holidays-table button', 360);
    await page.getByRole('button', { name: `Ištrinti šventę „${HOLIDAY}“` }).click();
    await expectFitsWidth('.holidays-table button', 360);
    await screenshot(page, 'holidays-lt-360-delete');
    await page.getByRole('button', { name: 'Atšaukti' }).click();
    await page.setViewportSize({ width: 1280, height: 900 });
    await inLanguage('en');
  });

  it('opens the rule calendar fully on a 390 px screen, paging by whole quarters to October–December', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await go('/admin-panel/yearly-rules');
    await heading('Yearly rules').waitFor();
    const whole = page.locator('.rule-card').first();
    const start = whole.getByRole('button', { name: /^Start of period 1: 01-01/ });
    for (const at of ['middle', 'bottom', 'top'] as const) {
      // The button at the middle, near the bottom and near the top of the window.
      await start.evaluate((button, where) => {
        const rect = button.getBoundingClientRect();
        const target =
          where === 'top' ? 60 : where === 'middle' ? window.innerHeight / 2 : window.innerHeight - 60;
        window.scrollBy(0, rect.top - target);
      }, at);
      await start.click();
      const calendar = page.getByRole('dialog', { name: 'Choose start of period 1' });
      await calendar.waitFor();
      expect(await calendar.locator('.rdp-month').count()).toBe(3);
      await expectOnScreen(calendar, 390, 844);
      if (at === 'middle') await screenshotViewport(page, 'bulk-rule-calendar-390');
      await page.keyboard.press('Escape');
      await expect.poll(() => calendar.count()).toBe(0);
    }

    // Paging: January-March, April-June, July-September, October-December, and no further. The
    // calendar is of one fixed year (the app's PICKER_YEAR, 2026), whatever the run's today.
    await start.click();
    const calendar = page.getByRole('dialog', { name: 'Choose start of period 1' });
    const captions = () => calendar.locator('.rdp-month_caption').allTextContents();
    expect(await captions()).toEqual(['January 2026', 'February 2026', 'March 2026']);
    const next = calendar.getByRole('button', { name: 'Go to the Next Month' });
    for (let i = 0; i < 3; i++) await next.click();
    expect(await captions()).toEqual(['October 2026', 'November 2026', 'December 2026']);
    expect(await next.isDisabled()).toBe(true);
    await page.keyboard.press('Escape');

    // A period ending in December opens on October-December, not on December alone.
    const end = whole.getByRole('button', { name: /^End of period 1: 12-31/ });
    await end.click();
    const endCalendar = page.getByRole('dialog', { name: 'Choose end of period 1' });
    await endCalendar.waitFor();
    expect(await endCalendar.locator('.rdp-month_caption').allTextContents()).toEqual([
      'October 2026',
      'November 2026',
      'December 2026',
    ]);
    await expectOnScreen(endCalendar, 390, 844);
    await page.keyboard.press('Escape');

    await inLanguage('lt');
    await page.reload();
    await settled(page);
    await page
      .locator('.rule-card')
      .first()
      .getByRole('button', { name: /^Laikotarpio 1 pradžia/ })
      .click();
    const ltCalendar = page.getByRole('dialog', { name: /Laikotarpio 1 pradžia/ });
    await ltCalendar.waitFor();
    await expectOnScreen(ltCalendar, 390, 844);
    await screenshotViewport(page, 'bulk-rule-calendar-lt-390');
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page
      .locator('.rule-card')
      .first()
      .getByRole('button', { name: /^Laikotarpio 1 pradžia/ })
      .click();
    await ltCalendar.waitFor();
    await expectOnScreen(ltCalendar, 1280, 900);
    await screenshotViewport(page, 'bulk-rule-calendar-lt-1280');
    await page.keyboard.press('Escape');
    await inLanguage('en');
    await page.reload();
    await settled(page);
    await page
      .locator('.rule-card')
      .first()
      .getByRole('button', { name: /^Start of period 1: 01-01/ })
      .click();
    await calendar.waitFor();
    await expectOnScreen(calendar, 1280, 900);
    await screenshotViewport(page, 'bulk-rule-calendar-1280');
    await page.keyboard.press('Escape');
  });
});
