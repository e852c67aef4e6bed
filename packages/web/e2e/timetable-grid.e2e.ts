import type { Stop } from '@bus/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, deleteLine, makeLine, screenshotViewport, workdaySchedule } from './admin-support.ts';
import {
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  goto,
  likeDate,
  pagePerFile,
  screenshot,
} from './support.ts';

/*
 * The timetable grid in Chromium (issue 12): the staff task "one more afternoon trip pair,
 * the same stops as an existing schedule but two hours later" done with copy and shift in at
 * most 5 actions and no typed time, then seen on the public timetable; a block pasted from a
 * spreadsheet; a typed time that is no time refused in red; moving between cells by keyboard;
 * screenshots at 390 and 1280 px in English and Lithuanian. The 6-stop line is made for these
 * tests through the API and deleted at the end.
 */
const suffix = String(Date.now() % 1_000_000);
const LINE_NAME = `Grid ${suffix}`;
/**
 * A Monday to come that is no public holiday (one running as 2027-01-04 does), so the new trips
 * are upcoming departures whatever the run's moment.
 */
const FUTURE_MONDAY = await likeDate('2027-01-04');

const OUT_1530 = ['15:30', '15:33', '15:36', '15:40', '15:42', '15:45'];
const BACK_1545 = ['15:45', '15:48', '15:51', '15:54', '15:57', '16:00'];
const OUT_0700 = ['07:00', '07:04', '07:08', '07:12', '07:16', '07:20'];
const BACK_0725 = ['07:25', '07:29', '07:33', '07:37', '07:41', '07:45'];

interface StoredSchedule {
  id: number;
  runsOnWeekly: string[];
  runsOnYearlyId: number;
  runsOnPublicHolidays: boolean;
  trips: { id: number; boundFor: string; routeId: number; routeDirReversed: boolean; timeList: string[] }[];
}

let boss: Page;
let token: string;
let lineId: number;
let wholeYear: number;
let afternoon: StoredSchedule;
let morning: StoredSchedule;
let added: StoredSchedule;
const lineStops: Stop[] = [];

const byLine = () =>
  adminApi<{ version: number; schedules: StoredSchedule[] }>(token, 'schedules.byLine', { lineId });
const cell = (page: Page, tripId: number, row: number) => page.locator(`#grid-cell-${tripId}-${row}`);
const activeId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

/** Clicks 'Save 1 schedule' and waits for the saved message. */
async function saveOneSchedule(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save 1 schedule' }).click();
  await page.getByRole('status').filter({ hasText: 'Successfully saved to the database' }).first().waitFor();
}

/** Types into the focused cell as a person does, then presses a key. */
async function typeInto(page: Page, text: string, then: string): Promise<void> {
  await page.keyboard.type(text);
  await page.keyboard.press(then);
}

/** A paste event carrying `text`, as the browser fires it for Ctrl+V of a spreadsheet block. */
async function pasteInto(page: Page, tripId: number, row: number, text: string): Promise<void> {
  const target = cell(page, tripId, row);
  await target.focus();
  await target.evaluate((el, data) => {
    const transfer = new DataTransfer();
    transfer.setData('text/plain', data);
    el.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
    );
  }, text);
}

/**
 * Holds the page's next save of schedules until the returned function is called (a slow save),
 * so what the page does while it runs can be looked at.
 */
async function holdSaves(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const matches = (u: URL) => u.pathname.includes('admin.schedules.saveList');
  await page.route(
    matches,
    async (route) => {
      await gate;
      await route.continue();
    },
    { times: 1 },
  );
  return release;
}

const session = pagePerFile({ signedIn: true });
beforeAll(async () => {
  ({ page: boss, token } = session);

  const stops = await adminApi<Stop[]>(token, 'stops.list');
  // Six stops that are not the home station, in the order of their ids.
  lineStops.push(
    ...stops
      .filter((s) => s.id !== 1)
      .sort((a, b) => a.id - b.id)
      .slice(0, 6),
  );
  const made = await makeLine(token, {
    name: LINE_NAME,
    stops: lineStops.map((s) => s.id),
    routeStart: (lineStops[0] as Stop).name,
    routeEnd: (lineStops[5] as Stop).name,
    operator: 'UAB Grid',
  });
  lineId = made.lineId;
  const routeId = made.routeId;
  const start = await adminApi<{ version: number; yearlyOptions: { id: number; periodName: string }[] }>(
    token,
    'schedules.byLine',
    { lineId },
  );
  wholeYear = start.yearlyOptions.find((r) => r.periodName === 'Apskritus metus')?.id as number;
  const pair = (out: string[], back: string[]) => workdaySchedule(routeId, wholeYear, out, back);
  const saved = await adminApi<{ schedules: StoredSchedule[] }>(
    token,
    'schedules.saveList',
    { lineId, baseVersion: start.version, schedules: [pair(OUT_1530, BACK_1545), pair(OUT_0700, BACK_0725)] },
    'mutation',
  );
  [afternoon, morning] = saved.schedules as [StoredSchedule, StoredSchedule];
});

