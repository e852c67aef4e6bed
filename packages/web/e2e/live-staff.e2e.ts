import type { PunctualityReport } from '@bus/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from './admin-support.ts';
import { DRIVER, Driver, type DriveStop, type DriveTrip, testRoad } from './driving.ts';
import {
  api,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  heading,
  NOW,
  NOW_MINUTES,
  pagePerFile,
  plusDays,
  screenshot,
  settled,
  TODAY,
} from './support.ts';

/*
 * Live buses for staff (issue 40): the admin board's "Live" / „Eismas dabar“ page in Chromium
 * against the real server and data. A driver (the run's driver account: E2E_DRIVER, which
 * scripts/e2e.sh sets and packages/server/test/serve-at.ts makes) drives a trip through the tRPC API as a phone does: its
 * stops get map positions here (on a straight road of the test's own, put back at the end, as
 * maps.e2e.ts does), and the positions are sent with times around the server's fixed clock
 * (within its 2 minutes, at 108 km/h). Staff see the bus on Live with the driver's name, its
 * delay and next stop, and the punctuality report counts every stop it was seen at, on the page
 * and in its CSV.
 *
 * The trip is one planned to be over by the run's moment (the latest from the station; any of
 * the day when none is), driven to its last stop: its departures were past for every other file
 * already, so the live state it leaves on this server changes nothing another file looks at.
 */

interface LiveNow {
  at: string;
  inService: {
    tripId: number;
    lineName: string;
    departure: string;
    to: string;
    driver: string | null;
    delayMinutes: number | null;
    positionAge: number;
    nextStop: { name: string; at: boolean } | null;
  }[];
  noLiveData: { tripId: number; lineName: string; departure: string; arrival: string; to: string }[];
}
interface Listed {
  stop: { id: number; position: { lat: number; lon: number } | null } & Record<string, unknown>;
  version: number;
}

if (DRIVER === '')
  console.warn('live-staff.e2e: skipped: no driver account (E2E_DRIVER, set by scripts/e2e.sh)');

const session = pagePerFile({ signedIn: true });
let page: Page;
let driver: Driver;
let trip: DriveTrip;
/** Each placed stop's position before the test (null: none), to put back. */
const before = new Map<number, { lat: number; lon: number } | null>();
let countedBefore: PunctualityReport['total'];
let started = false;

const minuteOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The trip to drive: its stops distinct (a straight test road), at most 45 of them (the 2 minutes' room). */
async function chooseTrip(): Promise<DriveTrip> {
  const out = await api<{
    items: { tripId: number; lineName: string; timeDepart: string; cancelled?: true }[];
  }>('departures', { from: 1, dir: 'Out bound', date: TODAY });
  const candidates = out.items.filter((i) => !i.cancelled);
  const byLatest = [...candidates]
    .filter((i) => minuteOf(i.timeDepart) <= NOW_MINUTES)
    .sort((a, b) => b.timeDepart.localeCompare(a.timeDepart));
  const fits = (stops: DriveStop[]) =>
    stops.length >= 4 && stops.length <= 45 && new Set(stops.map((s) => s.stopId)).size === stops.length;
  let fallback: DriveTrip | undefined;
  for (const item of [...byLatest, ...candidates]) {
    const ours = await driver.find(item);
    if (!ours || !fits(ours.stops)) continue;
    if (minuteOf(ours.stops.at(-1)?.time ?? '') < NOW_MINUTES) return ours;
    fallback ??= ours;
  }
  if (!fallback) throw new Error('no trip of today to drive');
  return fallback;
}

/**
 * The test's road (driving.ts): stop i at alongOf(i) metres, 80 m apart but for 200 m between
 * the third and the fourth stop (a bus within 60 m of a stop stands at it: there the bus is seen
 * between two stops). The bus is `metres` along it at timeAt(metres).
 */
const alongOf = (i: number) => 80 * i + (i >= 3 ? 120 : 0);
const road = testRoad({ lat: 55.6, lon: 25.25 });
const at = road.place;
const placeOf = (i: number) => at(alongOf(i));
const timeAt = road.timeAt;

const report = (at: number, place: { lat: number; lon: number }) => driver.report(trip.tripId, at, place);

async function setPositions(positions: Map<number, { lat: number; lon: number } | null>): Promise<void> {
  const listed = await adminApi<Listed[]>(session.token, 'stops.listWithUsage');
  for (const [id, position] of positions) {
    const item = listed.find((s) => s.stop.id === id);
    if (!item) throw new Error(`no stop ${id}`);
    if (position === null && item.stop.position === null) continue;
    await adminApi(
      session.token,
      'stops.save',
      {
        ...item.stop,
        position: position === null ? '' : `${position.lat.toFixed(6)}, ${position.lon.toFixed(6)}`,
        // Real stops share names (told apart by their notes): the save is of the position only.
        confirmDuplicateName: true,
        baseVersion: item.version,
      },
      'mutation',
    );
  }
}

/** The table's rows as read, one string each (cells joined by ' | '). */
function rowTexts(p: Page, table: string): Promise<string[]> {
  return p
    .locator(`${table} tbody tr`)
    .evaluateAll((rows) =>
      rows.map((row) =>
        [...row.querySelectorAll('th, td')]
          .map((cell) => (cell.textContent ?? '').replace(/\s+/g, ' ').trim())
          .join(' | '),
      ),
    );
}

async function language(p: Page, code: 'LT' | 'EN'): Promise<void> {
  const group = code === 'LT' ? 'Language' : 'Kalba';
  await p.getByRole('group', { name: group }).getByRole('button', { name: code }).click();
}

describe.skipIf(DRIVER === '')('Live / „Eismas dabar“', () => {
  beforeAll(async () => {
    page = session.page;
    driver = await Driver.signIn();
    trip = await chooseTrip();
    countedBefore = (
      await adminApi<PunctualityReport>(session.token, 'live.punctuality', { from: TODAY, until: TODAY })
    ).total;
    const listed = await adminApi<Listed[]>(session.token, 'stops.listWithUsage');
    for (const s of trip.stops)
      before.set(s.stopId, listed.find((l) => l.stop.id === s.stopId)?.stop.position ?? null);
    await setPositions(new Map(trip.stops.map((s, i) => [s.stopId, placeOf(i)])));
  }, 60_000);

  afterAll(async () => {
    // Whatever failed on the way: the trip is not left running, every position is put back.
    if (started) await driver.stop(trip.tripId).catch(() => undefined);
    if (before.size > 0) await setPositions(before);
  });

  it('before the bus starts: staff open Live from the menu and see the trips planned now that send nothing', async () => {
    await page
      .getByRole('navigation', { name: 'Admin menu' })
      .getByRole('link', { name: 'Live', exact: true })
      .click();
    await page.waitForURL(/\/admin-panel\/live$/);
    await settled(page);
    await heading(page, 'Live').waitFor();
    const now = await adminApi<LiveNow>(session.token, 'live.now');
    expect(now.inService.map((b) => b.tripId)).not.toContain(trip.tripId);
    if (now.noLiveData.length === 0)
      await page
        .getByRole('status')
        .filter({ hasText: 'Every trip planned to be on the road now' })
        .waitFor();
    else {
      await page.locator('.live-missing').waitFor();
      const rows = await rowTexts(page, '.live-missing');
      expect(rows).toEqual(
        now.noLiveData.map(
          (t) =>
            `${t.lineName} | ${t.departure} → ${t.to} trip ${t.tripId} | ${t.departure}–${t.arrival} | none today`,
        ),
      );
    }
  });

  it('a driver drives the trip: staff see the bus with the driver’s name, its delay and next stop, in both languages', async () => {
    await driver.start(trip.tripId);
    started = true;
    // The first three stops, then on the way to the fourth.
    for (let i = 0; i < 3; i++) await report(timeAt(alongOf(i)), placeOf(i));
    const halfway = (alongOf(2) + alongOf(3)) / 2;
    await report(timeAt(halfway), at(halfway));

    const now = await adminApi<LiveNow>(session.token, 'live.now');
    const bus = now.inService.find((b) => b.tripId === trip.tripId);
    expect(bus).toMatchObject({
      lineName: trip.lineName,
      departure: trip.stops[0]?.time,
      to: trip.stops.at(-1)?.name,
      driver: DRIVER,
      nextStop: { name: trip.stops[3]?.name, at: false },
    });
    const delay = bus?.delayMinutes as number;
    const delayText = delay === 0 ? 'on time' : delay > 0 ? `${delay} min late` : `${-delay} min early`;

    // Opened afresh, the page counts the stops left behind in its report too.
    await page.reload();
    await settled(page);
    await page.locator('.live-buses').waitFor();
    const rows = await rowTexts(page, '.live-buses');
    expect(rows).toContain(
      `${trip.lineName} | ${trip.stops[0]?.time} → ${trip.stops.at(-1)?.name} trip ${trip.tripId} | ${DRIVER} | ${delayText} | ${bus?.positionAge} s ago | ${trip.stops[3]?.name}`,
    );
    // Not among the trips without live data any more.
    expect((await rowTexts(page, '.live-missing').catch(() => [])).join('\n')).not.toContain(
      `trip ${trip.tripId} |`,
    );
    // The server's clock stands at the run's moment: so does the page's "as of".
    expect(now.at).toBe(NOW.toISOString());
    const clock = new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZone: 'Europe/Vilnius',
    }).format(NOW);
    await page.getByText(`As of ${clock}, Vilnius time.`).waitFor();
    await page.locator('.live__summary').waitFor();
    await expectNoAxeViolations(page, 'Live');
    await screenshot(page, 'live-en-1280');
    await page.setViewportSize({ width: 390, height: 900 });
    await expectNoHorizontalScroll(page, 390);
    await screenshot(page, 'live-en-390');

    await language(page, 'LT');
    await heading(page, 'Eismas dabar').waitFor();
    const ltDelay = delay === 0 ? 'laiku' : delay > 0 ? `vėluoja ${delay} min.` : `${-delay} min. anksčiau`;
    expect((await rowTexts(page, '.live-buses')).join('\n')).toContain(
      `${DRIVER} | ${ltDelay} | prieš ${bus?.positionAge} s | ${trip.stops[3]?.name}`,
    );
    await expectNoAxeViolations(page, 'Eismas dabar');
    await expectNoHorizontalScroll(page, 390);
    await screenshot(page, 'live-lt-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, 'live-lt-1280');
    await language(page, 'EN');
  });

  it('driven to its last stop, the bus leaves Live and the punctuality report counts every stop it was seen at', async () => {
    const last = trip.stops.length - 1;
    for (let i = 3; i <= last; i++) await report(timeAt(alongOf(i)), placeOf(i));
    started = false;

    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect
      .poll(async () => (await rowTexts(page, '.live-buses').catch(() => [])).join('\n'))
      .not.toContain(`trip ${trip.tripId} |`);

    const counted = await adminApi<PunctualityReport>(session.token, 'live.punctuality', {
      from: TODAY,
      until: TODAY,
    });
    expect(counted.total.observed - countedBefore.observed).toBe(trip.stops.length);
    const line = counted.byLine.find((r) => r.lineName === trip.lineName);
    expect(line?.observed).toBeGreaterThanOrEqual(trip.stops.length);

    // The page's report, for today alone.
    await page.reload();
    await settled(page);
    await page.getByLabel('From', { exact: true }).fill(TODAY);
    await expect
      .poll(async () => (await page.locator('.live__summary').textContent()) ?? '')
      .toContain(`of ${counted.total.observed} stop times`);
    const lineRows = await rowTexts(page, '.live-by-line');
    const share = (s: number | null) => (s === null ? '–' : `${Math.round(s * 100)}%`);
    expect(lineRows).toContain(
      `${trip.lineName} | ${line?.observed} | ${line?.onTime} | ${line?.early} | ${line?.late} | ${share(line?.onTimeShare ?? null)} | ${line?.averageDelayMinutes?.toFixed(1)}`,
    );
    await page.locator('.share-chart svg[role="img"]').first().waitFor();
    expect(await page.locator('.share-chart svg title').first().textContent()).toBe(
      'On-time share per hour of the day',
    );

    // Up to an hour late counts as on time: the page counts as the server does with that bound.
    const lenient = await adminApi<PunctualityReport>(session.token, 'live.punctuality', {
      from: TODAY,
      until: TODAY,
      lateMinutes: 60,
    });
    await page.getByLabel('Minutes late still on time', { exact: true }).fill('60');
    await heading(page, 'Live').click();
    await expect
      .poll(async () => (await page.locator('.live__summary').textContent()) ?? '')
      .toContain(`${lenient.total.onTime} of ${lenient.total.observed} stop times`);
    const lenientLine = lenient.byLine.find((r) => r.lineName === trip.lineName);
    expect(await rowTexts(page, '.live-by-line')).toContain(
      `${trip.lineName} | ${lenientLine?.observed} | ${lenientLine?.onTime} | ${lenientLine?.early} | ${lenientLine?.late} | ${share(lenientLine?.onTimeShare ?? null)} | ${lenientLine?.averageDelayMinutes?.toFixed(1)}`,
    );
    await expectNoAxeViolations(page, 'Live, the punctuality report');
    await screenshot(page, 'live-report-en-1280');

    // The CSV has the same row for the line.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`punctuality-${TODAY}-${TODAY}.csv`);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const csv = Buffer.concat(chunks).toString('utf8');
    const percent = (s: number | null | undefined) =>
      s === null || s === undefined ? '' : (s * 100).toFixed(1);
    expect(csv.split('\r\n')).toContain(
      `line,${lenientLine?.lineId},${trip.lineName},,,,${lenientLine?.observed},${lenientLine?.onTime},${lenientLine?.early},${lenientLine?.late},${percent(lenientLine?.onTimeShare)},${lenientLine?.averageDelayMinutes?.toFixed(1)}`,
    );

    // A period backwards: the server's refusal, worded on the page.
    await page.getByLabel('Until', { exact: true }).fill(plusDays(TODAY, -1));
    await page.getByRole('alert').filter({ hasText: 'The period ends before it starts' }).waitFor();
    await expectNoAxeViolations(page, 'Live with a refused period');
  });
});
