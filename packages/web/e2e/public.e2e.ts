import type { DepartureItem } from '@bus/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshotViewport } from './admin-support.ts';
import {
  api,
  browserPerFile,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  fixClock,
  goto,
  keepOffline,
  likeDate,
  openPage,
  pageErrors,
  pickDay,
  plusDays,
  queryOf,
  screenshot,
  settled,
  TODAY,
  url,
  watchPage,
} from './support.ts';

/*
 * The public pages on the real Anykščiai data, in Chromium, at the run's moment (support.ts
 * TODAY). The dates run as the ones the tests were written for do, and are to come: MONDAY as
 * 2026-11-23 (a Monday of the school year, winter city-bus timetable), SUNDAY as 2026-11-29,
 * the first such Sunday after MONDAY.
 */
const MONDAY = await likeDate('2026-11-23');
const SUNDAY = await likeDate('2026-11-29', MONDAY);
const HOME = 1;

const { browser, track } = browserPerFile();

async function page(width = 1280): Promise<Page> {
  return track(await openPage(browser(), width));
}

/** The chips' texts ('HH:MM name'), in page order. */
function chipTexts(p: Page): Promise<string[]> {
  return p
    .locator('.chip')
    .evaluateAll((chips) =>
      chips.map(
        (c) => (c.querySelector('.chip__time')?.textContent ?? '') + (c.lastChild?.textContent ?? ''),
      ),
    );
}

const departureInput = (p: Page) => p.getByRole('combobox', { name: 'From' });
const destinationInput = (p: Page) => p.getByRole('combobox', { name: 'To' });

describe('content security policy', () => {
  it('is sent with the page and blocks an injected inline script (and such a violation is caught)', async () => {
    const p = await page();
    const response = await p.goto(url('/'));
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    await settled(p);
    await p.addScriptTag({ content: 'window.injected = 1;' }).catch(() => undefined);
    expect(await p.evaluate(() => (window as { injected?: number }).injected)).toBeUndefined();
    // The violation was reported like any other; it was made on purpose, so it is taken out.
    await expect
      .poll(() => pageErrors.filter((e) => /Content Security Policy/.test(e)).length)
      .toBeGreaterThan(0);
    pageErrors.splice(0);
  });
});

