import type { DepartureItem, Stop } from '@bus/core';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminApi, alertWithText, screenshotViewport } from './admin-support.ts';
import {
  api,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  likeDate,
  pagePerFile,
  pressLogIn,
  screenshot,
  settled,
  url,
} from './support.ts';

/*
 * The admin board in Chromium, on the real data of a fresh database (DEMO on: boss/2025).
 * One signed-in page walks through the areas in order, as an administrator would: a new stop,
 * a new line whose route starts there (never from the home station, so the public tests'
 * expectations on stop 1 hold), a two-trip schedule on it, which then shows on the public
 * timetable on a Wednesday to come that is no public holiday (one running as 2027-01-13 does,
 * whatever the run's moment); 'Apskritus metus' is the whole-year rule. Everything the walk
 * creates is deleted again at its end.
 */
const DATE = await likeDate('2027-01-13');
const WHOLE_YEAR = 'Apskritus metus';
const suffix = String(Date.now() % 1_000_000);
const STOP_NAME = `E2E stotelė ${suffix}`;
const INLINE_STOP = `E2E inline ${suffix}`;
/** An extra search name of the new stop. */
const ALIAS = `Vėjo malūnas ${suffix}`;
const LINE_NAME = `E2E ${suffix}`;
const ROUTE_NOTES = 'E2E main';

const INPUT_FAILED = "Input validation failed, check if everything's entered right";
const SAVED = 'Successfully saved to the database';

let page: Page;
let token: string;
let stopId: number;
let lineId: number;
let scheduleId: number;

const session = pagePerFile();
const { go, heading } = session;

beforeAll(() => {
  page = session.page;
});

