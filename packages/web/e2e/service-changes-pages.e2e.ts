import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from './admin-support.ts';
import {
  api,
  BASE_URL,
  browserPerFile,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  goto,
  nextServiceThursday,
  noticeDay,
  openPage,
  plusDays,
  screenshot,
  signIn,
  TODAY,
  tokenOf,
} from './support.ts';

/*
 * Issue 27 on the public pages, in Chromium on the real data: a line notice and a
 * cancelled trip made through the admin API show on the line page and the trip page on the
 * cancelled date (not the day after), the Service changes page lists them, the header links to
 * it while a notice holds today, and the Atom feed answers; in English and in Lithuanian, at
 * 390 and 1280 px.
 */

const { browser, track } = browserPerFile();

async function page(width = 1280, locale = 'en-GB'): Promise<Page> {
  return track(await openPage(browser(), width, 900, locale));
}

interface Departure {
  tripId: number;
  lineId: number;
  lineName: string;
  timeDepart: string;
}

let token = '';
let thursday = '';
let cancelled: Departure;
const made: { id: number; version: number }[] = [];
const NOTICE_LT = 'Maršrute vyksta kelio darbai';
const NOTICE_EN = 'Roadworks on the line';

async function save(input: Record<string, unknown>): Promise<{ id: number; version: number }> {
  const saved = await adminApi<{ id: number; version: number }>(
    token,
    'serviceChanges.save',
    { id: null, baseVersion: 0, ...input },
    'mutation',
  );
  made.push(saved);
  return saved;
}

beforeAll(async () => {
  // The demo administrator's token, signed in through the login form.
  const admin = await page();
  await signIn(admin);
  token = await tokenOf(admin);
  // A Thursday to come that is no public holiday; the notice holds from the run's today to it.
  thursday = await nextServiceThursday();
  const { items } = await api<{ items: Departure[] }>('departures', {
    from: 1,
    dir: 'Out bound',
    date: thursday,
  });
  cancelled = items[0] as Departure;
  await save({ kind: 'cancel', from: thursday, tripIds: [cancelled.tripId], reason: 'kelio darbai' });
  await save({
    kind: 'notice',
    from: TODAY,
    until: thursday,
    lineIds: [cancelled.lineId],
    titleLt: NOTICE_LT,
    textLt: 'Autobusai gali vėluoti iki 10 minučių.',
    titleEn: NOTICE_EN,
    textEn: 'Buses may be up to 10 minutes late.',
    cause: 'CONSTRUCTION',
    effect: 'SIGNIFICANT_DELAYS',
  });
});

afterAll(async () => {
  for (const change of made.reverse())
    await adminApi(
      token,
      'serviceChanges.delete',
      { id: change.id, baseVersion: change.version },
      'mutation',
    );
});

