import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ICAL from 'ical.js';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminApi } from './admin-support.ts';
import {
  api,
  browserPerFile,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  likeDate,
  noticeDay,
  openPage,
  plusDays,
  SCREENSHOT_DIR,
  screenshot,
  settled,
  signIn,
  TODAY,
  tokenOf,
  url,
} from './support.ts';

/*
 * The printed timetables and the calendar feeds in Chromium on the real data. The print pages
 * get a fixed date (2026-12-07, a Monday: the four weeks to 2027-01-03 hold Christmas and the
 * end of the school term, so footnotes appear), are rendered with print emulation and printed
 * to A4 with page.pdf; the trip page's .ics is downloaded and read back with ical.js. The
 * poster of a date only shows that date's four weeks, whatever today is, so it may be a fixed one;
 * a new timetable is made to come (NEW_MONDAY, a Monday that runs as DATE does, and its start a
 * week later), whatever the run's moment.
 */

const DATE = '2026-12-07';
const NEW_MONDAY = await likeDate(DATE);
const NEW_FROM = plusDays(NEW_MONDAY, 7);
const NEW_POSTER_PATH = `/print/stop/1?dir=Out+bound&date=${NEW_MONDAY}`;
const POSTER_PATH = `/print/stop/1?dir=Out+bound&date=${DATE}`;
const LINE_PATH = `/print/line/1?date=${DATE}`;
/** A4 at 96 px per inch, less the 10 mm margins of the print CSS: 190 x 277 mm. */
const A4_CONTENT = { width: 718, height: 1047 };

const { browser, track } = browserPerFile();

async function page(width = 1280, locale = 'en-GB', height = 900): Promise<Page> {
  const p = await openPage(browser(), width, height, locale);
  return track(p);
}

async function goto(p: Page, path: string): Promise<void> {
  await p.goto(url(path));
  await settled(p);
}

/** Pages of a PDF: its page objects (/Type /Page, not /Pages). */
function pdfPageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-z])/g) ?? []).length;
}

/** Prints the page to A4 as Chromium does, keeps the PDF beside the screenshots, counts its pages. */
async function printToA4(p: Page, name: string): Promise<number> {
  await p.emulateMedia({ media: 'print' });
  const pdf = await p.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  writeFileSync(join(SCREENSHOT_DIR, `${name}.pdf`), pdf);
  return pdfPageCount(pdf);
}

/** The A4 page as print emulation lays it out: the viewport set to A4's printable area. */
async function screenshotA4(p: Page, name: string): Promise<void> {
  await p.setViewportSize(A4_CONTENT);
  await p.emulateMedia({ media: 'print' });
  await screenshot(p, name);
}

const displayOf = (p: Page, selector: string) =>
  p.evaluate((s) => {
    const element = document.querySelector(s);
    return element ? getComputedStyle(element).display : 'absent';
  }, selector);

