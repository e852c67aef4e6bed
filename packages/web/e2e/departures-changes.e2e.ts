import { type DepartureItem, vilniusInstant } from '@bus/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from './admin-support.ts';
import {
  api,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  goto,
  nextServiceThursday,
  pagePerFile,
  plusDays,
  screenshot,
} from './support.ts';

/*
 * Issue 27: service changes on the home, in Chromium on the real data. Staff cancel the
 * 10:20 to Panevėžys (trip 43, a weekday trip) for a Thursday to come and move the 09:15 to
 * Svėdasai (trip 100) 15 minutes later that day, through the admin API; the home shows the
 * cancelled one struck through in its place with "Cancelled" / "Atšauktas" (its reason behind
 * the mark), the moved one at 09:30 with 09:15 struck through, and the notices above the times;
 * Friday is as ever. Both languages, 390 and 1280 px.
 */
// A working Thursday to come on which both trips run, and its Friday (nextServiceThursday).
let THURSDAY = '';
let FRIDAY = '';
const home = (date: string) => `/?from=1&to=&dir=Out+bound&date=${date}`;
const REASON = 'kelio darbai Vilniaus gatvėje';

const session = pagePerFile({ signedIn: true });
const made: { id: number; version: number }[] = [];

interface Departures {
  items: DepartureItem[];
  notices?: { id: number; titleLt: string; titleEn: string | null }[];
}

beforeAll(async () => {
  THURSDAY = await nextServiceThursday([43, 100], true);
  FRIDAY = plusDays(THURSDAY, 1);
  for (const change of [
    { kind: 'cancel', from: THURSDAY, tripIds: [43], reason: REASON },
    { kind: 'retime', from: THURSDAY, tripIds: [100], shiftMinutes: 15 },
  ])
    made.push(
      await adminApi<{ id: number; version: number }>(
        session.token,
        'serviceChanges.save',
        { id: null, baseVersion: 0, ...change },
        'mutation',
      ),
    );
});

afterAll(async () => {
  for (const change of made)
    await adminApi(
      session.token,
      'serviceChanges.delete',
      { id: change.id, baseVersion: change.version },
      'mutation',
    );
});

/** The chip of a departure: its list item in the grid, found by its time and destination. */
const chipOf = (p: Page, time: string, name: string) =>
  p
    .locator('.hour-grid li')
    .filter({ has: p.locator('.chip__time', { hasText: time }) })
    .filter({ hasText: name });

async function open(width: number, locale: string, date: string): Promise<Page> {
  const p = await session.open({ width, height: 900, locale });
  await goto(p, home(date));
  return p;
}