afterAll(async () => {
  if (lineId) await deleteLine(token, lineId);
});

/**
 * Each trip's heading stays inside its column ('Tvarkaraštis 78' is the longest), and the word
 * 'Schedule' / 'Tvarkaraštis' is never cut in two.
 */
async function expectTripHeadingsFit(page: Page, where: string): Promise<void> {
  const problems = await page.locator('th.tgrid-col').evaluateAll((heads) =>
    heads.flatMap((th) => {
      const found: string[] = [];
      for (const part of th.querySelectorAll('.tgrid-col__name, .tgrid-col__fact')) {
        // The text's own extent (a shrunk box would hide text running out of it).
        const text = document.createRange();
        text.selectNodeContents(part);
        if (text.getBoundingClientRect().right > th.getBoundingClientRect().right + 0.5)
          found.push(`${part.textContent} runs out of its column`);
      }
      const name = th.querySelector('.tgrid-col__name');
      const node = name ? document.createTreeWalker(name, NodeFilter.SHOW_TEXT).nextNode() : null;
      const firstWord = node?.textContent?.split(' ')[0] ?? '';
      if (node && firstWord.length > 0) {
        const word = document.createRange();
        word.setStart(node, 0);
        word.setEnd(node, firstWord.length);
        if (word.getClientRects().length > 1) found.push(`${node.textContent} is cut inside a word`);
      }
      return found;
    }),
  );
  expect(problems, `trip headings (${where})`).toEqual([]);
}