describe('service changes on the public pages', () => {
  it("shows the line's notice and the cancelled departure on the line page, on that date only", async () => {
    for (const width of [1280, 390]) {
      const p = await page(width);
      await goto(p, `/browse/${cancelled.lineId}?date=${thursday}`);
      const notice = p.locator('.notices .notice').filter({ hasText: NOTICE_EN });
      await notice.waitFor();
      expect(await notice.textContent()).toContain('Buses may be up to 10 minutes late.');
      const card = p.locator('.schedule-card').filter({ has: p.locator('del') });
      expect(await card.count()).toBeGreaterThanOrEqual(1);
      expect(await card.first().textContent()).toContain('Cancelled');
      expect(await card.first().locator('del').first().textContent()).toBe(cancelled.timeDepart);
      await expectNoAxeViolations(p, `line page with a cancelled trip at ${width}`);
      await expectNoHorizontalScroll(p, width);
      await screenshot(p, `changes-line-${width}`);
    }
    const friday = await page();
    await goto(friday, `/browse/${cancelled.lineId}?date=${plusDays(thursday, 1)}`);
    expect(await friday.locator('.schedule-card del').count()).toBe(0);
    expect(await friday.locator('.notices .notice').filter({ hasText: NOTICE_EN }).count()).toBe(0);
  });

  it('marks the trip cancelled on the trip page for that date, with its reason and the notices', async () => {
    const p = await page(390);
    await goto(p, `/trip/${cancelled.tripId}?date=${thursday}`);
    const banner = p.locator('.trip-day-change.is-cancelled');
    await banner.waitFor();
    // The date as the notices say it, with its year when that is not this one.
    expect(await banner.textContent()).toBe(
      `This trip is cancelled on ${noticeDay(thursday, 'en')}. Reason: kelio darbai`,
    );
    expect(await p.locator('.trip-times del').count()).toBeGreaterThan(0);
    expect(await p.locator('.trip-times .time-mark__label', { hasText: 'Cancelled' }).count()).toBe(1);
    expect(await p.locator('.notices .notice').filter({ hasText: NOTICE_EN }).count()).toBe(1);
    await expectNoAxeViolations(p, 'trip page, cancelled');
    await expectNoHorizontalScroll(p, 390);
    await screenshot(p, 'changes-trip-390');
    await goto(p, `/trip/${cancelled.tripId}?date=${plusDays(thursday, 7)}`);
    expect(await p.locator('.trip-day-change').count()).toBe(0);
    expect(await p.locator('.trip-times del').count()).toBe(0);
  });

  it('lists the notices on the Service changes page, linked from the header while one holds today', async () => {
    const p = await page(1280);
    await goto(p, '/');
    const link = p.getByRole('navigation').getByRole('link', { name: 'Service changes' });
    await link.waitFor();
    await link.click();
    await p.getByRole('heading', { level: 1, name: 'Service changes' }).waitFor();
    await p.locator('.changes-group .notice').first().waitFor();
    const current = p.getByRole('region', { name: 'In force now' });
    expect(await current.getByRole('heading', { level: 3, name: NOTICE_EN }).count()).toBe(1);
    const upcoming = p.getByRole('region', { name: 'Coming up' });
    const cancel = upcoming.locator('article').filter({ hasText: `Trip cancelled: ${cancelled.timeDepart}` });
    expect(await cancel.count()).toBe(1);
    expect(await cancel.getByRole('link', { name: cancelled.lineName }).getAttribute('href')).toBe(
      `/browse/${cancelled.lineId}?date=${thursday}`,
    );
    expect(await link.getAttribute('aria-current')).toBe('page');
    await expectNoAxeViolations(p, 'service changes page');
    await screenshot(p, 'changes-page-1280');
  });

  it('in Lithuanian: the header link, the page, the cancelled trip', async () => {
    for (const width of [390, 1280]) {
      const p = await page(width, 'lt-LT');
      await goto(p, '/changes');
      await p.getByRole('heading', { level: 1, name: 'Eismo pakeitimai' }).waitFor();
      await p.locator('.changes-group .notice').first().waitFor();
      expect(await p.getByRole('navigation').getByRole('link', { name: 'Eismo pakeitimai' }).count()).toBe(1);
      expect(await p.getByRole('heading', { level: 3, name: NOTICE_LT }).count()).toBe(1);
      expect(await p.getByRole('region', { name: 'Numatomi' }).textContent()).toContain('Atšauktas reisas');
      await expectNoAxeViolations(p, `service changes page in Lithuanian at ${width}`);
      await expectNoHorizontalScroll(p, width);
      await screenshot(p, `changes-page-lt-${width}`);
      await goto(p, `/trip/${cancelled.tripId}?date=${thursday}`);
      const banner = p.locator('.trip-day-change.is-cancelled');
      await banner.waitFor();
      expect(await banner.textContent()).toBe(
        `Šis reisas ${noticeDay(thursday, 'lt')} atšauktas. Priežastis: kelio darbai`,
      );
      expect(await p.locator('.trip-times .time-mark__label', { hasText: 'Atšauktas' }).count()).toBe(1);
      await screenshot(p, `changes-trip-lt-${width}`);
      await goto(p, `/browse/${cancelled.lineId}?date=${thursday}`);
      await p.locator('.notices .notice').filter({ hasText: NOTICE_LT }).waitFor();
      expect(
        await p.locator('.schedule-card').filter({ hasText: 'Atšauktas' }).count(),
      ).toBeGreaterThanOrEqual(1);
      await screenshot(p, `changes-line-lt-${width}`);
    }
  });

  it('prints the notices of the four weeks above the times (line print and stop poster)', async () => {
    const p = await page(1280, 'lt-LT');
    await goto(p, `/print/line/${cancelled.lineId}?date=${thursday}`);
    const notices = p.locator('.print-sheet > .notices .notice');
    await notices.first().waitFor();
    expect(await notices.allTextContents()).toEqual(
      expect.arrayContaining([
        expect.stringContaining(NOTICE_LT),
        expect.stringContaining('Atšauktas reisas'),
      ]),
    );
    await screenshot(p, 'changes-print-line-lt-1280');
    await goto(p, `/print/stop/1?dir=Out+bound&date=${thursday}`);
    await p.locator('.print-sheet > .notices .notice').first().waitFor();
    expect(await p.locator('.print-sheet > .notices').textContent()).toContain('Atšauktas reisas');
  });

  it('answers the Atom feed, which a browser parses as XML with the entries, in both languages', async () => {
    const p = await page();
    await goto(p, '/changes');
    const read = (path: string) =>
      p.evaluate(async (path) => {
        const response = await fetch(path);
        const doc = new DOMParser().parseFromString(await response.text(), 'application/xml');
        const ns = 'http://www.w3.org/2005/Atom';
        return {
          type: response.headers.get('content-type'),
          error: doc.getElementsByTagName('parsererror').length,
          root: `${doc.documentElement.namespaceURI} ${doc.documentElement.localName}`,
          self: doc.querySelector('feed > link[rel="self"]')?.getAttribute('href'),
          titles: [...doc.getElementsByTagNameNS(ns, 'entry')].map(
            (e) => e.getElementsByTagNameNS(ns, 'title')[0]?.textContent,
          ),
        };
      }, path);
    const lt = await read('/changes.atom');
    expect(lt).toMatchObject({ type: 'application/atom+xml; charset=utf-8', error: 0 });
    expect(lt.root).toBe('http://www.w3.org/2005/Atom feed');
    expect(lt.self).toBe(`${BASE_URL}/changes.atom`);
    expect(lt.titles).toEqual(
      expect.arrayContaining([NOTICE_LT, expect.stringMatching(/^Atšauktas reisas /)]),
    );
    const en = await read('/changes.atom?lang=en');
    expect(en.error).toBe(0);
    expect(en.titles).toEqual(
      expect.arrayContaining([NOTICE_EN, expect.stringMatching(/^Trip cancelled: /)]),
    );
  });
});