describe('timetable home', () => {
  it('shows the home station going out today by default, with an hour grid and coloured chips', async () => {
    const p = await page();
    await goto(p, '/');
    await expect.poll(() => departureInput(p).inputValue()).toBe('Anykščių AS');
    await expect.poll(() => p.getByRole('radio', { name: 'Going out' }).isChecked()).toBe(true);
    const hours = await p.locator('.hour-grid__hour').allTextContents();
    expect((hours[0] ?? '') <= '06').toBe(true);
    expect(hours.at(-1)).toBe('23');
  });

  it('widens the grid for a 05:30 departure and links chips to the line with the query string', async () => {
    const p = await page();
    const search = `from=1&to=&dir=Out+bound&date=${MONDAY}`;
    await goto(p, `/?${search}`);
    const hours = await p.locator('.hour-grid__hour').allTextContents();
    expect(hours[0]).toBe('05');
    const first = p.locator('.chip').first();
    expect(await first.textContent()).toContain('05:30');
    expect(await first.getAttribute('href')).toMatch(
      new RegExp(`^/browse/\\d+/\\d+/\\d+\\?${search.replaceAll('+', '\\+')}$`),
    );
    expect(await first.getAttribute('class')).toMatch(/chip--(city|regional|national)/);
    // The chip names its line where everyone sees it (no hover needed), and its tooltip too.
    const line = first.locator('small');
    expect(await line.isVisible()).toBe(true);
    expect(await first.getAttribute('title')).toBe(await line.textContent());
  });

  it('shows the line name on a touch screen without hover or press, and a tap opens the line', async () => {
    const context = await browser().newContext({
      viewport: { width: 390, height: 800 },
      hasTouch: true,
      isMobile: true,
    });
    await keepOffline(context);
    await fixClock(context);
    const p = track(watchPage(await context.newPage()));
    await goto(p, `/?from=1&to=&dir=Out+bound&date=${MONDAY}`);
    const chip = p.locator('.chip').first();
    const names = await p
      .locator('.chip small')
      .evaluateAll((all) => all.map((n) => (n.getBoundingClientRect().width > 0 ? n.textContent : '')));
    expect(names.length).toBe(await p.locator('.chip').count());
    expect(names.every((name) => name && name.length > 0)).toBe(true);
    await chip.tap();
    await p.waitForURL(/\/browse\/\d+\/\d+\/\d+\?/);
  });

  it("picks a departure stop by typing 'anyksc' into the selector", async () => {
    const p = await page(390);
    await goto(p, `/?from=27&dir=Out+bound&date=${MONDAY}`);
    const input = departureInput(p);
    await expect.poll(() => input.inputValue()).toBe('Kavarskas');
    const kavarskas = await chipTexts(p);
    // The destination only works from the home station.
    expect(await destinationInput(p).isDisabled()).toBe(true);

    await input.click();
    await input.fill('anyksc');
    const option = p.getByRole('option', { name: 'Anykščių AS' });
    await option.waitFor();
    expect(await input.getAttribute('aria-expanded')).toBe('true');
    await option.click();

    await expect.poll(() => queryOf(p).from).toBe(String(HOME));
    expect(queryOf(p)).toEqual({ from: '1', to: '', dir: 'Out bound', date: MONDAY });
    await settled(p);
    expect(await input.inputValue()).toBe('Anykščių AS');
    expect(await destinationInput(p).isDisabled()).toBe(false);
    expect(await chipTexts(p)).not.toEqual(kavarskas);
    await expectNoAxeViolations(p, 'home after picking a stop');
  });

  it('changes the date with the picker and the direction with the radios: URL and chips follow', async () => {
    const p = await page();
    await goto(p, `/?from=1&to=&dir=Out+bound&date=${MONDAY}`);
    const monday = await chipTexts(p);

    await p.getByRole('button', { name: /choose a date/ }).click();
    const dialog = p.getByRole('dialog', { name: 'Choose a date' });
    await dialog.waitFor();
    await expectNoAxeViolations(p, 'home with the date picker open');
    await pickDay(dialog, SUNDAY);
    await expect.poll(() => queryOf(p).date).toBe(SUNDAY);
    await settled(p);
    expect(await dialog.isVisible()).toBe(false);
    const sunday = await chipTexts(p);
    expect(sunday).not.toEqual(monday);
    expect(await p.getByRole('button', { name: /choose a date/ }).textContent()).toContain(SUNDAY);

    await p.getByRole('button', { name: 'Today' }).click();
    await expect.poll(() => queryOf(p).date).toBe(TODAY);
    await p.goBack();
    await expect.poll(() => queryOf(p).date).toBe(SUNDAY);

    // Back to Monday through the URL, then the city buses.
    await goto(p, `/?from=1&to=&dir=Out+bound&date=${MONDAY}`);
    await p.getByRole('radio', { name: 'City bus' }).check();
    await expect.poll(() => queryOf(p).dir).toBe('City bound');
    await settled(p);
    const city = await chipTexts(p);
    expect(city.length).toBeGreaterThan(0);
    expect(city).not.toEqual(monday);
    expect(await p.locator('.chip--city').count()).toBe(city.length);
  });

  it('chooses a destination (going out) and clears it when City bound is chosen', async () => {
    const p = await page();
    await goto(p, `/?from=1&to=&dir=City+bound&date=${MONDAY}`);
    const to = destinationInput(p);
    await to.click();
    await to.fill('kavar');
    await p.getByRole('option', { name: 'Kavarskas' }).click();
    await expect.poll(() => queryOf(p)).toEqual({ from: '1', to: '27', dir: 'Out bound', date: MONDAY });
    await settled(p);
    const names = await p.locator('.chip').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    await p.getByRole('radio', { name: 'City bus' }).check();
    await expect.poll(() => queryOf(p)).toEqual({ from: '1', to: '', dir: 'City bound', date: MONDAY });
    expect(await to.inputValue()).toBe('');
    // The destination list never offers the home station.
    await to.click();
    await to.fill('anyksc');
    await p.getByRole('option').first().waitFor();
    expect(await p.getByRole('option', { name: 'Anykščių AS', exact: true }).count()).toBe(0);
  });

  it('says so on an empty day and links to /browse filtered by the destination', async () => {
    // From the home station to a destination: find a stop with no departures on the Sunday.
    const stops = await api<{ id: number; name: string }[]>('searchStops', { query: 'a' });
    let empty: number | undefined;
    for (const stop of stops.filter((s) => s.id !== HOME)) {
      const result = await api<{ items: DepartureItem[] }>('departures', {
        from: HOME,
        to: stop.id,
        date: SUNDAY,
      });
      if (result.items.length === 0) {
        empty = stop.id;
        break;
      }
    }
    expect(empty, 'a destination without Sunday departures').toBeDefined();
    const p = await page(390);
    await goto(p, `/?from=1&to=${empty}&dir=Out+bound&date=${SUNDAY}`);
    const link = p.getByRole('link', { name: 'Nothing found for this day. Switch to browse page' });
    await link.waitFor();
    expect(await p.locator('.chip').count()).toBe(0);
    await expectNoAxeViolations(p, 'home, empty day');
    await screenshot(p, 'home-empty-day-390');
    await link.click();
    await p.waitForURL(/\/browse\?/);
    expect(new URL(p.url()).pathname).toBe('/browse');
    expect(queryOf(p)).toEqual({ from: String(empty), to: String(empty), dir: 'Out bound', date: SUNDAY });

    // City bound on a Sunday: no city bus runs; the link keeps the query as it is.
    await goto(p, `/?from=1&to=&dir=City+bound&date=${SUNDAY}`);
    await p.getByRole('link', { name: /Nothing found for this day/ }).click();
    await p.waitForURL(/\/browse\?/);
    expect(queryOf(p)).toEqual({ from: '1', to: '', dir: 'City bound', date: SUNDAY });
  });

  it('falls back to the home station for a from that is no id; a missing trip is not found', async () => {
    const p = await page();
    await goto(p, '/?from=99999999999999999999');
    // A from that is not an id falls back to the home station rather than failing.
    await expect.poll(() => p.locator('.chip').count()).toBeGreaterThan(0);
    await goto(p, '/trip/99999');
    await p.getByRole('heading', { level: 1, name: 'Nopage here' }).waitFor();
  });

  it('works with the keyboard only', async () => {
    const p = await page();
    await goto(p, `/?from=1&to=&dir=Out+bound&date=${MONDAY}`);
    const focused = () =>
      p.evaluate(
        () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '',
      );

    await p.keyboard.press('Tab');
    expect(await focused()).toBe('Skip to content');
    // Navbar: Timetable, Browse by line, Map (issue 29), Plan a journey (issue 30), Admin board,
    // the language switch (LT, EN); then the departure selector.
    for (let i = 0; i < 6; i++) await p.keyboard.press('Tab');
    expect(await focused()).toBe('LT');
    await p.keyboard.press('Tab');
    expect(await focused()).toBe('EN');
    await p.keyboard.press('Tab');
    expect(await p.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');

    await p.keyboard.type('kavar');
    await p.getByRole('option', { name: 'Kavarskas' }).waitFor();
    await p.keyboard.press('ArrowDown');
    await p.keyboard.press('ArrowUp');
    await p.keyboard.press('Enter');
    await expect.poll(() => queryOf(p).from).toBe('27');
    await settled(p);

    // Escape restores the chosen stop.
    await p.keyboard.type('xyz');
    await p.keyboard.press('Escape');
    expect(await departureInput(p).inputValue()).toBe('Kavarskas');

    // Clear button, then the (disabled) destination is skipped: the switch to the map (issue
    // 29), the journey planner's link (issue 30), Today, the date button.
    await p.keyboard.press('Tab');
    expect(await focused()).toBe('Clear From');
    await p.keyboard.press('Tab');
    expect(await focused()).toBe('Choose on the map');
    await p.keyboard.press('Tab');
    expect(await focused()).toBe('Plan a journey with changes');
    await p.keyboard.press('Tab');
    expect(await focused()).toBe('Today');
    await p.keyboard.press('Tab');
    expect(await focused()).toMatch(/choose a date/);
    await p.keyboard.press('Enter');
    await p.getByRole('dialog').waitFor();
    await expect
      .poll(() => p.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null))
      .toBe(true);
    await p.keyboard.press('ArrowRight');
    await p.keyboard.press('Enter');
    const tuesday = plusDays(MONDAY, 1);
    await expect.poll(() => queryOf(p).date).toBe(tuesday);
    await expect.poll(focused).toMatch(new RegExp(`${tuesday}, choose a date`));

    // The direction radios: Tab in, arrow to the other one.
    await p.keyboard.press('Tab');
    await p.keyboard.press('ArrowRight');
    await expect.poll(() => queryOf(p).dir).toBe('City bound');
    expect(await p.getByRole('radio', { name: 'Toward Anyksciai' }).isChecked()).toBe(true);
    await settled(p);

    // On to the first departure, which opens its line.
    await p.keyboard.press('Tab');
    expect(await p.evaluate(() => document.activeElement?.classList.contains('chip'))).toBe(true);
    await p.keyboard.press('Enter');
    await p.waitForURL(/\/browse\/\d+\/\d+\/\d+\?/);
  });
});

