import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, alertWithText, screenshotViewport } from './admin-support.ts';
import {
  BASE_URL,
  BLANK_TILE,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  goto,
  pageErrors,
  pagePerFile,
  screenshot,
  settled,
  url,
} from './support.ts';

/*
 * Issue 29, the maps, in Chromium on the real data of a fresh database. The real stops have no
 * positions, so the test places some first (through the API, and one by a click on the bus
 * stops screen's map), drags one, and puts every position back at its end. No test reaches the
 * internet: the tile server's requests are answered here, one small image each, and counted.
 */

const TILES = 'https://tile.openstreetmap.org/**';

interface Listed {
  stop: {
    id: number;
    name: string;
    coords: string | null;
    defaultOption: boolean;
    searchNames: string[];
    position: { lat: number; lon: number } | null;
  };
  version: number;
}
interface Placed {
  id: number;
  name: string;
  lat: number;
  lon: number;
}

/** Line M35 (line 1), whose only route runs through stops 1 to 6 in that order. */
const LINE = 1;
/** Stops 1-5 are placed by the API on a line northward, 444 m apart; stop 6 by a click. */
const BY_API = [1, 2, 3, 4, 5];
const CLICKED = 6;
const DRAGGED = 3;

const session = pagePerFile({ signedIn: true });
let page: Page;
const tileRequests: { url: string; referer: string | null }[] = [];

const stops = () => adminApi<Listed[]>(session.token, 'stops.listWithUsage');
async function listed(id: number): Promise<Listed> {
  const found = (await stops()).find((s) => s.stop.id === id);
  if (!found) throw new Error(`no stop ${id}`);
  return found;
}
async function setPosition(id: number, position: string): Promise<void> {
  const { stop, version } = await listed(id);
  await adminApi(session.token, 'stops.save', { ...stop, position, baseVersion: version }, 'mutation');
}
async function placed(): Promise<Placed[]> {
  const response = await fetch(url('/trpc/timetable.stopPositions'));
  return ((await response.json()) as { result: { data: { stops: Placed[] } } }).result.data.stops;
}

/** Answers the tile server's requests (and records them) in a browser context. */
async function answerTiles(context: BrowserContext): Promise<void> {
  await context.route(TILES, async (route) => {
    tileRequests.push({ url: route.request().url(), referer: await route.request().headerValue('referer') });
    await route.fulfill({ status: 200, contentType: 'image/png', body: BLANK_TILE });
  });
}

/** The screen centres of the map's stop markers, by stop id. */
const markerCentres = (p: Page, scope: string) =>
  p.evaluate((selector) => {
    const centres: { id: number; name: string; x: number; y: number }[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(
      `${selector} .stop-map__stop[data-stop-id]`,
    )) {
      const box = element.getBoundingClientRect();
      centres.push({
        id: Number(element.dataset.stopId),
        name: element.getAttribute('aria-label') ?? '',
        x: box.left + box.width / 2,
        y: box.top + box.height / 2,
      });
    }
    return centres;
  }, scope);

/** The route line's corners on the screen, in the order it is drawn. */
const routeCorners = (p: Page, scope: string) =>
  p.evaluate((selector) => {
    const path = document.querySelector<SVGPathElement>(`${selector} path.stop-map__route`);
    const matrix = path?.getScreenCTM();
    if (!path || !matrix) return [];
    const numbers = (path.getAttribute('d') ?? '').match(/-?\d+(?:\.\d+)?/g)?.map(Number) ?? [];
    const corners: { x: number; y: number }[] = [];
    for (let i = 0; i + 1 < numbers.length; i += 2) {
      const at = new DOMPoint(numbers[i], numbers[i + 1]).matrixTransform(matrix);
      corners.push({ x: at.x, y: at.y });
    }
    return corners;
  }, scope);

/** The names of the markers the route line passes through, corner by corner. */
async function routeThrough(p: Page, scope: string): Promise<string[]> {
  const markers = await markerCentres(p, scope);
  return (await routeCorners(p, scope)).map((corner) => {
    const at = markers.find((m) => Math.hypot(m.x - corner.x, m.y - corner.y) < 3);
    return at?.name ?? `(no stop at ${Math.round(corner.x)},${Math.round(corner.y)})`;
  });
}

/** Great-circle metres (the test's own haversine, to check the page's order against). */
function metres(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const r = (d: number) => (d * Math.PI) / 180;
  const h =
    Math.sin(r(b.lat - a.lat) / 2) ** 2 +
    Math.cos(r(a.lat)) * Math.cos(r(b.lat)) * Math.sin(r(b.lon - a.lon) / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.sqrt(h));
}