describe('admin board', () => {
  it('guards the panel, refuses a bad login with the server message and signs in boss/2025', async () => {
    await page.goto(url('/admin-panel/lines'));
    await page.waitForURL(/\/admin-access$/);
    await heading('Admin access').waitFor();
    // Demo mode shows the demo login.
    await page.getByRole('complementary', { name: 'Demo login' }).waitFor();
    expect(await page.getByRole('complementary', { name: 'Demo login' }).textContent()).toContain('boss');

    // Both fields are required.
    await page.getByRole('button', { name: 'Log in' }).click();
    expect(await page.getByText('This field is required!').count()).toBe(2);
    expect(await page.getByLabel('Username').getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page, 'login with required messages');
    await screenshot(page, 'admin-login');

    await page.getByLabel('Username').fill('boss');
    await page.getByLabel('Password').fill('wrong');
    expect(await pressLogIn(page)).toBe(401);
    const failure = page.getByRole('alert');
    await failure.waitFor();
    expect(await failure.textContent()).toBe('Bad credentials');
    await expect.poll(() => page.getByRole('button', { name: 'Log in' }).isEnabled()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await screenshot(page, 'admin-login-failed');

    token = await session.signIn();
    const user = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}'));
    expect(user.roles).toContain('ROLE_ADMIN');
    const areas = await page.locator('.area-card__link').allTextContents();
    expect(areas).toEqual([
      'Public holidays',
      'Lines',
      'Route',
      'Bus stops',
      'Yearly rules',
      'Schedules',
      'History',
      'Publishing',
      'Timetable check',
    ]);
    const menu = page.getByRole('navigation', { name: 'Admin menu' });
    expect(await menu.getByRole('link').allTextContents()).toContain('Log out');
    await expectNoAxeViolations(page, 'admin home');
    await screenshot(page, 'admin-home');
  });

  it('signs out on a 401 and says that the session has ended', async () => {
    const other = await session.open();
    try {
      await other.goto(url('/admin-access'));
      await other.evaluate(() =>
        localStorage.setItem('user', JSON.stringify({ accessToken: 'expired', roles: ['ROLE_ADMIN'] })),
      );
      await other.goto(url('/admin-panel/holidays'));
      await other.waitForURL(/\/admin-access\?session=ended&return=%2Fadmin-panel%2Fholidays$/);
      await other.getByText('Your session has ended, please sign in again').waitFor();
      expect(await other.evaluate(() => localStorage.getItem('user'))).toBeNull();
    } finally {
      await other.context().close();
    }
  });

  it('edits holidays inline: add with the calendar, view as MM-DD, delete', async () => {
    await go('/admin-panel/holidays');
    await heading('Public holidays').waitFor();
    const rows = page.locator('tbody tr');
    const before = await rows.count();
    expect(before).toBeGreaterThan(5);
    expect(await rows.first().locator('td').nth(1).textContent()).toBe('01-01');
    await expectNoAxeViolations(page, 'holidays');
    await screenshot(page, 'admin-holidays');

    await page.getByRole('button', { name: 'Add holiday' }).click();
    await page.getByLabel('Name of the new holiday').fill(`E2E holiday ${suffix}`);
    // A save without a date is refused and outlined.
    await page.getByRole('button', { name: 'Save' }).click();
    await alertWithText(page, INPUT_FAILED);
    await page.getByRole('button', { name: /^Date of the new holiday: not set/ }).click();
    const calendar = page.getByRole('dialog', { name: 'Choose date of the new holiday' });
    await calendar.waitFor();
    await calendar.getByRole('button', { name: 'Go to the Next Month' }).click();
    await calendar.getByRole('button', { name: '20 February' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: /^Date of the new holiday: 02-20/ }).count())
      .toBe(1);
    await screenshot(page, 'admin-holidays-edit');
    await page.getByRole('button', { name: 'Save' }).click();
    await alertWithText(page, SAVED);
    const added = page.getByRole('row', { name: new RegExp(`E2E holiday ${suffix}`) });
    await added.waitFor();
    expect(await added.locator('td').nth(1).textContent()).toBe('02-20');
    expect(await rows.count()).toBe(before + 1);

    await page.getByRole('button', { name: `Delete E2E holiday ${suffix}` }).click();
    await page.getByText(`Delete the holiday E2E holiday ${suffix} (02-20)?`).waitFor();
    expect(await rows.count()).toBe(before + 1);
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await expect.poll(() => rows.count()).toBe(before);
  });

  it('adds a bus stop and keeps used stops from being deleted', async () => {
    await go('/admin-panel/bus-stops');
    await heading('Bus stops').waitFor();
    await page.getByRole('button', { name: 'Add bus stop' }).click();
    // A name over the limit is refused before anything is sent, saying which rule it breaks.
    await page.getByLabel('Name of the new stop').fill('x'.repeat(101));
    await page.getByRole('button', { name: 'Save' }).click();
    await alertWithText(page, 'Stop name is too long: at most 100 characters');
    expect(await page.getByLabel('Name of the new stop').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Name of the new stop').fill(STOP_NAME);
    await page.getByLabel('Coords of the new stop').fill('e2e');
    await page.getByLabel('Extra search names of the new stop, separated by semicolons').fill(`${ALIAS}; `);
    await page.getByRole('button', { name: 'Save' }).click();
    await alertWithText(page, SAVED);

    await page.getByLabel('Search stops').fill(`stotele ${suffix}`);
    const row = page.getByRole('row', { name: new RegExp(STOP_NAME) });
    await row.waitFor();
    expect(await row.getByRole('button', { name: `Delete ${STOP_NAME}` }).isEnabled()).toBe(true);
    const found = await adminApi<{ stop: Stop }[]>(token, 'stops.search', { query: STOP_NAME });
    expect(found).toHaveLength(1);
    stopId = found[0]?.stop.id ?? 0;
    expect(found[0]?.stop).toMatchObject({
      name: STOP_NAME,
      coords: 'e2e',
      defaultOption: false,
      searchNames: [ALIAS],
    });
    // The extra name finds it in the list (shown in its own column) ...
    await page.getByLabel('Search stops').fill(ALIAS.toLowerCase());
    expect(await row.getByRole('cell', { name: ALIAS }).count()).toBe(1);
    // ... and in the visitors' selector, which says which name matched.
    const visitor = await session.open({ width: 390, height: 844 });
    await visitor.goto(url('/'));
    await settled(visitor);
    const from = visitor.getByRole('combobox', { name: 'From' });
    await from.click();
    await from.fill(ALIAS);
    const option = visitor.getByRole('option', { name: new RegExp(STOP_NAME) });
    await option.waitFor();
    expect(await option.locator('.combo-hint').textContent()).toBe(ALIAS);
    await screenshotViewport(visitor, 'stop-search-extra-name');
    await visitor.context().close();

    // The home station is used by lines: its usage links to them and delete is disabled.
    await page.getByLabel('Search stops').fill('Anykščių AS');
    const home = page.getByRole('row', { name: /Anykščių AS/ }).first();
    expect(await home.getByRole('button', { name: 'Delete Anykščių AS' }).isDisabled()).toBe(true);
    await home.locator('summary').click();
    expect(await home.getByRole('link').first().getAttribute('href')).toMatch(/^\/admin-panel\/lines\/\d+$/);
    await page.getByLabel('Search stops').fill('');
    await expectNoAxeViolations(page, 'bus stops');
    await screenshotViewport(page, 'admin-bus-stops');
  });

  it('creates a line: nothing is sent while invalid, then a route from the new stop', async () => {
    await go('/admin-panel/lines');
    await heading('Lines').waitFor();
    expect(await page.locator('thead th').allTextContents()).toEqual(['Name', 'From', 'To', 'Actions']);
    await expectNoAxeViolations(page, 'lines');
    await screenshot(page, 'admin-lines');
    const linesBefore = (await adminApi<unknown[]>(token, 'lines.list')).length;

    await page.getByRole('link', { name: 'Add line' }).click();
    await page.waitForURL(/\/admin-panel\/lines\/new$/);
    await heading('New line').waitFor();
    // No red outline before a save attempt; after it the required fields are outlined.
    expect(await page.locator('[aria-invalid="true"]').count()).toBe(0);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => page.getByLabel('Name', { exact: true }).getAttribute('aria-invalid'))
      .toBe('true');
    expect(await page.getByLabel('Route type').getAttribute('aria-invalid')).toBe('true');
    expect(page.url()).toMatch(/\/lines\/new$/);
    expect((await adminApi<unknown[]>(token, 'lines.list')).length).toBe(linesBefore);

    await page.getByLabel('Name', { exact: true }).fill(LINE_NAME);
    await page.getByLabel('Route type').selectOption({ label: 'Regional Bus' });
    await page.getByLabel('From', { exact: true }).fill('E2E start');
    await page.getByLabel('To', { exact: true }).fill('Padvarninkai');
    await page.getByLabel('Operator').fill('E2E operator');
    await page.getByRole('button', { name: 'Add note' }).click();
    await page.getByLabel('Key of note 1').fill('Info');
    await page.getByLabel('Value of note 1').fill('Made by the end-to-end test');

    await page.getByRole('button', { name: 'Add route variation' }).click();
    await page.getByLabel('Route notes').fill(ROUTE_NOTES);
    const count = page.getByLabel('Number of stops');
    await count.fill('3x');
    expect(await count.inputValue()).toBe('3');
    await count.press('Enter');
    await expect.poll(() => page.getByRole('combobox', { name: /of route variation 1$/ }).count()).toBe(3);

    const pick = async (label: string, typed: string, option: string | RegExp) => {
      const box = page.getByRole('combobox', { name: label });
      await box.fill(typed);
      await page.getByRole('option', { name: option }).first().click();
    };
    await pick('Stop 1 of route variation 1', STOP_NAME, `${STOP_NAME} (e2e)`);
    await pick('Stop 2 of route variation 1', 'zabelyn', 'Zabelynė');
    await pick('Stop 3 of route variation 1', 'padvarnink', 'Padvarninkai');
    await page.getByLabel('Distance from stop 1 to stop 2 of route variation 1, metres').fill('12a00');
    expect(
      await page.getByLabel('Distance from stop 1 to stop 2 of route variation 1, metres').inputValue(),
    ).toBe('1200');
    await page.getByLabel('Distance from stop 2 to stop 3 of route variation 1, metres').fill('800');
    // The count never goes below the stops already chosen.
    await count.fill('1');
    await count.press('Enter');
    expect(await count.inputValue()).toBe('3');

    // A copy of the route, ending at a stop created right in the selector.
    await page.getByRole('button', { name: 'Duplicate route variation 1' }).click();
    expect(await page.getByLabel('Route notes').nth(1).inputValue()).toBe(`${ROUTE_NOTES} - copy`);
    await page.getByRole('button', { name: 'Clear Stop 3 of route variation 2' }).click();
    const third = page.getByRole('combobox', { name: 'Stop 3 of route variation 2' });
    // Typing part of a name, Down, Enter picks the existing stop: it never creates one.
    await third.fill('Vikon');
    await third.press('ArrowDown');
    await third.press('Enter');
    expect(await third.inputValue()).toBe('Vikonys');
    await page.getByRole('button', { name: 'Clear Stop 3 of route variation 2' }).click();
    // No stop has this name: Enter does nothing, only the explicit "Create stop" button creates.
    await third.fill(INLINE_STOP);
    expect(await page.getByRole('option', { name: new RegExp(INLINE_STOP) }).count()).toBe(0);
    await third.press('Enter');
    expect(await page.getByRole('button', { name: 'Clear Stop 3 of route variation 2' }).count()).toBe(0);
    await screenshotViewport(page, 'admin-stop-picker-create');
    await page.getByRole('button', { name: `Create stop “${INLINE_STOP}”` }).click();
    // Chosen as a new stop, which exists only once the line is saved.
    await page.getByRole('button', { name: 'Clear Stop 3 of route variation 2' }).waitFor();
    expect(await third.inputValue()).toBe(`${INLINE_STOP} (new stop)`);
    const stored = await adminApi<Stop[]>(token, 'stops.list');
    expect(stored.some((s) => s.name === INLINE_STOP)).toBe(false);
    await expectNoAxeViolations(page, 'line editor');
    await screenshot(page, 'admin-line-editor-new');

    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/admin-panel\/lines\/\d+$/);
    lineId = Number(new URL(page.url()).pathname.split('/').at(-1));
    await heading(LINE_NAME).waitFor();
    const full = await adminApi<{
      routes: { routeNotes: string; stopsArr: Stop[]; distanceMetersList: (number | null)[] }[];
    }>(token, 'lines.getFull', { id: lineId });
    expect(full.routes.map((r) => r.routeNotes)).toEqual([ROUTE_NOTES, `${ROUTE_NOTES} - copy`]);
    expect(full.routes[0]?.stopsArr.map((s) => s.id)[0]).toBe(stopId);
    expect(full.routes[0]?.distanceMetersList).toEqual([1200, 800]);
    expect(full.routes[1]?.stopsArr.at(-1)?.name).toBe(INLINE_STOP);
  });

  it('shows the line: info, notes, route variations with the distance switch', async () => {
    await settled(page);
    const info = page.locator('.info-list').first();
    expect(await info.textContent()).toContain('Regional Bus');
    expect(await page.locator('.line-ends-admin').textContent()).toBe('E2E start – Padvarninkai');
    expect(await page.getByText('Made by the end-to-end test').count()).toBe(1);
    const main = page.getByRole('button', { name: new RegExp(`^${ROUTE_NOTES} ·`) });
    const copy = page.getByRole('button', { name: new RegExp(`^${ROUTE_NOTES} - copy`) });
    expect(await main.getAttribute('aria-pressed')).toBe('true');
    expect(await copy.getAttribute('aria-pressed')).toBe('false');
    await copy.click();
    expect(await page.locator('.route-table').count()).toBe(2);
    expect(await page.locator('.route-table').first().locator('thead th').count()).toBe(3);
    expect(await page.locator('.route-table').first().locator('tbody tr').first().textContent()).toContain(
      STOP_NAME,
    );
    await expectNoAxeViolations(page, 'line detail');
    await screenshot(page, 'admin-line-detail');
    await page.getByRole('switch', { name: 'Show distance' }).click();
    expect(await page.locator('.route-table').first().locator('thead th').count()).toBe(2);
    await main.click();
    expect(await page.locator('.route-table').count()).toBe(1);

    await page.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(new RegExp(`/admin-panel/lines/${lineId}/edit$`));
    await heading(`Edit ${LINE_NAME}`).waitFor();
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe(LINE_NAME);
    await screenshot(page, 'admin-line-editor');
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL(new RegExp(`/admin-panel/lines/${lineId}$`));
  });

  it('adds a two-trip schedule; invalid ones are refused with the spec messages and not saved', async () => {
    await page.getByRole('link', { name: 'Go to Schedules' }).click();
    await page.waitForURL(new RegExp(`/admin-panel/schedules/${lineId}$`));
    await heading(new RegExp(`^Schedules: ${LINE_NAME}`)).waitFor();
    await page.getByText('This line has no schedules yet.').waitFor();
    await page.getByRole('button', { name: 'Add schedule' }).click();
    const card = page.locator('.sched-card').last();
    expect(await card.getByRole('button', { name: /New schedule/ }).getAttribute('aria-expanded')).toBe(
      'true',
    );

    await card.getByLabel('Yearly rule').selectOption({ label: WHOLE_YEAR });
    expect(await card.getByLabel('Route', { exact: true }).inputValue()).not.toBe('');
    const time = (trip: number, stop: number) =>
      card.getByRole('textbox', { name: new RegExp(`\\(stop ${stop}\\) on trip ${trip}$`) });
    // Typing goes through the time input rules: colon added, hours capped.
    await time(1, 1).pressSequentially('0710');
    expect(await time(1, 1).inputValue()).toBe('07:10');
    await time(1, 2).pressSequentially('2961');
    expect(await time(1, 2).inputValue()).toBe('23:59');
    await time(1, 2).fill('');
    await time(1, 2).pressSequentially('0720');
    await time(1, 3).fill('07:30');

    // No weekday: the generic failure, nothing saved.
    await card.getByRole('button', { name: 'Save schedule' }).click();
    await alertWithText(page, INPUT_FAILED);
    expect(await card.getByRole('checkbox', { name: 'Monday' }).getAttribute('aria-invalid')).toBe('true');
    expect(
      (await adminApi<{ schedules: unknown[] }>(token, 'schedules.byLine', { lineId })).schedules,
    ).toHaveLength(0);
    await screenshot(page, 'admin-schedule-invalid');

    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'])
      await card.getByRole('checkbox', { name: day }).check();
    await card.getByRole('button', { name: 'Add trip' }).click();
    expect(await card.getByLabel('Direction').nth(0).inputValue()).not.toBe('');
    expect(await card.getByRole('checkbox', { name: 'Reversed (last stop first)' }).nth(1).isChecked()).toBe(
      true,
    );
    await time(2, 1).fill('16:00');
    await time(2, 2).fill('16:10');
    await time(2, 3).fill('16:20');

    // Two trips the same way: the trip rule message.
    await card.getByLabel('Direction').nth(1).selectOption('Out bound');
    await card.getByRole('button', { name: 'Save schedule' }).click();
    await alertWithText(
      page,
      "Input validation failed, In two trip schedules - 1 trip must be 'Out bound' and the other 'City bound'",
    );
    expect(
      (await adminApi<{ schedules: unknown[] }>(token, 'schedules.byLine', { lineId })).schedules,
    ).toHaveLength(0);

    await card.getByLabel('Direction').nth(0).selectOption('Out bound');
    await card.getByLabel('Direction').nth(1).selectOption('City bound');
    await card.getByRole('button', { name: 'Save schedule' }).click();
    await alertWithText(page, SAVED);
    const stored = await adminApi<{
      schedules: { id: number; runsOnWeekly: string[]; trips: { boundFor: string; timeList: string[] }[] }[];
    }>(token, 'schedules.byLine', { lineId });
    expect(stored.schedules).toHaveLength(1);
    const [schedule] = stored.schedules;
    scheduleId = schedule?.id ?? 0;
    expect(schedule?.runsOnWeekly).toEqual(['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY']);
    expect(schedule?.trips.map((t) => [t.boundFor, t.timeList])).toEqual([
      ['Out bound', ['07:10', '07:20', '07:30']],
      ['City bound', ['16:00', '16:10', '16:20']],
    ]);
    await card.getByRole('button', { name: new RegExp(`^Schedule ${scheduleId}`) }).waitFor();
    await expectNoAxeViolations(page, 'schedule editor');
    await screenshot(page, 'admin-schedule-editor');
  });

  it('shows the new departure on the public timetable', async () => {
    const result = await api<{ items: DepartureItem[] }>('departures', { from: stopId, date: DATE });
    expect(result.items.map((i) => [i.timeDepart.slice(0, 5), i.lineName])).toContainEqual([
      '07:10',
      LINE_NAME,
    ]);
    const visitor = await session.open({ width: 390, height: 844 });
    try {
      await visitor.goto(url(`/?from=${stopId}&date=${DATE}`));
      await settled(visitor);
      const chip = visitor.locator(`a[href^="/browse/${lineId}/${scheduleId}/"]`);
      await chip.first().waitFor();
      expect(await chip.first().textContent()).toContain('07:10');
      await screenshot(visitor, 'admin-public-departure');
    } finally {
      await visitor.context().close();
    }
  });

  it('lists the lines on the schedules page', async () => {
    await go('/admin-panel/schedules');
    await heading('Schedules').waitFor();
    await page.getByRole('link', { name: LINE_NAME, exact: true }).waitFor();
    expect(await page.getByRole('link', { name: LINE_NAME, exact: true }).getAttribute('href')).toBe(
      `/admin-panel/schedules/${lineId}`,
    );
    await screenshot(page, 'admin-schedules');
    // As people count them (M5 before M27 before M35), and narrowed by what is typed.
    const names = await page.locator('.lines-admin-table tbody tr td:first-child').allTextContents();
    const at = (name: string) => names.indexOf(name);
    expect(at('M5')).toBeGreaterThanOrEqual(0);
    expect(at('M5')).toBeLessThan(at('M27'));
    expect(at('M27')).toBeLessThan(at('M35'));
    await page.getByLabel('Search lines').fill('stasku');
    await expect
      .poll(() => page.locator('.lines-admin-table tbody tr td:first-child').allTextContents())
      .toEqual(['M17 B']);
    await page.getByLabel('Search lines').fill('nothing like it');
    await page.getByText('No line matches.').waitFor();
  });

  it('edits yearly rules: usage, 3-month calendar, validation, save all', async () => {
    await go('/admin-panel/yearly-rules');
    await heading('Yearly rules').waitFor();
    const rulesBefore = (await adminApi<{ rules: unknown[] }>(token, 'rules.allWithUsage')).rules.length;
    const whole = page.locator('.rule-card').first();
    expect(await whole.getByLabel('Name').inputValue()).toBe(WHOLE_YEAR);
    expect(await whole.getByRole('button', { name: `Delete ${WHOLE_YEAR}` }).isDisabled()).toBe(true);
    await whole.getByRole('link', { name: /^Used by \d+ schedules$/ }).waitFor();
    await expectNoAxeViolations(page, 'yearly rules');
    await screenshot(page, 'admin-yearly-rules');

    await whole.getByRole('button', { name: /^Start of period 1: 01-01/ }).click();
    const calendar = page.getByRole('dialog', { name: 'Choose start of period 1' });
    await calendar.waitFor();
    expect(await calendar.locator('.rdp-month').count()).toBe(3);
    expect(await calendar.getByRole('button', { name: 'Go to the Previous Month' }).isDisabled()).toBe(true);
    await screenshotViewport(page, 'admin-yearly-rules-calendar');
    await page.keyboard.press('Escape');
    await expect.poll(() => calendar.count()).toBe(0);

    // A new rule without a name: refused, nothing saved.
    await page.getByRole('button', { name: 'Add yearly rule' }).click();
    const added = page.locator('.rule-card').last();
    await added.getByRole('button', { name: 'Add pattern item' }).click();
    await page.getByRole('button', { name: 'Save all' }).first().click();
    await alertWithText(page, INPUT_FAILED);
    expect(await added.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');
    expect(await added.getByLabel('Weekday of pattern item 1').getAttribute('aria-invalid')).toBe('true');
    expect((await adminApi<{ rules: unknown[] }>(token, 'rules.allWithUsage')).rules).toHaveLength(
      rulesBefore,
    );
    // The other-rule choice is offered only to a rule without own periods.
    expect(await added.getByLabel('Use the periods of').count()).toBe(1);
    await added.getByRole('button', { name: 'Add period' }).click();
    expect(await added.getByLabel('Use the periods of').count()).toBe(0);

    await added.getByRole('button', { name: 'Delete the new rule' }).click();
    await page.getByRole('button', { name: 'Save all' }).first().click();
    await alertWithText(page, SAVED);
    expect((await adminApi<{ rules: unknown[] }>(token, 'rules.allWithUsage')).rules).toHaveLength(
      rulesBefore,
    );
  });

  it('lists the schedules of a rule and opens one in the schedule editor', async () => {
    await go('/admin-panel/yearly-rules/1');
    await heading(WHOLE_YEAR).waitFor();
    const item = page.locator('details.accordion__item', { hasText: LINE_NAME });
    await item.locator('summary').click();
    const link = item.getByRole('link', { name: new RegExp(`^Schedule ${scheduleId}:`) });
    expect(await link.getAttribute('href')).toBe(`/admin-panel/schedules/${lineId}/${scheduleId}`);
    await expectNoAxeViolations(page, 'yearly rule usage');
    await screenshot(page, 'admin-yearly-rule');
    await link.click();
    await page.waitForURL(new RegExp(`/admin-panel/schedules/${lineId}/${scheduleId}$`));
    const toggle = page.getByRole('button', { name: new RegExp(`^Schedule ${scheduleId}`) });
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
  });

  it('works at 390 px', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      for (const [path, name] of [
        ['/admin-panel', 'home'],
        ['/admin-panel/bus-stops', 'bus-stops'],
        ['/admin-panel/lines', 'lines'],
        [`/admin-panel/lines/${lineId}/edit`, 'line-editor'],
        [`/admin-panel/schedules/${lineId}/${scheduleId}`, 'schedule-editor'],
        ['/admin-panel/yearly-rules', 'yearly-rules'],
        ['/admin-panel/history', 'history'],
      ] as const) {
        await go(path);
        await expectNoHorizontalScroll(page, 390);
        // The stops list is very long: its first screen says enough.
        if (name === 'bus-stops' || name === 'history') await screenshotViewport(page, `admin-${name}-390`);
        else await screenshot(page, `admin-${name}-390`);
      }
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  it('deletes the line and the stops it used, then logs out', async () => {
    await go(`/admin-panel/lines/${lineId}`);
    await page.getByRole('button', { name: `Del ${LINE_NAME}` }).click();
    await page
      .getByText(new RegExp(`^Delete line ${LINE_NAME} and its (schedule|\\d+ schedules)\\?$`))
      .waitFor();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await page.waitForURL(/\/admin-panel\/lines$/);
    await settled(page);
    expect(await page.getByRole('link', { name: LINE_NAME, exact: true }).count()).toBe(0);

    await go('/admin-panel/bus-stops');
    for (const name of [STOP_NAME, INLINE_STOP]) {
      await page.getByLabel('Search stops').fill(name);
      await page.getByRole('button', { name: `Delete ${name}` }).click();
      await page.getByText(`Delete the stop ${name}?`).waitFor();
      await page.getByRole('button', { name: 'Yes, delete' }).click();
      await expect.poll(() => page.getByRole('row', { name: new RegExp(name) }).count()).toBe(0);
    }

    await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Log out' }).click();
    await page.waitForURL(url('/'));
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await page.goto(url('/admin-panel'));
    await page.waitForURL(/\/admin-access$/);
  });
});