describe('errors in words', () => {
  it('offline, a changed direction says so with a Try again button, keeps the last departures, and retries', async () => {
    const p = await page(390);
    await goto(p, `/?from=1&to=&dir=Out+bound&date=${MONDAY}`);
    const before = await p.locator('.chip').count();
    expect(before).toBeGreaterThan(0);
    await p.context().setOffline(true);
    await p.getByRole('radio', { name: 'City bus' }).check();
    const alert = p.getByRole('alert').filter({ hasText: 'The timetable cannot be reached' });
    await alert.waitFor();
    expect(await alert.textContent()).not.toContain('Failed to fetch');
    // What was shown stays.
    expect(await p.locator('.chip').count()).toBe(before);
    await screenshot(p, 'home-offline-390');
    await p.context().setOffline(false);
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => p.getByRole('alert').count()).toBe(0);
    await settled(p);
    expect(await p.locator('.chip').count()).toBeGreaterThan(0);
  });

  it('offline, a changed date says so with a Try again button, keeps the last departures, and retrying shows the new date', async () => {
    // What a fresh page shows for the Sunday: the departures the retry must bring.
    const reference = await page(390);
    await goto(reference, `/?from=1&to=&dir=Out+bound&date=${SUNDAY}`);
    const sunday = await chipTexts(reference);
    expect(sunday.length).toBeGreaterThan(0);

    const p = await page(390);
    await goto(p, `/?from=1&to=&dir=Out+bound&date=${MONDAY}`);
    const monday = await chipTexts(p);
    expect(monday.length).toBeGreaterThan(0);
    expect(monday).not.toEqual(sunday);
    // The calendar is its own chunk: it is opened while online, then the connection drops.
    await p.getByRole('button', { name: /choose a date/ }).click();
    const dialog = p.getByRole('dialog', { name: 'Choose a date' });
    await dialog.waitFor();
    await p.context().setOffline(true);
    await pickDay(dialog, SUNDAY);
    await expect.poll(() => queryOf(p).date).toBe(SUNDAY);
    const alert = p.getByRole('alert').filter({ hasText: 'The timetable cannot be reached' });
    await alert.waitFor();
    expect(await alert.textContent()).toBe(
      'The timetable cannot be reached. Check your internet connection and try again.Try again',
    );
    expect(await p.locator('main').textContent()).not.toMatch(/Failed to fetch|TypeError|NetworkError/);
    // The Monday departures stay on the page under the message.
    expect(await chipTexts(p)).toEqual(monday);
    await screenshot(p, 'home-offline-date-390');

    await p.context().setOffline(false);
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => p.getByRole('alert').count()).toBe(0);
    await settled(p);
    expect(queryOf(p).date).toBe(SUNDAY);
    expect(await chipTexts(p)).toEqual(sunday);
  });

  it('a 5xx answer gets a short apology and a Try again button, never the raw exception', async () => {
    const raw =
      'SqliteError: database disk image is malformed at Statement.all (repositories/departures.ts:42)';
    const p = await page(390);
    await p.route('**/trpc/timetable.departures**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { message: raw, code: -32603, data: { stack: raw } } }),
      }),
    );
    await goto(p, `/?from=1&to=&dir=Out+bound&date=${MONDAY}`);
    const alert = p.getByRole('alert').filter({
      hasText: 'Sorry, something went wrong on our side. Please try again in a moment.',
    });
    await alert.waitFor();
    expect(await alert.getByRole('button', { name: 'Try again' }).isVisible()).toBe(true);
    const text = (await p.locator('body').textContent()) ?? '';
    expect(text).not.toMatch(/SqliteError|malformed|Statement\.all|Internal Server Error/);
    expect(await p.locator('.chip').count()).toBe(0);
    await expectNoAxeViolations(p, 'home after a server error');

    // The server recovers: Try again shows the departures.
    await p.unroute('**/trpc/timetable.departures**');
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => p.getByRole('alert').count()).toBe(0);
    await settled(p);
    expect(await p.locator('.chip').count()).toBeGreaterThan(0);
  });

  it.each(['/trip/abc', '/trip/999999', '/browse/abc'])(
    '%s shows the not-found screen, no raw text',
    async (path) => {
      const p = await page();
      await goto(p, path);
      await p.getByRole('heading', { level: 1, name: 'Nopage here' }).waitFor();
      expect(await p.locator('body').textContent()).not.toMatch(/must be a positive|does not exist/);
    },
  );
});