beforeAll(async () => {
  page = session.page;
  await answerTiles(page.context());
  for (const [i, id] of BY_API.entries())
    await setPosition(id, `${(55.52 + 0.004 * i).toFixed(6)}, 25.100000`);
});

afterAll(async () => {
  // Every position this file gave is taken back (the other files expect the real data's none).
  for (const { id } of await placed()) await setPosition(id, '');
});

describe('the map script stays out of the home’s first load', () => {
  it('the home loads no map code, stylesheet or tile; the Map link then loads them', async () => {
    const fresh = await session.open();
    await answerTiles(fresh.context());
    const requested: string[] = [];
    fresh.on('request', (request) => requested.push(request.url()));
    await goto(fresh, '/');
    const firstLoad = [...requested];
    expect(firstLoad.some((u) => u.startsWith(`${BASE_URL}/assets/index-`))).toBe(true);
    expect(firstLoad.filter((u) => /stop-map|leaflet|tile\.openstreetmap/i.test(u))).toEqual([]);
    // The selector's switch to the map, and the header's Map link, are on the home.
    await fresh.getByRole('link', { name: 'Choose on the map' }).waitFor();
    await screenshot(fresh, 'maps-home-en-1280');
    const phone = await session.open({ width: 390, locale: 'lt-LT' });
    await goto(phone, '/');
    await phone.getByRole('link', { name: 'Rinktis žemėlapyje' }).waitFor();
    await expectNoHorizontalScroll(phone, 390);
    await screenshotViewport(phone, 'maps-home-lt-390');
    await fresh.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Map' }).click();
    await fresh.waitForURL(/\/map(\?|$)/);
    await fresh.locator('.stop-map__stop').first().waitFor();
    expect(requested.filter((u) => /\/assets\/stop-map-[\w-]+\.js$/.test(u))).toHaveLength(1);
    expect(requested.some((u) => u.startsWith('https://tile.openstreetmap.org/'))).toBe(true);
  });
});

describe('staff place and drag stops on the bus stops screen', () => {
  it('a stop without a position is placed by a click on the map, with a version and a history entry', async () => {
    await goto(page, '/admin-panel/bus-stops');
    const map = page.locator('.stops-map .stop-map__map');
    await map.waitFor();
    await expect.poll(() => page.locator('.stops-map .stop-map__stop').count()).toBe(BY_API.length);
    const before = await listed(CLICKED);
    expect(before.stop.position).toBeNull();
    await page.getByLabel('Stop to place on the map').selectOption(String(CLICKED));
    await page.getByText(`Click the map where ${before.stop.name} is.`).waitFor();
    await screenshotViewport(page, 'maps-bus-stops-placing-1280');
    const box = await map.boundingBox();
    if (!box) throw new Error('the map has no box');
    // Right of the line of stops, half-way up.
    await page.mouse.click(box.x + box.width * 0.8, box.y + box.height * 0.5);
    await alertWithText(page, `${before.stop.name} is placed on the map`);
    const after = await listed(CLICKED);
    expect(after.stop.position).not.toBeNull();
    expect(after.version).toBeGreaterThan(before.version);
    expect(after.stop.position?.lon).toBeGreaterThan(25.1);
    await expect.poll(() => page.locator('.stops-map .stop-map__stop').count()).toBe(BY_API.length + 1);
    const history = await adminApi<{ items: { entityId: number }[] }>(session.token, 'history.list', {
      kind: 'stop',
    });
    expect(history.items[0]?.entityId).toBe(CLICKED);
  });

  it('a stop dragged to another place is saved there', async () => {
    const before = await listed(DRAGGED);
    const marker = page.locator(`.stops-map .stop-map__stop[data-stop-id="${DRAGGED}"]`);
    await expect(marker.getAttribute('aria-label')).resolves.toBe(before.stop.name);
    await expect(marker.getAttribute('role')).resolves.toBe('button');
    const box = await marker.boundingBox();
    if (!box) throw new Error('the marker has no box');
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    await page.mouse.move(x, y);
    await page.mouse.down();
    for (let step = 1; step <= 8; step++) await page.mouse.move(x - step * 10, y, { steps: 2 });
    await page.mouse.up();
    await alertWithText(page, `${before.stop.name} is moved`);
    const after = await listed(DRAGGED);
    expect(after.version).toBeGreaterThan(before.version);
    // 80 px west: a smaller longitude, about the same latitude.
    expect(after.stop.position?.lon).toBeLessThan(before.stop.position?.lon ?? 0);
    expect(Math.abs((after.stop.position?.lat ?? 0) - (before.stop.position?.lat ?? 0))).toBeLessThan(0.001);
    const history = await adminApi<{ items: { entityId: number }[] }>(session.token, 'history.list', {
      kind: 'stop',
    });
    expect(history.items[0]?.entityId).toBe(DRAGGED);
    await expectNoAxeViolations(page, 'the bus stops screen with its map');
    await screenshotViewport(page, 'maps-bus-stops-1280');
    // In Lithuanian, on a phone and a desktop.
    for (const width of [390, 1280]) {
      const lt = await session.open({ signedIn: true, width });
      await answerTiles(lt.context());
      await goto(lt, '/admin-panel/bus-stops');
      await lt.locator('.lang-switch').getByRole('button', { name: 'LT', exact: true }).click();
      await lt.getByLabel('Stotelė, kurią žymėsite žemėlapyje').waitFor();
      await lt.locator('.stops-map .stop-map__stop').first().waitFor();
      await lt.locator('.stops-map').scrollIntoViewIfNeeded();
      // axe once (at 390 px): the same content at both widths, and a 195-row table is slow to check.
      if (width === 390)
        await expectNoAxeViolations(lt, `the bus stops screen's map in Lithuanian at ${width} px`);
      await screenshotViewport(lt, `maps-bus-stops-lt-${width}`);
    }
    // Two more signed-in pages and axe on a 195-row table: about 17 s alone, and under the
    // load of a full run (2 cores) it went past the default 60 s twice in six runs.
  }, 120_000);

  it('the line editor draws each route through its stops in order', async () => {
    await goto(page, `/admin-panel/lines/${LINE}/edit`);
    const scope = '.route-map';
    await page.locator(`${scope} path.stop-map__route`).waitFor();
    const names = await Promise.all([1, 2, 3, 4, 5, 6].map(async (id) => (await listed(id)).stop.name));
    // Polled: the map may still be moving to fit the route.
    await expect.poll(() => routeThrough(page, scope)).toEqual(names);
    await page.locator(scope).scrollIntoViewIfNeeded();
    await screenshotViewport(page, 'maps-route-editor-1280');
  });
});

