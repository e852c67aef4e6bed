import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Departure } from '../src/features/public/departures/countdown.ts';
import { widgetDays } from '../src/features/public/embed/embed-rows.ts';
import {
  api,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  NOW,
  NOW_MINUTES,
  pageErrors,
  pagePerFile,
  plusDays,
  SCREENSHOT_DIR,
  screenshot,
  settled,
  TODAY,
  url,
} from './support.ts';

/*
 * Issue 42 in Chromium: the stop widget framed by a page of another site (served by the test
 * itself, at http://localhost:<its own port>), the site's other pages refused in such a frame, "Put on your
 * site" on the stop's page, and the QR codes of the printed timetables read back from a
 * screenshot of the print view (jsQR) and found in the PDF. Two pages for the file, English and
 * Lithuanian, each used by every test (a new page costs about 2 CPU-seconds).
 */

const session = pagePerFile();
let lt: Page;

/**
 * Another site: a server of the test's own on another port, reached as localhost (another
 * origin and another site than the test server's 127.0.0.1). A real server, not a routed
 * answer: Chromium lets only a page from a local address frame a local one (a routed page
 * counts as public and its frames are blocked before any policy is read).
 */
let other: Server;
let OTHER = '';

beforeAll(async () => {
  other = createServer((request, response) => {
    const query = new URL(request.url ?? '/', 'http://x').searchParams;
    const width = Number(query.get('width') ?? '420');
    const frames = query
      .getAll('frame')
      .map(
        (path) =>
          `<iframe src="${url(path).replace(/&/g, '&amp;')}" title="Frame ${path.replace(/[&<>"]/g, '')}" width="${width}" height="332" style="border:0"></iframe>`,
      )
      .join('\n');
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="en"><head><title>Another site</title></head><body><main><h1>Another site</h1>${frames}</main></body></html>`,
    );
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  OTHER = `http://localhost:${(other.address() as { port: number }).port}`;
  lt = await session.open({ locale: 'lt-LT' });
  // Past support.ts's refusal of every other origin (keepOffline): this one is the test's.
  for (const p of [session.page, lt]) await p.route(`${OTHER}/**`, (route) => route.continue());
});
afterAll(() => new Promise<void>((resolve) => other.close(() => resolve())));

/** A page of another site that frames the given paths of ours. */
async function hostPage(p: Page, paths: string[], width = 420): Promise<void> {
  const query = new URLSearchParams({ width: String(width) });
  for (const path of paths) query.append('frame', path);
  await p.goto(`${OTHER}/host.html?${query}`);
}

type Answer = { holiday: boolean; items: Departure[] };

/** What the widget of stop 1 should list: the departures answers of today and the days after, by the home's rule of what has left. */
async function expectedRows(dir: 'Out bound' | 'City bound', rows: number): Promise<string[]> {
  const days: { date: string; items: Departure[] }[] = [];
  for (let i = 0; i < 8; i++) {
    const date = plusDays(TODAY, i);
    const answer = await api<Answer>('departures', { from: 1, to: null, dir, date });
    days.push({ date, items: answer.items });
  }
  return widgetDays(days, { date: TODAY, minutes: NOW_MINUTES }, rows).flatMap((day) =>
    day.items.map((item) => `${item.timeDepart.slice(0, 5)} ${item.lineName} ${item.name}`),
  );
}

/** The departures a widget frame lists, as 'HH:MM line destination'. */
function shownRows(frame: ReturnType<Page['frameLocator']>): Promise<string[]> {
  return frame.locator('.widget__list .chip').evaluateAll((chips) =>
    chips.map((chip) => {
      const time = chip.querySelector('.chip__time')?.textContent ?? '';
      const line = chip.querySelector('small')?.textContent ?? '';
      const name = chip.querySelector('.widget__to')?.textContent ?? '';
      return `${time} ${line} ${name}`;
    }),
  );
}

describe('the stop widget for other sites', () => {
  it('renders in a frame of another site, lists the departures of the departures answer, and is light', async () => {
    const p = session.page;
    const sizes: Promise<{ url: string; type: string; bytes: number }>[] = [];
    p.on('requestfinished', (request) => {
      sizes.push(
        request
          .sizes()
          .then((s) => ({ url: request.url(), type: request.resourceType(), bytes: s.responseBodySize })),
      );
    });
    await hostPage(p, ['/embed/stop/1?dir=out&rows=5&lang=en']);
    const frame = p.frameLocator('iframe');
    await frame.locator('.widget__stop', { hasText: 'Anykščių AS' }).waitFor();
    await expect.poll(() => frame.locator('.widget__list .chip').count()).toBe(5);
    expect(await shownRows(frame)).toEqual(await expectedRows('Out bound', 5));
    expect(await frame.locator('.widget__sub').textContent()).toBe('Next departures · Going out');
    const full = frame.getByRole('link', { name: 'Full timetable (opens in a new tab)' });
    expect(await full.getAttribute('href')).toBe('/?from=1&dir=Out+bound');
    expect(await full.getAttribute('target')).toBe('_blank');
    expect(await full.getAttribute('rel')).toBe('noopener');
    // No cookie, no worker, and none of the app's bundle: its own few files and the two answers.
    expect(await p.context().cookies()).toEqual([]);
    await p.waitForLoadState('networkidle');
    const fetched = await Promise.all(sizes.splice(0));
    p.removeAllListeners('requestfinished');
    const ours = fetched.filter((f) => f.url.startsWith(url('/')));
    expect(
      ours.map((f) => new URL(f.url).pathname).filter((path) => /\/assets\/index-|sw\.js|admin/.test(path)),
    ).toEqual([]);
    const jsCss = ours.filter((f) => f.type === 'script' || f.type === 'stylesheet');
    const bytes = jsCss.reduce((n, f) => n + f.bytes, 0);
    const all = ours.reduce((n, f) => n + f.bytes, 0);
    console.log(
      `stop widget over the wire: JS + CSS ${(bytes / 1024).toFixed(1)} KB in ${jsCss.length} files, everything ${(all / 1024).toFixed(1)} KB in ${ours.length} requests`,
    );
    expect(bytes).toBeLessThanOrEqual(12 * 1024);
    await screenshot(p, 'embed-widget-framed-en-1280');
  });

  it('refuses to be any other page in a frame of another site: the home and the sign-in stay blank', async () => {
    const p = session.page;
    await hostPage(p, ['/?from=1', '/admin-access']);
    // Chromium says why, as a console error of the framing page: taken out here, where it is meant.
    const refusal =
      /^Framing '[^']+' violates the following Content Security Policy directive: "frame-ancestors 'none'"/;
    const refusals = () => pageErrors.filter((e) => refusal.test(e.slice(e.indexOf(': ') + 2)));
    await expect.poll(() => refusals().length).toBe(2);
    expect(pageErrors.filter((e) => !refusals().includes(e))).toEqual([]);
    pageErrors.splice(0);
    // Both frames hold the browser's own error page, nothing of ours.
    const frames = p.frames().slice(1);
    expect(frames).toHaveLength(2);
    // Polled: on a loaded machine the refusal is logged a moment before the frame shows the error page.
    await expect
      .poll(() => frames.map((frame) => frame.url()))
      .toEqual(['chrome-error://chromewebdata/', 'chrome-error://chromewebdata/']);
    for (const frame of frames) expect(await frame.locator('#root, #widget, .navbar, form').count()).toBe(0);
  });

  it('passes axe in both languages, at 390 and 1280 px, and says what it shows in Lithuanian', async () => {
    for (const [p, lang] of [
      [session.page, 'en'],
      [lt, 'lt'],
    ] as const) {
      await p.setViewportSize({ width: 1280, height: 900 });
      await hostPage(p, [`/embed/stop/1?dir=city&rows=4&lang=${lang}`]);
      const frame = p.frameLocator('iframe');
      await expect.poll(() => frame.locator('.widget__list .chip').count()).toBe(4);
      expect(await shownRows(frame)).toEqual(await expectedRows('City bound', 4));
      await screenshot(p, `embed-widget-framed-${lang}-city-1280`);
      await p.setViewportSize({ width: 390, height: 844 });
      await hostPage(p, [`/embed/stop/1?dir=city&rows=4&lang=${lang}`], 358);
      await expect.poll(() => p.frameLocator('iframe').locator('.widget__list .chip').count()).toBe(4);
      await screenshot(p, `embed-widget-framed-${lang}-390`);
      // The widget as its own page, for axe.
      await p.goto(url(`/embed/stop/1?dir=city&rows=4&lang=${lang}`));
      await p.locator('.widget__list .chip').first().waitFor();
      expect(await p.evaluate(() => document.documentElement.lang)).toBe(lang);
      await expectNoAxeViolations(p, `stop widget (${lang})`);
      await expectNoHorizontalScroll(p, 390);
    }
    expect(await lt.locator('.widget__sub').textContent()).toBe('Artimiausi išvykimai · Miesto autobusas');
    expect(
      await lt.getByRole('link', { name: 'Visas tvarkaraštis (atsidaro naujoje kortelėje)' }).count(),
    ).toBe(1);
    expect(await lt.title()).toBe('Artimiausi išvykimai: Anykščių AS');
  });
});

describe('Put on your site, on the stop’s page', () => {
  it('gives the iframe code with its options, copies it, and previews the widget (English)', async () => {
    const p = session.page;
    await p.setViewportSize({ width: 1280, height: 900 });
    await p.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url('') });
    await session.go('/?from=1');
    await p.getByText('Put on your site').click();
    const code = p.getByLabel('Code for your site');
    // No site address in the run's Publishing settings: the code names the page's own origin.
    const want = (query: string) =>
      `<iframe src="${url('')}/embed/stop/1?${query}" title="Next departures: Anykščių AS" width="100%" height="${112 + Number(/rows=(\d+)/.exec(query)?.[1]) * 44}" loading="lazy" style="border:0;max-width:420px"></iframe>`;
    await expect.poll(() => code.inputValue()).toBe(want('dir=out&amp;rows=5&amp;lang=en'));
    await p.getByLabel('Direction').selectOption({ label: 'City bus' });
    await p.getByLabel('Departures shown').selectOption('3');
    await expect.poll(() => code.inputValue()).toBe(want('dir=city&amp;rows=3&amp;lang=en'));
    await p.getByRole('button', { name: 'Copy code' }).click();
    await expect.poll(() => p.getByRole('status').filter({ hasText: 'Copied' }).count()).toBe(1);
    expect(await p.evaluate(() => navigator.clipboard.readText())).toBe(await code.inputValue());
    const preview = p.frameLocator('iframe[title="Next departures: Anykščių AS"]');
    await expect.poll(() => preview.locator('.widget__list .chip').count()).toBe(3);
    expect(await shownRows(preview)).toEqual(await expectedRows('City bound', 3));
    await expectNoAxeViolations(p, 'the stop page with Put on your site open');
    await screenshot(p, 'embed-offer-en-1280');
    await p.setViewportSize({ width: 390, height: 844 });
    await expectNoHorizontalScroll(p, 390);
    await screenshot(p, 'embed-offer-en-390');
    await p.setViewportSize({ width: 1280, height: 900 });
  });

  it('is in Lithuanian on a Lithuanian browser; the code names the Publishing site address when set', async () => {
    await lt.setViewportSize({ width: 390, height: 844 });
    // The site address as the Publishing settings would give it (answered here: the run's
    // server keeps none, and other files share it).
    const site = '**/trpc/timetable.site';
    await lt.route(site, (route) =>
      route.fulfill({ json: { result: { data: { siteUrl: 'https://autobusai.anyksciai.lt/' } } } }),
    );
    await lt.goto(url('/?from=3&dir=City+bound'));
    await settled(lt);
    await lt.getByText('Įdėkite į savo svetainę').click();
    const code = lt.getByLabel('Kodas jūsų svetainei');
    await expect
      .poll(() => code.inputValue())
      .toMatch(
        /^<iframe src="https:\/\/autobusai\.anyksciai\.lt\/embed\/stop\/3\?dir=city&amp;rows=5&amp;lang=lt" title="Artimiausi išvykimai: Šeimyniškiai"/,
      );
    await lt.unroute(site);
    expect(await lt.getByLabel('Kryptis').inputValue()).toBe('City bound');
    await lt.getByLabel('Kalba').selectOption('en');
    await expect.poll(() => code.inputValue()).toContain('lang=en" title="Next departures: Šeimyniškiai"');
    await lt.getByLabel('Kalba').selectOption('lt');
    await lt.frameLocator('iframe.embed-offer__preview').locator('.widget__foot a').waitFor();
    await expectNoAxeViolations(lt, 'the stop page with Įdėkite į savo svetainę open');
    await expectNoHorizontalScroll(lt, 390);
    await screenshot(lt, 'embed-offer-lt-390');
    await lt.setViewportSize({ width: 1280, height: 900 });
    await screenshot(lt, 'embed-offer-lt-1280');
  });
});