describe('line timetable', () => {
  it('opens from a chip with the trip selected', async () => {
    const p = await page();
    await goto(p, `/?from=1&to=&dir=Out+bound&date=${MONDAY}`);
    const chip = p.locator('.chip').nth(2);
    const href = (await chip.getAttribute('href')) ?? '';
    const lineName = await chip.locator('small').textContent();
    await chip.click();
    await p.waitForURL(/\/browse\/\d+\/\d+\/\d+/);
    await settled(p);
    expect(new URL(p.url()).pathname + new URL(p.url()).search).toBe(href);
    expect(await p.getByRole('heading', { level: 1 }).textContent()).toBe(lineName);
    const [, , , schedId, tripId] = new URL(p.url()).pathname.split('/');
    const current = p.locator('.schedule-card[aria-current="true"]');
    expect(await current.getAttribute('href')).toBe(
      `/browse/${href.split('/')[2]}/${schedId}/${tripId}?${href.split('?')[1]}`,
    );
    // The home station is highlighted in the stop list.
    expect(await p.locator('.stop-times tr.is-selected th').textContent()).toBe('Anykščių AS');
    await expectNoAxeViolations(p, 'line page from a chip');
  });

  it('starts flipped for a City bound trip, swaps direction and moves the selection', async () => {
    const p = await page();
    // M35 (line 1), schedule 1: trip 1 goes out, trip 2 comes back.
    await goto(p, `/browse/1/1/2?from=3&date=${MONDAY}`);
    expect(await p.locator('.swap-icon').getAttribute('class')).toContain('is-flipped');
    expect(await p.locator('.stop-times tbody th').first().textContent()).toBe('Dabužiai');
    const swap = p.getByRole('button', { name: 'Swap direction' });
    expect(await swap.isEnabled()).toBe(true);
    await swap.click();
    await p.waitForURL(/\/browse\/1\/1\/1\?/);
    expect(queryOf(p).dir).toBe('Out bound');
    expect(await p.locator('.swap-icon').getAttribute('class')).not.toContain('is-flipped');
    expect(await p.locator('.stop-times tbody th').first().textContent()).toBe('Anykščių AS');
    expect(await p.locator('.stop-times tr.is-selected th').textContent()).toBe('Šeimyniškiai');

    // Schedules are listed by first departure; choosing one selects it.
    const times = await p.locator('.schedule-card__time').allTextContents();
    expect([...times].sort()).toEqual(times);
    await p.locator('.schedule-card').nth(1).click();
    await expect.poll(() => p.locator('.schedule-card').nth(1).getAttribute('aria-current')).toBe('true');
    expect(await p.locator('.info-table').textContent()).toContain('Runs on public holidays');
  });

  it('disables the swap for a one-way schedule and offers the seasonal rule filter', async () => {
    const p = await page(390);
    // M38 (line 13): the city bus, one-way loops, summer and winter rules.
    await goto(p, `/browse/13?date=${MONDAY}`);
    expect(await p.getByRole('button', { name: 'Swap direction' }).isDisabled()).toBe(true);
    // City Bus lines show no start/end heading.
    expect(await p.locator('.line-ends').count()).toBe(0);
    const filter = p.getByRole('group', { name: 'Yearly rule filter' });
    const boxes = filter.getByRole('checkbox');
    expect(await boxes.count()).toBe(2);
    const checked = await boxes.evaluateAll((b) => b.map((x) => (x as HTMLInputElement).checked));
    expect(checked.filter(Boolean)).toHaveLength(1);
    const listed = await p.locator('.schedule-card').count();
    await boxes.nth(checked.indexOf(false)).check();
    await expect.poll(() => p.locator('.schedule-card').count()).toBeGreaterThan(listed);
    await expectNoAxeViolations(p, 'line page with the rule filter');
    await expectNoHorizontalScroll(p, 390);
  });

  it('says when a line has no schedules', async () => {
    const p = await page();
    await goto(p, '/browse/999999');
    expect(await p.getByRole('alert').textContent()).toBe(
      'This line has no schedules, inform administration',
    );
  });
});