describe('visitors', () => {
  it('/map shows every placed stop as a labelled element; choosing one opens its departures', async () => {
    const all = await placed();
    expect(all.map((s) => s.id).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
    await goto(page, '/map');
    await page.getByRole('heading', { level: 1, name: 'Map' }).waitFor();
    const map = page.getByRole('region', { name: 'Map of the bus stops' });
    await expect
      .poll(() => map.getByRole('button').and(page.locator('.stop-map__stop')).count())
      .toBe(all.length);
    for (const stop of all) await map.getByRole('button', { name: stop.name, exact: true }).first().waitFor();
    // The tiles' licence, linked.
    await page.getByRole('link', { name: '© OpenStreetMap contributors' }).waitFor();
    await expectNoAxeViolations(page, '/map');
    for (const lang of ['en', 'lt'] as const)
      for (const width of [390, 1280]) {
        const shot = await session.open({ width, locale: lang === 'lt' ? 'lt-LT' : 'en-GB' });
        await answerTiles(shot.context());
        await goto(shot, '/map');
        await shot.locator('.stop-map__stop').first().waitFor();
        await expectNoHorizontalScroll(shot, width);
        await screenshot(shot, `maps-map-${lang}-${width}`);
      }
    // By keyboard: focus a stop, Enter opens the home with that stop's departures.
    const third = all.find((s) => s.id === DRAGGED) as Placed;
    await map.getByRole('button', { name: third.name, exact: true }).first().focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(
      (u) => new URL(u).pathname === '/' && new URL(u).searchParams.get('from') === String(DRAGGED),
    );
    await settled(page);
  });

  it('the tile requests name our site as the Referer, and never go beyond zoom 19', () => {
    expect(tileRequests.length).toBeGreaterThan(0);
    for (const request of tileRequests) {
      expect(request.referer).toBe(`${BASE_URL}/`);
      const zoom = Number(new URL(request.url).pathname.split('/')[1]);
      expect(zoom).toBeLessThanOrEqual(19);
    }
  });

  it('where the tiles cannot be loaded, the stops stay on a plain background with a note', async () => {
    const offline = await session.open();
    await offline.context().route(TILES, (route) => route.abort('internetdisconnected'));
    await goto(offline, '/map');
    await offline
      .getByText(
        'The map background could not be loaded: the stops and the route are shown on a plain background.',
      )
      .waitFor();
    expect(await offline.locator('.stop-map__stop').count()).toBe((await placed()).length);
  });

  it('"Stops near me" asks for the position only when pressed and lists the nearest first', async () => {
    const all = await placed();
    const third = all.find((s) => s.id === DRAGGED) as Placed;
    const here = { lat: third.lat + 0.0004, lon: third.lon + 0.0003 };
    for (const [lang, width] of [
      ['en', 390],
      ['lt', 390],
      ['en', 1280],
      ['lt', 1280],
    ] as const) {
      const phone = await session.open({ width, locale: lang === 'lt' ? 'lt-LT' : 'en-GB' });
      const context = phone.context();
      await answerTiles(context);
      await context.setGeolocation({ latitude: here.lat, longitude: here.lon });
      await context.grantPermissions(['geolocation'], { origin: BASE_URL });
      await goto(phone, '/map');
      const button = phone.getByRole('button', {
        name: lang === 'lt' ? 'Artimiausios stotelės' : 'Stops near me',
      });
      expect(await phone.locator('.near-me__stop').count()).toBe(0);
      await button.click();
      await phone.locator('.near-me__stop').first().waitFor();
      const shown = await phone.locator('.near-me__name').allTextContents();
      const expected = [...all]
        .sort((a, b) => metres(here, a) - metres(here, b))
        .slice(0, 5)
        .map((s) => s.name);
      expect(shown).toEqual(expected);
      expect(shown[0]).toBe(third.name);
      const distances = await phone.locator('.near-me__distance').allTextContents();
      expect(distances[0]).toBe(
        lang === 'lt'
          ? `už ${Math.round(metres(here, third))} m`
          : `${Math.round(metres(here, third))} m away`,
      );
      // Each stop says its next departures, or that no more buses run today.
      await expect.poll(() => phone.locator('.near-me__next, .near-me__none').count()).toBe(shown.length);
      if (width === 390) await expectNoHorizontalScroll(phone, width);
      await expectNoAxeViolations(phone, `Stops near me (${lang}, ${width})`);
      await screenshot(phone, `maps-near-me-${lang}-${width}`);
    }
  });

  it('a refused position is said in words, in both languages', async () => {
    for (const [lang, name, said] of [
      ['en-GB', 'Stops near me', 'You did not allow this site to know where you are'],
      ['lt-LT', 'Artimiausios stotelės', 'Neleidote šiai svetainei sužinoti, kur esate'],
    ] as const) {
      const refused = await session.open({ width: 390, locale: lang });
      await answerTiles(refused.context());
      await refused.context().clearPermissions();
      await goto(refused, '/map');
      await refused.getByRole('button', { name }).click();
      await refused.getByRole('status').filter({ hasText: said }).waitFor();
    }
  });

  it('a page left while its map zooms to fit a route throws nothing afterwards', async () => {
    const linePage = await session.open({ width: 1280, locale: 'en-GB' });
    await answerTiles(linePage.context());
    await goto(linePage, `/browse/${LINE}`);
    await linePage.locator('.line-map path.stop-map__route').waitFor();
    const before = pageErrors.length;
    // The other direction makes the map zoom to fit its route; the page is left at once, and the
    // zoom's own end (Leaflet's 250 ms timer) comes after the map is gone.
    await linePage.getByRole('button', { name: /Swap direction/ }).click();
    await linePage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Timetable' }).click();
    await linePage.locator('.line-map').waitFor({ state: 'detached' });
    // What is tested is that nothing comes of that timer: the time for it to fire, and more.
    await linePage.waitForTimeout(400);
    expect(pageErrors.slice(before)).toEqual([]);
  });

  it('the line page shows the route of the direction shown, in travel order', async () => {
    for (const [lang, width] of [
      ['en', 1280],
      ['lt', 390],
    ] as const) {
      const linePage = await session.open({ width, locale: lang === 'lt' ? 'lt-LT' : 'en-GB' });
      await answerTiles(linePage.context());
      await goto(linePage, `/browse/${LINE}`);
      const scope = '.line-map';
      await linePage.locator(`${scope} path.stop-map__route`).waitFor();
      // The stops table of the trip shown lists them in travel order; the line passes them so.
      const inTable = (await linePage.locator('.line-details .stop-times tbody th').allTextContents()).map(
        (t) => t.trim(),
      );
      expect(inTable).toHaveLength(6);
      // Polled: the map may still be moving to fit the route.
      await expect.poll(() => routeThrough(linePage, scope)).toEqual(inTable);
      const through = inTable;
      await linePage.locator(scope).scrollIntoViewIfNeeded();
      await screenshotViewport(linePage, `maps-line-${lang}-${width}`);
      if (lang === 'en') {
        // The other direction: the same stops, the other way round.
        await linePage.getByRole('button', { name: /Swap direction/ }).click();
        await expect
          .poll(async () => (await routeThrough(linePage, scope)).join('|'))
          .toBe([...through].reverse().join('|'));
      }
    }
  });
});