describe('the stop poster', () => {
  it('shows the home station going out by day type, footnoted, and prints on one A4 page (English)', async () => {
    const p = await page();
    await goto(p, POSTER_PATH);
    expect(await p.getByRole('heading', { level: 1 }).textContent()).toBe('Anykščių AS');
    const heads = await p.locator('.poster-grid thead th').allTextContents();
    expect(heads).toEqual(['Hour', 'Working days', 'Saturdays', 'Sundays and public holidays']);
    expect(await p.getByText('Valid from 2026-12-07 to 2027-01-03').count()).toBe(1);
    // Every minute names its line; the school-term and pattern trips carry footnotes worded from their rules.
    expect(await p.locator('.poster-min').count()).toBeGreaterThan(20);
    expect(await p.locator('.poster-min .poster-line').count()).toBe(await p.locator('.poster-min').count());
    const notes = await p.locator('.print-notes li').allTextContents();
    expect(notes.length).toBeGreaterThan(0);
    expect(notes.join('\n')).toMatch(/Only/);
    expect(await p.locator('.print-footer').textContent()).toBe(`Timetable online: ${url('')}`);
    await expectNoAxeViolations(p, 'stop poster');
    await screenshot(p, 'print-stop-poster-1280');

    // On paper: no navbar, no header, no print button.
    const pageCount = await printToA4(p, 'print-stop-poster-en');
    expect(await displayOf(p, '.navbar')).toBe('none');
    expect(await displayOf(p, '.print-toolbar')).toBe('none');
    await screenshotA4(p, 'print-stop-poster-a4-en');
    expect(pageCount).toBe(1);
  });

  it('is in Lithuanian for a Lithuanian browser, on one A4 page too', async () => {
    const p = await page(1280, 'lt-LT');
    await goto(p, POSTER_PATH);
    const heads = await p.locator('.poster-grid thead th').allTextContents();
    expect(heads).toEqual(['Val.', 'Darbo dienomis', 'Šeštadieniais', 'Sekmadieniais ir švenčių dienomis']);
    expect(await p.getByText('Galioja nuo 2026-12-07 iki 2027-01-03').count()).toBe(1);
    expect((await p.locator('.print-notes li').allTextContents()).join('\n')).toMatch(/Tik /);
    await expectNoAxeViolations(p, 'stop poster (lt)');
    const pageCount = await printToA4(p, 'print-stop-poster-lt');
    await screenshotA4(p, 'print-stop-poster-a4-lt');
    expect(pageCount).toBe(1);
  });

  it("prints the home station's city buses on one A4 page too", async () => {
    const p = await page();
    await goto(p, `/print/stop/1?dir=City+bound&date=${DATE}`);
    expect(await p.locator('.print-sub').textContent()).toBe('City bus');
    expect(await p.locator('.poster-min').count()).toBeGreaterThan(10);
    const pageCount = await printToA4(p, 'print-stop-poster-city-en');
    await screenshotA4(p, 'print-stop-poster-city-a4-en');
    expect(pageCount).toBe(1);
  });

  it('follows the home selection (destination) and fits a phone screen', async () => {
    const p = await page(390);
    await goto(p, `/print/stop/1?dir=Out+bound&to=71&date=${DATE}`);
    expect(await p.locator('.print-sub').textContent()).toBe('Going out · To Žažumbris');
    await expectNoHorizontalScroll(p, 390);
    await screenshot(p, 'print-stop-poster-390');
  });

  it('says so for a stop that does not exist', async () => {
    const p = await page();
    await p.goto(url('/print/stop/999999'));
    await p.waitForLoadState('networkidle');
    expect(await p.getByRole('heading', { level: 1 }).textContent()).toBe('Nopage here');
  });
});

describe("the line's printed timetable", () => {
  it('is reached by the Print link of the line page, lists each direction, and prints to A4', async () => {
    const p = await page();
    await goto(p, '/browse/1');
    await screenshot(p, 'line-page-print-link-1280');
    await p.getByRole('link', { name: 'Print timetable' }).click();
    await p.waitForURL(/\/print\/line\/1/);
    await settled(p);
    expect(await p.getByRole('heading', { level: 1 }).textContent()).toBe('Timetable of line M35');
    const sections = await p.locator('.line-print section h2').allTextContents();
    expect(sections.length).toBeGreaterThan(0);
    expect(await p.locator('.line-print-table tbody tr').count()).toBeGreaterThan(1);
    await expectNoAxeViolations(p, 'line print');
    await screenshot(p, 'print-line-1280');
    const pageCount = await printToA4(p, 'print-line-en');
    expect(pageCount).toBeGreaterThanOrEqual(1);
    await screenshotA4(p, 'print-line-a4-en');
  });

  it('in Lithuanian, on a phone screen', async () => {
    const p = await page(390, 'lt-LT');
    await goto(p, LINE_PATH);
    expect(await p.getByRole('heading', { level: 1 }).textContent()).toBe('Maršruto M35 tvarkaraštis');
    await expectNoHorizontalScroll(p, 390);
    await screenshot(p, 'print-line-lt-390');
    await screenshotA4(p, 'print-line-a4-lt');
  });
});

interface ParsedEvent {
  uid: string;
  start: string;
  tzid: unknown;
  summary: string;
  location: string;
}

function parseIcs(text: string): ParsedEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe('Europe/Vilnius');
  return calendar.getAllSubcomponents('vevent').map((v) => {
    const event = new ICAL.Event(v);
    return {
      uid: event.uid,
      start: event.startDate.toString(),
      tzid: v.getFirstProperty('dtstart')?.getParameter('tzid'),
      summary: event.summary,
      location: event.location,
    };
  });
}