describe('browse', () => {
  it('lists lines, toggles their stops and opens a line keeping the query', async () => {
    const p = await page();
    await goto(p, `/browse?from=27&to=&dir=Out+bound&date=${MONDAY}`);
    expect(await departureInput(p).inputValue()).toBe('Kavarskas');
    const headers = await p.locator('.lines-table thead th').allTextContents();
    expect(headers).toEqual(['Line', 'Goes to / comes from', 'Show stops']);
    const filtered = await p.locator('.lines-table__row').count();
    expect(filtered).toBeGreaterThan(0);

    // Every listed line stops at Kavarskas on its main route: show one line's stops.
    const toggle = p.locator('.lines-table__row').first().getByRole('button');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const stops = p.locator(`[id="${await toggle.getAttribute('aria-controls')}"]`);
    expect(await stops.locator('.is-selected').textContent()).toBe('Kavarskas');
    await expectNoAxeViolations(p, 'browse with stops shown');

    // Without from, every line is listed.
    await goto(p, `/browse?date=${MONDAY}`);
    expect(await p.locator('.lines-table__row').count()).toBeGreaterThan(filtered);
    const extra = p.locator('.lines-table__row', { hasText: 'Raguva' }).first().getByRole('button');
    await extra.click();
    expect(await p.locator('.extra-stops').first().textContent()).toMatch(/^Extra/);

    const link = p.getByRole('link', { name: 'M35', exact: true });
    await link.click();
    await p.waitForURL(/\/browse\/1\?/);
    expect(queryOf(p)).toEqual({ date: MONDAY });
    await settled(p);
    expect(await p.getByRole('heading', { level: 1 }).textContent()).toBe('M35');
  });

  it('opens a line from a row click too', async () => {
    const p = await page();
    await goto(p, '/browse');
    expect(await p.title()).toBe('Lines – Anyksciai bus timetable');
    await p.locator('.lines-table__row', { hasText: 'Utena' }).locator('td').first().click();
    await p.waitForURL(/\/browse\/\d+$/);
    await settled(p);
    expect(await p.getByRole('heading', { level: 1 }).textContent()).toBe('Utena');
    // Moved within the app (no page load): the app keeps the title in step, naming the line.
    await expect.poll(() => p.title()).toMatch(/^Utena .+ – .+ – Anyksciai bus timetable$/);
    await p.goBack();
    await expect.poll(() => p.title()).toBe('Lines – Anyksciai bus timetable');
  });
});