describe('timetable grid', () => {
  it('adds an afternoon trip pair two hours later in 5 actions without typing a time, seen on the public timetable', async () => {
    await goto(boss, `/admin-panel/schedules/${lineId}`);
    const actions: string[] = [];
    const act = async (name: string, step: () => Promise<unknown>) => {
      actions.push(name);
      await step();
    };

    await act('open the grid', () => boss.getByRole('link', { name: 'Timetable grid' }).click());
    await boss.getByRole('heading', { level: 1, name: `Timetable grid: ${LINE_NAME} - ` }).waitFor();
    // Out bound first, then City bound; trips by first departure: the morning pair left.
    const outTable = boss.getByRole('table', { name: /^Out bound · Main \(6 stops\)$/ });
    const backTable = boss.getByRole('table', { name: /^City bound · Main \(6 stops\)$/ });
    expect(await outTable.locator('tbody th').allTextContents()).toEqual(
      lineStops.map((s, i) => `${i + 1} ${s.name}`),
    );
    expect(await backTable.locator('tbody th').allTextContents()).toEqual(
      [...lineStops].reverse().map((s, i) => `${i + 1} ${s.name}`),
    );
    const outIds = () =>
      outTable
        .locator('tbody tr')
        .first()
        .locator('input')
        .evaluateAll((els) => els.map((e) => e.id));
    expect(await outIds()).toEqual([
      `grid-cell-${morning.trips[0]?.id}-0`,
      `grid-cell-${afternoon.trips[0]?.id}-0`,
    ]);
    // The schedule's facts above each column; the cell's name says stop and trip.
    const afternoonHead = outTable.locator('thead th').nth(2);
    expect(await afternoonHead.textContent()).toContain('Mon–Fri');
    expect(await afternoonHead.textContent()).toContain('not on holidays');
    expect(await cell(boss, afternoon.trips[0]?.id as number, 2).getAttribute('aria-label')).toBe(
      `${lineStops[2]?.name} (stop 3), Schedule ${afternoon.id}, Out bound`,
    );

    await act('tick the 15:30 trip', () =>
      outTable.getByRole('checkbox', { name: `Select Schedule ${afternoon.id}` }).check(),
    );
    // Its schedule is ticked: the City bound trip of the pair too.
    expect(
      await backTable.getByRole('checkbox', { name: `Select Schedule ${afternoon.id}` }).isChecked(),
    ).toBe(true);
    await act('choose 02:00', () => boss.getByLabel('Offset (HH:MM)').selectOption({ label: '02:00' }));
    await act('copy two hours later', () => boss.getByRole('button', { name: 'Copy, 02:00 later' }).click());
    await boss.getByRole('status').filter({ hasText: '1 new schedule added: save to keep it.' }).waitFor();
    // The copy is a new column in both tables, in time order.
    expect(await outTable.locator('thead th').nth(3).textContent()).toContain('New schedule 1');
    expect(await backTable.locator('thead th').nth(3).textContent()).toContain('New schedule 1');
    expect(
      await outTable
        .locator('tbody tr')
        .evaluateAll((rows) => rows.map((r) => (r.querySelectorAll('input')[2] as HTMLInputElement).value)),
    ).toEqual(['17:30', '17:33', '17:36', '17:40', '17:42', '17:45']);
    await screenshot(boss, 'admin-grid-copied-1280');
    await act('save', () => boss.getByRole('button', { name: 'Save 1 schedule' }).click());
    await boss
      .getByRole('alert')
      .or(boss.getByRole('status'))
      .filter({ hasText: 'Successfully saved to the database' })
      .first()
      .waitFor();

    expect(actions).toHaveLength(5);

    // Stored as a whole new schedule: both trips two hours later, same days, rule and holidays.
    const after = await byLine();
    expect(after.schedules).toHaveLength(3);
    added = after.schedules.find((s) => s.id !== afternoon.id && s.id !== morning.id) as StoredSchedule;
    expect(added.runsOnWeekly).toEqual(afternoon.runsOnWeekly);
    expect([added.runsOnYearlyId, added.runsOnPublicHolidays]).toEqual([wholeYear, false]);
    expect(added.trips.map((t) => [t.boundFor, t.routeDirReversed, t.timeList])).toEqual([
      ['Out bound', false, ['17:30', '17:33', '17:36', '17:40', '17:42', '17:45']],
      ['City bound', true, ['17:45', '17:48', '17:51', '17:54', '17:57', '18:00']],
    ]);
    // The page shows the saved state: nothing left unsaved, the column named by its id now.
    await boss
      .getByRole('checkbox', { name: `Select Schedule ${added.id}` })
      .first()
      .waitFor();
    expect(await boss.getByRole('button', { name: /^Save/ }).isDisabled()).toBe(true);

    // The public timetable: departures from the line's first stop going out, and coming back.
    const visitor = await session.open();
    await goto(visitor, `/?from=${lineStops[0]?.id}&to=&dir=Out+bound&date=${FUTURE_MONDAY}`);
    const outChips = visitor.locator(`a.chip[href^="/browse/${lineId}/"]`);
    await expect
      .poll(() => outChips.allTextContents())
      .toEqual([
        expect.stringContaining('07:00'),
        expect.stringContaining('15:30'),
        expect.stringContaining('17:30'),
      ]);
    expect(await outChips.nth(2).getAttribute('href')).toContain(
      `/browse/${lineId}/${added.id}/${added.trips[0]?.id}`,
    );
    await goto(visitor, `/?from=${lineStops[5]?.id}&to=&dir=City+bound&date=${FUTURE_MONDAY}`);
    await expect
      .poll(() => visitor.locator(`a.chip[href^="/browse/${lineId}/"]`).allTextContents())
      .toContainEqual(expect.stringContaining('17:45'));
    await visitor.context().close();
  });

  it('moves between cells by keyboard, replaces a cell by typing and refuses what is not a time', async () => {
    await goto(boss, `/admin-panel/schedules/${lineId}/grid`);
    const first = morning.trips[0]?.id as number;
    const out = afternoon.trips[0]?.id as number;
    const last = added.trips[0]?.id as number;
    await cell(boss, first, 0).focus();
    // Tab goes right along the row, Enter down the trip, arrows one cell, Shift+Tab back a row.
    await boss.keyboard.press('Tab');
    expect(await activeId(boss)).toBe(`grid-cell-${out}-0`);
    await boss.keyboard.press('Enter');
    expect(await activeId(boss)).toBe(`grid-cell-${out}-1`);
    await boss.keyboard.press('ArrowLeft');
    expect(await activeId(boss)).toBe(`grid-cell-${first}-1`);
    await boss.keyboard.press('ArrowDown');
    expect(await activeId(boss)).toBe(`grid-cell-${first}-2`);
    await boss.keyboard.press('Shift+Tab');
    expect(await activeId(boss)).toBe(`grid-cell-${last}-1`);
    await boss.keyboard.press('ArrowRight');
    expect(await activeId(boss)).toBe(`grid-cell-${last}-1`);

    // Typing replaces the cell; Enter takes it (HH:MM) and goes down.
    await cell(boss, out, 1).focus();
    await typeInto(boss, '1534', 'Enter');
    expect(await cell(boss, out, 1).inputValue()).toBe('15:34');
    expect(await activeId(boss)).toBe(`grid-cell-${out}-2`);

    // Not a time: refused in red, said in words, the cursor stays; nothing stored.
    await typeInto(boss, '25:70', 'Enter');
    const refusal = boss.getByRole('alert').filter({ hasText: '“25:70” at' });
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain(
      `“25:70” at ${lineStops[2]?.name} (stop 3), Schedule ${afternoon.id}, Out bound is not a time.`,
    );
    expect(await activeId(boss)).toBe(`grid-cell-${out}-2`);
    expect(await cell(boss, out, 2).getAttribute('aria-invalid')).toBe('true');
    expect(await cell(boss, out, 2).inputValue()).toBe('25:70');
    await expectNoAxeViolations(boss, 'timetable grid with a refused time');
    await screenshotViewport(boss, 'admin-grid-refused-1280');
    // A save is refused while a cell holds something that is not a time.
    await boss.getByRole('button', { name: 'Save 1 schedule' }).click();
    await boss
      .getByRole('alert')
      .filter({ hasText: 'Some cells hold something that is not a time' })
      .waitFor();
    expect((await byLine()).schedules.find((s) => s.id === afternoon.id)?.trips[0]?.timeList).toEqual(
      OUT_1530,
    );
    // Esc puts the stored time back.
    await cell(boss, out, 2).focus();
    await boss.keyboard.press('Escape');
    expect(await cell(boss, out, 2).inputValue()).toBe('15:36');
    expect(await cell(boss, out, 2).getAttribute('aria-invalid')).toBeNull();
    // 6.15-style input is a time too.
    await typeInto(boss, '15.37', 'Enter');
    expect(await cell(boss, out, 2).inputValue()).toBe('15:37');

    await saveOneSchedule(boss);
    const stored = (await byLine()).schedules.find((s) => s.id === afternoon.id);
    expect(stored?.trips[0]?.timeList).toEqual(['15:30', '15:34', '15:37', '15:40', '15:42', '15:45']);
  });

  it('pastes a block copied from a spreadsheet, and refuses one that holds no time or does not fit', async () => {
    await goto(boss, `/admin-panel/schedules/${lineId}/grid`);
    const first = morning.trips[0]?.id as number;
    const last = added.trips[0]?.id as number;
    // One trip's times, one a line, in the ways people write them.
    await pasteInto(boss, first, 0, '6:50\r\n654\r\n6.58\r\n0702\r\n7:06\r\n07:10\r\n');
    await boss.getByRole('status').filter({ hasText: '6 times pasted.' }).waitFor();
    const column = async (tripId: number) =>
      Promise.all([0, 1, 2, 3, 4, 5].map((row) => cell(boss, tripId, row).inputValue()));
    expect(await column(first)).toEqual(['06:50', '06:54', '06:58', '07:02', '07:06', '07:10']);

    // A block with one value that is no time: nothing pasted at all.
    await pasteInto(boss, last, 0, '17:31\n17:3x\n');
    await boss
      .getByRole('alert')
      .filter({ hasText: 'Nothing pasted: “17:3x” (row 2, column 1 of the block) is not a time.' })
      .waitFor();
    expect(await cell(boss, last, 0).inputValue()).toBe('17:30');
    // Two columns pasted into the last one: refused, saying how much room there is.
    await pasteInto(boss, last, 4, '17:42\t17:50\n');
    await boss
      .getByRole('alert')
      .filter({
        hasText:
          'Nothing pasted: the block has 1 row and 2 columns, but from this cell there is room for 2 rows and 1 column.',
      })
      .waitFor();

    await saveOneSchedule(boss);
    const stored = (await byLine()).schedules.find((s) => s.id === morning.id);
    expect(stored?.trips[0]?.timeList).toEqual(['06:50', '06:54', '06:58', '07:02', '07:06', '07:10']);
    expect(stored?.trips[1]?.timeList).toEqual(BACK_0725);
  });

  it('duplicates a whole schedule in the schedule editor', async () => {
    await goto(boss, `/admin-panel/schedules/${lineId}/${morning.id}`);
    await boss.getByRole('button', { name: 'Duplicate schedule' }).click();
    const copy = boss.locator('.sched-card').last();
    await copy.getByText('Not saved yet').waitFor();
    expect(await copy.locator('.sched-card__summary').textContent()).toContain(
      '06:50 Out bound · 07:25 City bound',
    );
    await screenshot(boss, 'admin-schedule-duplicated-1280');
    await copy.getByRole('button', { name: 'Remove new schedule' }).click();
    await expect.poll(() => boss.locator('.sched-card').count()).toBe(3);
  });

  it('applies the schedule editor checks: an empty time refused with the spec message, times going backwards confirmed', async () => {
    await goto(boss, `/admin-panel/schedules/${lineId}/grid`);
    const out = afternoon.trips[0]?.id as number;
    // Clearing a cell is explicit (Backspace), and the save then says what the spec says.
    await cell(boss, out, 3).focus();
    await boss.keyboard.press('Backspace');
    await boss.keyboard.press('Enter');
    expect(await cell(boss, out, 3).inputValue()).toBe('');
    await boss.getByRole('button', { name: 'Save 1 schedule' }).click();
    await boss
      .getByRole('alert')
      .filter({ hasText: "Input validation failed, check if everything's entered right" })
      .first()
      .waitFor();
    await boss
      .getByRole('alert')
      .filter({ hasText: `Not saved: Schedule ${afternoon.id}` })
      .waitFor();
    expect(await cell(boss, out, 3).getAttribute('aria-invalid')).toBe('true');

    // A time going backwards is saved only once confirmed.
    await cell(boss, out, 3).focus();
    await typeInto(boss, '15:20', 'Enter');
    await boss.getByRole('button', { name: 'Save 1 schedule' }).click();
    const warning = boss.getByRole('alert').filter({ hasText: 'Please check before saving:' });
    await warning.waitFor();
    expect(await warning.textContent()).toContain(
      `Schedule ${afternoon.id}: Trip 1: the time goes back from 15:37 to 15:20 at ${lineStops[3]?.name}.`,
    );
    expect((await byLine()).schedules.find((s) => s.id === afternoon.id)?.trips[0]?.timeList[3]).toBe(
      '15:40',
    );
    await warning.getByRole('button', { name: 'Keep editing' }).click();
    await cell(boss, out, 3).focus();
    await typeInto(boss, '15:41', 'Enter');
    await saveOneSchedule(boss);
    expect((await byLine()).schedules.find((s) => s.id === afternoon.id)?.trips[0]?.timeList[3]).toBe(
      '15:41',
    );
  });

  it('is read-only while a save runs, so nothing typed meanwhile is overwritten by the saved copy', async () => {
    await goto(boss, `/admin-panel/schedules/${lineId}/grid`);
    const back = morning.trips[1]?.id as number;
    await boss.getByLabel(`Select Schedule ${afternoon.id}`).first().check();
    await cell(boss, back, 0).focus();
    await typeInto(boss, '07:26', 'Enter');
    const release = await holdSaves(boss);
    await boss.getByRole('button', { name: 'Save 1 schedule' }).click();
    await boss.getByRole('button', { name: 'Saving…' }).waitFor();
    // The cells take no typing or paste, the tools and the ticks do nothing until it returns.
    expect(await cell(boss, back, 1).getAttribute('readonly')).not.toBeNull();
    await cell(boss, back, 1).focus();
    await boss.keyboard.type('0730');
    expect(await cell(boss, back, 1).inputValue()).toBe('07:29');
    await pasteInto(boss, back, 2, '07:40');
    expect(await cell(boss, back, 2).inputValue()).toBe('07:33');
    for (const name of [
      /^Copy, .* later$/,
      /^Duplicate$/,
      /^Shift .* later$/,
      /^Remove new schedules$/,
      /^Untick all$/,
    ])
      expect(await boss.getByRole('button', { name }).first().isDisabled(), String(name)).toBe(true);
    expect(await boss.getByLabel(`Select Schedule ${afternoon.id}`).first().isDisabled()).toBe(true);
    await screenshotViewport(boss, 'admin-grid-saving-1280');
    release();
    await boss
      .getByRole('status')
      .filter({ hasText: 'Successfully saved to the database' })
      .first()
      .waitFor();
    await expect.poll(() => cell(boss, back, 1).getAttribute('readonly')).toBeNull();
    expect(await boss.getByRole('button', { name: /^Duplicate$/ }).isDisabled()).toBe(false);
    const stored = (await byLine()).schedules.find((s) => s.id === morning.id);
    expect(stored?.trips[1]?.timeList).toEqual(['07:26', ...BACK_0725.slice(1)]);
    await boss.getByRole('button', { name: /^Untick all$/ }).click();

    // The schedule editor's card likewise, while its one schedule is saved.
    await goto(boss, `/admin-panel/schedules/${lineId}/${morning.id}`);
    // The trip back runs the stops the other way: its stop 2 is the line's stop 5.
    const time = boss.getByLabel(`Time at ${lineStops[4]?.name} (stop 2) on trip 2`);
    await time.fill('07:30');
    await time.press('Tab');
    const releaseCard = await holdSaves(boss);
    await boss.getByRole('button', { name: 'Save schedule' }).click();
    await boss.getByRole('button', { name: 'Saving…' }).waitFor();
    expect(await boss.getByLabel(`Time at ${lineStops[3]?.name} (stop 3) on trip 2`).isDisabled()).toBe(true);
    expect(await boss.getByRole('button', { name: 'Duplicate schedule' }).isDisabled()).toBe(true);
    releaseCard();
    await boss.getByText('Successfully saved to the database').first().waitFor();
    await expect.poll(() => time.isDisabled()).toBe(false);
    const card = (await byLine()).schedules.find((s) => s.id === morning.id);
    expect(card?.trips[1]?.timeList).toEqual(['07:26', '07:30', ...BACK_0725.slice(2)]);
  });

  it('saves a time typed into a cell and not yet taken, and asks before leaving with it', async () => {
    await goto(boss, `/admin-panel/schedules/${lineId}/grid`);
    const back = morning.trips[1]?.id as number;
    const saveButton = boss.locator('.tgrid-savebar button');
    expect(await saveButton.isDisabled()).toBe(true);
    /** Whether leaving the page now (reload, close) would ask first. */
    const asksBeforeLeaving = () =>
      boss.evaluate(() => {
        const event = new Event('beforeunload', { cancelable: true });
        window.dispatchEvent(event);
        return event.defaultPrevented;
      });
    expect(await asksBeforeLeaving()).toBe(false);
    await cell(boss, back, 3).focus();
    await boss.keyboard.type('0738');
    // Only typed, not taken (no Enter, no Tab): still work that a reload would lose.
    expect(await saveButton.isDisabled()).toBe(false);
    expect(await asksBeforeLeaving()).toBe(true);
    await boss.keyboard.press('Escape');
    expect(await cell(boss, back, 3).inputValue()).toBe('07:37');
    expect(await saveButton.isDisabled()).toBe(true);
    expect(await asksBeforeLeaving()).toBe(false);

    await cell(boss, back, 3).focus();
    await boss.keyboard.type('0738');
    await saveButton.click();
    await boss
      .getByRole('status')
      .filter({ hasText: 'Successfully saved to the database' })
      .first()
      .waitFor();
    expect((await byLine()).schedules.find((s) => s.id === morning.id)?.trips[1]?.timeList[3]).toBe('07:38');
    expect(await asksBeforeLeaving()).toBe(false);
  });

  it('refuses a save made from an older version, naming who saved in between, and keeps the draft', async () => {
    await goto(boss, `/admin-panel/schedules/${lineId}/grid`);
    const out = afternoon.trips[0]?.id as number;
    await cell(boss, out, 5).focus();
    await typeInto(boss, '15:46', 'Tab');
    // Meanwhile the line's schedules are saved elsewhere (another tab, another person).
    const now = await byLine();
    const other = now.schedules.find((s) => s.id === morning.id) as StoredSchedule;
    await adminApi(
      token,
      'schedules.saveList',
      {
        lineId,
        baseVersion: now.version,
        schedules: [
          {
            id: other.id,
            runsOnWeekly: other.runsOnWeekly,
            runsOnYearlyId: other.runsOnYearlyId,
            runsOnPublicHolidays: true,
            timeConstraintsDescription: null,
            trips: other.trips.map(({ id, boundFor, routeId, routeDirReversed, timeList }) => ({
              id,
              boundFor,
              routeId,
              routeDirReversed,
              timeList,
            })),
          },
        ],
      },
      'mutation',
    );
    await boss.getByRole('button', { name: 'Save 1 schedule' }).click();
    const conflict = boss.getByRole('alert').filter({ hasText: 'was changed by boss at' });
    await conflict.waitFor();
    // Nothing of this save was written; the typed time is still in the grid.
    expect((await byLine()).schedules.find((s) => s.id === afternoon.id)?.trips[0]?.timeList[5]).toBe(
      '15:45',
    );
    expect(await cell(boss, out, 5).inputValue()).toBe('15:46');
    // Something that is no time typed meanwhile: refused in red until the reload drops it.
    await cell(boss, out, 4).focus();
    await typeInto(boss, '9x', 'Enter');
    expect(await cell(boss, out, 4).getAttribute('aria-invalid')).toBe('true');
    // Pressed and released as a hand does, a moment apart, while the refused cell loses the
    // focus: the page must not move under the pointer (the click would be lost).
    const reload = boss.getByRole('button', { name: 'Reload the current version' });
    await reload.scrollIntoViewIfNeeded();
    const box = (await reload.boundingBox()) as { x: number; y: number; width: number; height: number };
    await boss.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await boss.mouse.down();
    await boss.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    await boss.mouse.up();
    await expect.poll(() => cell(boss, out, 5).inputValue()).toBe('15:45');
    // The reload gave the stored times back in every cell, none held as typed or refused.
    await expect.poll(() => cell(boss, out, 4).inputValue()).toBe('15:42');
    expect(await cell(boss, out, 4).getAttribute('aria-invalid')).toBeNull();
    expect(await boss.locator('#tgrid-notice').count()).toBe(0);
    expect(await boss.locator('.tgrid-savebar button').isDisabled()).toBe(true);
    await expect
      .poll(() =>
        boss
          .locator('thead th')
          .filter({ hasText: `Schedule ${morning.id}` })
          .first()
          .textContent(),
      )
      .toContain('also on holidays');
  });

  it('looks right at 390 and 1280 px, in English and in Lithuanian', async () => {
    for (const lang of ['en', 'lt'] as const) {
      await boss.evaluate((l) => localStorage.setItem('lang', l), lang);
      await boss.setViewportSize({ width: 1280, height: 900 });
      await goto(boss, `/admin-panel/schedules/${lineId}/grid`);
      await boss
        .getByRole('heading', { level: 1, name: lang === 'en' ? 'Timetable grid:' : 'Tvarkaraščių lentelė:' })
        .waitFor();
      await boss.getByRole('checkbox').nth(1).check();
      await expectNoAxeViolations(boss, `timetable grid (${lang})`);
      await expectTripHeadingsFit(boss, `${lang} at 1280 px`);
      await screenshot(boss, `admin-grid-${lang}-1280`);
      await boss.setViewportSize({ width: 390, height: 844 });
      await expectNoHorizontalScroll(boss, 390);
      await expectTripHeadingsFit(boss, `${lang} at 390 px`);
      await screenshotViewport(boss, `admin-grid-${lang}-390`);
      await cell(boss, morning.trips[0]?.id as number, 0).focus();
      await screenshotViewport(boss, `admin-grid-${lang}-390-table`);
    }
    await boss.evaluate(() => localStorage.setItem('lang', 'en'));
    await boss.setViewportSize({ width: 1280, height: 900 });
    // M38 (line 13): twelve one-way city loops on two route variations, read only here.
    await goto(boss, '/admin-panel/schedules/13/grid');
    await boss.getByRole('table', { name: /^One way · .+ \(24 stops\)$/ }).waitFor();
    expect(await boss.getByRole('table').count()).toBe(2);
    await expectNoAxeViolations(boss, 'timetable grid of M38');
    await screenshotViewport(boss, 'admin-grid-m38-1280');
    await boss.setViewportSize({ width: 390, height: 844 });
    await expectNoHorizontalScroll(boss, 390);
    await expectTripHeadingsFit(boss, 'M38 at 390 px');
    await cell(boss, 69, 0).focus();
    await screenshotViewport(boss, 'admin-grid-m38-390');
    await boss.setViewportSize({ width: 1280, height: 900 });
  });
});