describe('service changes on the home', () => {
  it('the tRPC answer the home shows has them', async () => {
    const thursday = await api<Departures>('departures', { from: 1, dir: 'Out bound', date: THURSDAY });
    expect(thursday.items.find((i) => i.tripId === 43)).toMatchObject({ cancelled: true, reason: REASON });
    expect(thursday.items.find((i) => i.tripId === 100)).toMatchObject({
      timeDepart: '09:30',
      plannedTime: '09:15',
    });
    expect(thursday.notices?.map((n) => n.id)).toEqual(made.map((c) => c.id));
  });

  for (const [locale, words] of [
    ['en-GB', { cancelled: 'Cancelled', planned: 'planned 09:15', heading: 'Service changes' }],
    ['lt-LT', { cancelled: 'Atšauktas', planned: 'planuota 09:15', heading: 'Eismo pakeitimai' }],
  ] as const)
    for (const width of [390, 1280])
      it(`Thursday in ${locale} at ${width} px: cancelled struck through in its place, the reason on a tap or Enter, the moved time with the planned one`, async () => {
        const p = await open(width, locale, THURSDAY);
        // The notices above the times.
        const notices = p.getByRole('region', { name: words.heading });
        await notices.waitFor();
        expect(await notices.locator('article').count()).toBe(2);
        const top = async (selector: string) => (await p.locator(selector).first().boundingBox())?.y ?? 0;
        expect(await top('.notices')).toBeLessThan(await top('.hour-grid'));

        // Cancelled: in its place (the 10 o'clock row), struck through, marked.
        const cancelled = chipOf(p, '10:20', 'Panevėžys');
        expect(await cancelled.count()).toBe(1);
        const link = cancelled.locator('a.chip');
        expect(await link.evaluate((a) => getComputedStyle(a).textDecorationLine)).toBe('line-through');
        const row = await cancelled.evaluate((li) => li.closest('tr')?.querySelector('th')?.textContent);
        expect(row).toBe('10');
        const mark = cancelled.locator('summary');
        expect(await mark.textContent()).toBe(words.cancelled);
        const reason = cancelled.getByText(REASON);
        expect(await reason.isVisible()).toBe(false);
        // Keyboard: focus the mark, Enter shows the reason (and says it is expanded).
        await mark.focus();
        await p.keyboard.press('Enter');
        await reason.waitFor({ state: 'visible' });
        expect(await cancelled.locator('details').getAttribute('open')).toBe('');

        // Moved: at 09:30 with 09:15 struck through, read as "planned 09:15".
        const moved = chipOf(p, '09:30', 'Svėdasai');
        expect(await moved.count()).toBe(1);
        expect(await moved.locator('s').textContent()).toBe(`${words.planned}09:15`);
        expect(await moved.locator('s').evaluate((s) => getComputedStyle(s).textDecorationLine)).toBe(
          'line-through',
        );
        expect(await chipOf(p, '09:15', 'Svėdasai').count()).toBe(0);

        await expectNoHorizontalScroll(p, width);
        await expectNoAxeViolations(p, `home with service changes, ${locale}, ${width} px`);
        await screenshot(p, `changes-thursday-${locale}-${width}`);
        // A tap on the mark closes it again.
        await mark.click();
        await reason.waitFor({ state: 'hidden' });
      });

  it("next buses on that Thursday's morning skip the cancelled bus and count the moved one by its new time", async () => {
    // What the panel must show at 09:20: the three next departures of the day's answer that come
    // (the cancelled one not), by their times as changed, with their waits. Which others run
    // then depends on the season of the Thursday.
    const { items } = await api<Departures>('departures', { from: 1, dir: 'Out bound', date: THURSDAY });
    const minute = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
    const now = 9 * 60 + 20;
    const wait = (w: number) =>
      `in ${[Math.floor(w / 60) ? `${Math.floor(w / 60)} h` : '', w % 60 ? `${w % 60} min` : ''].filter(Boolean).join(' ')}`;
    const next = items
      .filter((i) => !i.cancelled && minute(i.timeDepart) >= now)
      .sort((a, b) => minute(a.timeDepart) - minute(b.timeDepart))
      .slice(0, 3);
    expect(next.map((i) => i.tripId)).toContain(100);
    // The cancelled 10:20 would have been among them.
    const last = next.at(-1)?.timeDepart ?? '';
    expect(minute(items.find((i) => i.tripId === 43)?.timeDepart ?? '')).toBeLessThanOrEqual(minute(last));

    const p = await session.open({ width: 390, height: 900, locale: 'en-GB' });
    // 09:20 in Vilnius on Thursday (UTC+2 in winter, UTC+3 in summer).
    await p.clock.install({ time: new Date(vilniusInstant(THURSDAY, now)) });
    await goto(p, '/?from=1&to=&dir=Out+bound');
    const shown = p.locator('.next li');
    await shown.first().waitFor();
    const rows = await shown.evaluateAll((lis) =>
      lis.map((li) => ({
        text: `${li.querySelector('.chip__time')?.textContent} ${li.querySelector('b')?.textContent}`,
        trip: Number(/\/(\d+)(\?|$)/.exec(li.querySelector('a')?.getAttribute('href') ?? '')?.[1]),
      })),
    );
    expect(rows.map((r) => r.text)).toEqual(
      next.map((i) => `${i.timeDepart.slice(0, 5)} ${wait(minute(i.timeDepart) - now)}`),
    );
    // The moved 09:15 counts from 09:30, the cancelled one is not there.
    expect(rows.find((r) => r.trip === 100)?.text).toBe('09:30 in 10 min');
    expect(rows.some((r) => r.trip === 43)).toBe(false);
    await screenshot(p, 'changes-next-buses-en-GB-390');
  });

  it('Friday is as ever: no mark, no notice, the times as planned', async () => {
    for (const [locale, width] of [
      ['en-GB', 1280],
      ['lt-LT', 390],
    ] as const) {
      const p = await open(width, locale, FRIDAY);
      expect(await chipOf(p, '10:20', 'Panevėžys').count()).toBe(1);
      expect(await chipOf(p, '09:15', 'Svėdasai').count()).toBe(1);
      expect(await p.locator('.chip--off, .chip-mark, .notices, .hour-grid s').count()).toBe(0);
      await screenshot(p, `changes-friday-${locale}-${width}`);
    }
  });
});