describe('trip page', () => {
  it('shows the line facts and a combined table that flips', async () => {
    const p = await page();
    // M35's first schedule: trip 1 out, trip 2 back, same route.
    await goto(p, '/trip/1?from=3');
    expect(await p.getByRole('heading', { level: 1 }).textContent()).toBe('M35');
    expect(await p.locator('.info-table').textContent()).toContain('Transporto Centras');
    expect(await p.locator('.weekdays .sr-only').textContent()).toBe(
      'Runs on Monday, Tuesday, Wednesday, Thursday, Friday, Sunday',
    );
    // The whole-year rule's name is not shown.
    expect(await p.locator('.only-at').count()).toBe(0);
    const firstStop = () => p.locator('.stop-times tbody th').first().textContent();
    expect(await p.locator('.stop-times thead th').count()).toBe(3);
    expect(await firstStop()).toBe('Anykščių AS');
    expect(await p.locator('.stop-times tr.is-selected th').textContent()).toBe('Šeimyniškiai');
    await expectNoAxeViolations(p, 'trip page');

    await p.getByRole('button', { name: 'Flip direction' }).click();
    expect(await firstStop()).toBe('Dabužiai');
    // A click on the table flips it back.
    await p.locator('.trip-table td').first().click();
    expect(await firstStop()).toBe('Anykščių AS');
  });

  it('shows a one-way schedule (a single trip) and its season', async () => {
    const p = await page(390);
    await goto(p, '/trip/69');
    expect(await p.getByRole('heading', { level: 1 }).textContent()).toBe('M38');
    expect(await p.locator('.stop-times thead th').count()).toBe(2);
    expect(await p.getByRole('button', { name: 'Flip direction' }).count()).toBe(0);
    expect(await p.locator('.only-at').textContent()).toMatch(/^Only at Vasarą/);
    await expectNoAxeViolations(p, 'one-way trip page');
  });

  it.each([
    // M17: 15 stops out, 13 back on another route; trip 121: 34 stops back, 18 out.
    [17, 18],
    [121, 120],
  ])('/trip/%i at 390 px shows every time of both trips with no click', async (tripId, otherId) => {
    const trips = (
      await api<{ schedule: { trips: { id: number; timeList: (string | null)[] }[] } }>('tripSchedule', {
        id: tripId,
      })
    ).schedule.trips;
    const expected = trips
      .flatMap((t) => t.timeList)
      .filter((t): t is string => t !== null)
      .map((t) => t.slice(0, 5))
      .sort();
    const p = await page(390);
    await goto(p, `/trip/${tripId}`);
    const tables = p.locator('.trip-directions table');
    expect(await tables.count()).toBe(2);
    const shown = (await p.locator('.trip-directions td.num').allTextContents())
      .filter((t) => t !== '')
      .sort();
    expect(shown).toEqual(expected);
    // The trip of the address comes first; the other follows in full.
    const firstCount = await tables.first().locator('tbody tr').count();
    expect(firstCount).toBe(trips.find((t) => t.id === tripId)?.timeList.length);
    expect(await tables.nth(1).locator('tbody tr').count()).toBe(
      trips.find((t) => t.id === otherId)?.timeList.length,
    );
    expect(await p.getByRole('button', { name: 'Flip direction' }).count()).toBe(0);
    // The title names the trip, as the server wrote it into the HTML.
    expect(await p.title()).toMatch(/^.+ from .+ at \d\d:\d\d – Anyksciai bus timetable$/);
    await expectNoHorizontalScroll(p, 390);
    await expectNoAxeViolations(p, `trip ${tripId}`);
    await screenshot(p, `trip-${tripId}-390`);
  });

  it('highlights the stop from the address in both directions and scrolls it into view', async () => {
    const p = await page(390);
    // Troškūnai on trip 121: the home page offers its 07:50 departure as a chip.
    const stops = await api<{ id: number; name: string }[]>('searchStops', { query: 'Troškūnai' });
    const troskunai = stops.find((s) => s.name.startsWith('Troškūn'));
    await goto(p, `/trip/121?from=${troskunai?.id}`);
    // Trip 121 passes Troškūnai twice, trip 120 once: every visit is marked, in both tables.
    const selected = p.locator('.trip-directions tr.is-selected');
    expect(await selected.count()).toBe(3);
    expect(await p.locator('.trip-directions table').nth(1).locator('tr.is-selected').count()).toBe(1);
    expect(await selected.locator('td').allTextContents()).toContain('07:50');
    const box = await selected.first().boundingBox();
    const viewport = p.viewportSize();
    expect(box && viewport && box.y >= 0 && box.y + box.height <= viewport.height).toBe(true);
    await screenshotViewport(p, 'trip-121-from-390');
  });
});