/** The poster's print date: a Monday whose four weeks fit one A4 page (print-calendar.e2e.ts). */
const DATE = '2026-12-07';
/** 96 CSS pixels to the inch. */
const MM_PER_PX = 25.4 / 96;

/** The QR code of the print view: read back from a screenshot of it, its SVG's grid, its printed width. */
async function printedQr(
  p: Page,
): Promise<{ text: string | null; modules: number; viewBox: number; widthMm: number; path: string }> {
  await p.emulateMedia({ media: 'print' });
  const image = p.locator('img.print-qr__code');
  await image.waitFor();
  const png = PNG.sync.read(await image.screenshot());
  const read = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  const src = (await image.getAttribute('src')) ?? '';
  const svg = decodeURIComponent(src.replace(/^data:image\/svg\+xml;charset=utf-8,/, ''));
  const viewBox = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)?.[1]);
  const path = /<path stroke="#000000" d="([^"]+)"/.exec(svg)?.[1] ?? '';
  const box = await image.boundingBox();
  return {
    text: read?.data ?? null,
    modules: viewBox - 8,
    viewBox,
    widthMm: (box?.width ?? 0) * MM_PER_PX,
    path,
  };
}

describe('the QR codes of the printed timetables', () => {
  it('lead a stop poster to the stop’s live page for its direction: readable, 2 cm and more, a 4-module quiet zone, in the PDF', async () => {
    const p = session.page;
    await p.setViewportSize({ width: 1280, height: 900 });
    const poster = await api<{ siteUrl: string | null }>('stopPoster', {
      from: 1,
      to: null,
      dir: 'City bound',
      date: DATE,
    });
    const site = (poster.siteUrl ?? url('')).replace(/\/+$/, '');
    const address = `${site}/?from=1&dir=City+bound`;
    await session.go(`/print/stop/1?dir=City+bound&date=${DATE}`);
    const qr = await printedQr(p);
    expect(qr.text).toBe(address);
    // The quiet zone: the first dark module (the finder pattern's corner) 4 modules in, on a grid 8 wider than the code.
    expect(qr.path.startsWith('M4 4.5h7')).toBe(true);
    expect(qr.widthMm * (qr.modules / qr.viewBox)).toBeGreaterThanOrEqual(20);
    expect(await p.locator('.print-qr__address').textContent()).toBe(address.replace(/^https?:\/\//, ''));
    expect(await p.locator('.print-qr__text').textContent()).toBe(
      `Live departures from this stop: ${address.replace(/^https?:\/\//, '')}`,
    );
    await screenshot(p, 'print-qr-poster-city-en');
    const pdf = await p.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    writeFileSync(join(SCREENSHOT_DIR, 'print-qr-poster-city-en.pdf'), pdf);
    const text = pdf.toString('latin1');
    expect((text.match(/\/Type\s*\/Page(?![a-z])/g) ?? []).length).toBe(1);
    // The code is a link in the PDF too, to the same address.
    expect(text).toContain(`/URI (${address})`);
    await p.emulateMedia({ media: 'screen' });
  });

  it('lead a line’s printed timetable to the line’s page (Lithuanian)', async () => {
    const print = await api<{ siteUrl: string | null }>('linePrint', { id: 1, date: DATE });
    const site = (print.siteUrl ?? url('')).replace(/\/+$/, '');
    await lt.goto(url(`/print/line/1?date=${DATE}`));
    await settled(lt);
    const qr = await printedQr(lt);
    expect(qr.text).toBe(`${site}/browse/1`);
    expect(qr.widthMm * (qr.modules / qr.viewBox)).toBeGreaterThanOrEqual(20);
    expect(await lt.locator('.print-qr__text').textContent()).toBe(
      `Šio maršruto tvarkaraštis internete: ${site.replace(/^https?:\/\//, '')}/browse/1`,
    );
    await screenshot(lt, 'print-qr-line-lt');
    await lt.emulateMedia({ media: 'screen' });
  });
});

describe('the widget keeps itself current', () => {
  // Last of the file: the page's clock is made to run here (it stood still at the run's moment).
  it('asks for the departures again every 30 seconds while it is shown', async () => {
    await lt.clock.install({ time: NOW });
    const asked: string[] = [];
    lt.on('request', (request) => {
      if (request.url().includes('/trpc/timetable.departures')) asked.push(request.url());
    });
    await lt.goto(url('/embed/stop/1?rows=3&lang=lt'));
    await lt.locator('.widget__list .chip').first().waitFor();
    const first = asked.length;
    expect(first).toBeGreaterThan(0);
    await lt.clock.runFor(29_000);
    expect(asked.length).toBe(first);
    await lt.clock.runFor(2_000);
    await expect.poll(() => asked.length).toBeGreaterThan(first);
    // Today's answer again (the days after it are kept).
    expect(
      asked.slice(first).every((address) => address.includes(encodeURIComponent(`"date":"${TODAY}"`))),
    ).toBe(true);
  });
});