describe('Add to calendar', () => {
  it("downloads the trip's .ics from the trip page: one event on each day the home lists the trip", async () => {
    const p = await page(390);
    await goto(p, '/trip/1');
    const subscribe = await p.getByRole('link', { name: /Subscribe to the calendar/ }).getAttribute('href');
    expect(subscribe).toBe(`${url('').replace(/^http:/, 'webcal:')}/calendar/trip/1.ics`);
    await screenshot(p, 'trip-calendar-390');
    const [download] = await Promise.all([
      p.waitForEvent('download'),
      p.getByRole('link', { name: 'Add to calendar' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('trip-1.ics');
    // The browser is shared (connected to), so the file is read through the download's stream.
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const events = parseIcs(Buffer.concat(chunks).toString('utf8'));
    expect(events.length).toBeGreaterThan(0);
    expect(new Set(events.map((e) => e.uid)).size).toBe(events.length);
    expect(events.every((e) => e.tzid === 'Europe/Vilnius' && e.location === 'Anykščių AS')).toBe(true);
    expect(events.every((e) => e.summary.startsWith('M35 → '))).toBe(true);
    // The same dates and times as the home's departures of those days: the 60 days from the
    // run's today (the feed's window; the trip need not run today).
    const want: string[] = [];
    for (let i = 0; i < 60; i++) {
      const date = plusDays(TODAY, i);
      const { items } = await api<{ items: { tripId: number; timeDepart: string }[] }>('departures', {
        from: 1,
        dir: 'Out bound',
        date,
      });
      const item = items.find((d) => d.tripId === 1);
      if (item) want.push(`${date}T${item.timeDepart}:00`);
    }
    expect(events.map((e) => e.start)).toEqual(want);
  });

  it('is in Lithuanian on the trip page of a Lithuanian browser', async () => {
    const p = await page(1280, 'lt-LT');
    await goto(p, '/trip/1');
    expect(await p.getByRole('link', { name: 'Įtraukti į kalendorių' }).getAttribute('href')).toBe(
      '/calendar/trip/1.ics',
    );
    await expectNoAxeViolations(p, 'trip page with calendar links (lt)');
    await screenshot(p, 'trip-calendar-lt-1280');
  });
});

describe('the stop poster across a new timetable (issue 28)', () => {
  it('says "New timetable from <date>" and shows each part, in both languages; undone after', async () => {
    const admin = await page();
    await signIn(admin);
    const token = await tokenOf(admin);
    const loaded = await adminApi<{ version: number }>(token, 'schedules.byLine', { lineId: 1 });
    const made = await adminApi<{ changeIds: number[] }>(
      token,
      'schedules.newTimetableFrom',
      { from: NEW_FROM, baseVersions: [{ lineId: 1, version: loaded.version }] },
      'mutation',
    );
    try {
      const p = await page();
      await goto(p, NEW_POSTER_PATH);
      await p.getByText(`New timetable from ${noticeDay(NEW_FROM, 'en', false)}`, { exact: true }).waitFor();
      expect(await p.locator('.poster-part > h2').allTextContents()).toEqual([
        `Valid from ${NEW_MONDAY} to ${plusDays(NEW_FROM, -1)}`,
        `Valid from ${NEW_FROM} to ${plusDays(NEW_MONDAY, 27)}`,
      ]);
      expect(await p.locator('.poster-part .poster-grid').count()).toBe(2);
      await expectNoAxeViolations(p, 'stop poster across a new timetable');
      await screenshot(p, 'print-stop-poster-new-timetable-1280');
      await printToA4(p, 'print-stop-poster-new-timetable-en');
      const lt = await page(1280, 'lt-LT');
      await goto(lt, NEW_POSTER_PATH);
      await lt
        .getByText(`Naujas tvarkaraštis nuo ${noticeDay(NEW_FROM, 'lt', false)}`, { exact: true })
        .waitFor();
      expect(await lt.locator('.poster-part').count()).toBe(2);
      await expectNoHorizontalScroll(lt, 1280);
      await screenshot(lt, 'print-stop-poster-new-timetable-lt-1280');
      // On a phone too, in both languages: the two parts fit the screen's width.
      for (const locale of ['en-GB', 'lt-LT']) {
        const phone = await page(390, locale);
        await goto(phone, NEW_POSTER_PATH);
        expect(await phone.locator('.poster-part').count()).toBe(2);
        await expectNoHorizontalScroll(phone, 390);
        await screenshot(phone, `print-stop-poster-new-timetable-${locale}-390`);
      }
    } finally {
      const history = await adminApi<{ items: { id: number; batchRestore?: { version: number } }[] }>(
        token,
        'history.list',
        { kind: 'schedule', lineId: 1 },
      );
      const newest = Math.max(...made.changeIds);
      const entry = history.items.find((i) => i.id === newest);
      await adminApi(
        token,
        'history.restoreBatch',
        { id: newest, baseVersion: entry?.batchRestore?.version },
        'mutation',
      );
    }
  });
});