describe('every public page', () => {
  const paths = {
    home: `/?from=1&to=&dir=Out+bound&date=${MONDAY}`,
    // A day past (five weeks before MONDAY, a Monday too, inside the dates the pages answer
    // for): every chip is faded (tooLate) and must still pass the contrast checks.
    'home-past': `/?from=1&to=&dir=Out+bound&date=${plusDays(MONDAY, -35)}`,
    browse: `/browse?date=${MONDAY}`,
    line: `/browse/1/1/1?from=3&date=${MONDAY}`,
    trip: '/trip/1?from=3',
    'not-found': '/nope/not/here',
  };

  it('shows Nopage here for an unknown route', async () => {
    const p = await page();
    await goto(p, paths['not-found']);
    expect(await p.getByRole('heading', { level: 1 }).textContent()).toBe('Nopage here');
  });

  for (const [name, path] of Object.entries(paths)) {
    it(`${name}: no axe violations, no horizontal scroll at 360 px, screenshots`, async () => {
      const p = await page(360);
      await goto(p, path);
      await expectNoAxeViolations(p, `${name} at 360 px`);
      await expectNoHorizontalScroll(p, 360);
      if (name === 'home-past') expect(await p.locator('.chip--too-late').count()).toBeGreaterThan(0);
      if (name === 'not-found') return;
      for (const width of [390, 1280]) {
        const q = await page(width);
        await goto(q, path);
        await expectNoHorizontalScroll(q, width);
        await screenshot(q, `${name}-${width}`);
      }
    });
  }

  it('keeps the combobox accessible while its list is open', async () => {
    const p = await page(360);
    await goto(p, `/?date=${MONDAY}`);
    await departureInput(p).click();
    await p.getByRole('option').first().waitFor();
    const listId = await departureInput(p).getAttribute('aria-controls');
    expect(await p.locator(`[id="${listId}"]`).getAttribute('role')).toBe('listbox');
    await p.keyboard.press('ArrowDown');
    expect(await departureInput(p).getAttribute('aria-activedescendant')).toBeTruthy();
    await expectNoAxeViolations(p, 'home with the stop list open');
    await expectNoHorizontalScroll(p, 360);
    await screenshot(p, 'home-stop-list-360');
  });
});
