import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminApi, deleteHoliday } from './admin-support.ts';
import {
  api,
  browserPerFile,
  DEMO_USER,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  likeDate,
  NOW,
  openPage,
  screenshot,
  settled,
  url,
} from './support.ts';

/*
 * Offline use (issue 15) in Chromium: the app installs (manifest, icons, service worker), and a
 * visitor who loses the network sees the last timetable with a banner saying when it was
 * fetched; back online the banner goes and the current timetable shows. Each test has a fresh
 * browser context, so no other test file ever meets a worker installed here.
 *
 * WEDNESDAY is a Wednesday to come and no public holiday (one running as 2027-01-13 does,
 * whatever the run's moment); made one (by the admin, while the visitor is offline), its
 * departures change, which is how "fresh data" is told from the kept answer.
 */
const WEDNESDAY = await likeDate('2027-01-13');
const HOME_PATH = `/?from=1&to=&dir=Out+bound&date=${WEDNESDAY}`;
const BANNER = /^You are offline\. Showing the timetable as of (\d\d:\d\d)\.Try again$/;
const BANNER_LT = /^Nėra interneto ryšio\. Rodomas tvarkaraštis, koks buvo (\d\d:\d\d)\.Bandyti dar kartą$/;

const { browser, track } = browserPerFile();

async function page(locale = 'en-GB'): Promise<Page> {
  const p = await openPage(browser(), 390, 844, locale, undefined, 'allow');
  return track(p);
}

async function goto(p: Page, path: string): Promise<void> {
  await p.goto(url(path));
  await settled(p);
}

/** The chips' texts ('HH:MM' and the line), in page order, once there are any. */
async function chipTexts(p: Page): Promise<string[]> {
  await p.locator('.chip').first().waitFor();
  return p.locator('.chip').allTextContents();
}
const banner = (p: Page) => p.locator('.offline-banner');

/**
 * Waits until the service worker serves the page and has kept the page, every file and every
 * public answer it loaded; returns when each kept answer was fetched ('HH:MM' in Vilnius).
 */
async function keptEverything(p: Page): Promise<string[]> {
  await p.waitForFunction(() => navigator.serviceWorker.controller !== null);
  let times: string[] = [];
  await expect
    .poll(
      async () => {
        const state = await p.evaluate(async () => {
          const loaded = performance
            .getEntriesByType('resource')
            .map((entry) => new URL(entry.name))
            .filter((u) => u.origin === location.origin && /^\/(assets\/|trpc\/timetable\.)/.test(u.pathname))
            .map((u) => u.pathname + u.search);
          const keys = async (name: string) =>
            (await (await caches.open(name)).keys()).map((r) => {
              const u = new URL(r.url);
              return u.pathname + u.search;
            });
          const kept = [...(await keys('bus-asset-v1')), ...(await keys('bus-answer-v1'))];
          const answers = await caches.open('bus-answer-v1');
          const stamps: number[] = [];
          for (const request of await answers.keys())
            stamps.push(Number((await answers.match(request))?.headers.get('x-fetched-at')));
          return {
            missing: loaded.filter((path) => !kept.includes(path)),
            page: (await keys('bus-page-v1')).includes('/'),
            // The banner's stylesheet, which the page has not loaded: handed to the worker to keep.
            stylesheet: kept.some((path) => /^\/assets\/offline-[^/]*\.css$/.test(path)),
            stamps,
          };
        });
        times = state.stamps.map(vilniusTime);
        return { missing: state.missing, page: state.page, stylesheet: state.stylesheet };
      },
      { timeout: 15_000 },
    )
    .toEqual({ missing: [], page: true, stylesheet: true });
  return times;
}

/** 'HH:MM' of an instant on Vilnius' clock. */
function vilniusTime(instant: number | Date): string {
  return new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Europe/Vilnius',
  }).format(instant);
}

async function signInToken(): Promise<string> {
  const response = await fetch(url('/trpc/auth.signIn'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_USER),
  });
  const body = (await response.json()) as { result?: { data: { accessToken: string } } };
  if (!body.result) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.result.data.accessToken;
}

/** The Wednesday's departures as the server answers now (JSON, to compare). */
const departures = async () =>
  JSON.stringify(
    await api<unknown>('departures', {
      from: 1,
      to: null,
      dir: 'Out bound',
      date: WEDNESDAY,
    }),
  );

describe('the app installs', () => {
  it('has a manifest with its names, icons and start address, and a service worker for the whole site', async () => {
    const p = await page();
    await goto(p, '/');
    await keptEverything(p);
    const scope = await p.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(url('/'));

    const cdp = await p.context().newCDPSession(p);
    const manifest = (await cdp.send('Page.getAppManifest')) as {
      url: string;
      errors: { message: string }[];
      data?: string;
    };
    expect(manifest.url).toBe(url('/site.webmanifest'));
    expect(manifest.errors).toEqual([]);
    const data = JSON.parse(manifest.data ?? '{}') as Record<string, unknown>;
    expect(data).toMatchObject({
      name: 'Anykščių autobusų tvarkaraštis – Anyksciai bus timetable',
      short_name: 'Autobusai',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#12395f',
    });
    // Every icon the manifest names is there, as the type it says.
    for (const icon of data.icons as { src: string; type: string }[]) {
      const response = await fetch(url(icon.src));
      expect(response.status, icon.src).toBe(200);
      expect(response.headers.get('content-type'), icon.src).toContain(icon.type);
    }
    // Chromium's own check of what an installable app needs.
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    // A browser context of a test is a private window, where nothing is installed; nothing else.
    expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
  });
});

describe('offline', () => {
  it('shows the last timetable with a banner when the network is cut, and the current one when it is back', async () => {
    const p = await page();
    await goto(p, HOME_PATH);
    const before = await chipTexts(p);
    expect(before.length).toBeGreaterThan(0);
    // The lines page too, so a second address is kept.
    await goto(p, '/browse');
    const lines = await p.locator('main a').count();
    expect(lines).toBeGreaterThan(5);
    await goto(p, HOME_PATH);
    expect(await banner(p).count()).toBe(0);
    const fetchedAt = await keptEverything(p);

    await p.context().setOffline(true);
    // Reloaded with no network: the page, its files and the answer come from this device.
    await p.reload();
    await settled(p);
    expect(await chipTexts(p)).toEqual(before);
    // The live region goes in empty; its words come on the next frame (so they are announced).
    await banner(p).locator('p').waitFor();
    const text = (await banner(p).textContent()) ?? '';
    expect(text).toMatch(BANNER);
    expect(fetchedAt).toContain(BANNER.exec(text)?.[1]);
    // The server's clock stands at the run's moment: so does the time of every kept answer.
    expect(BANNER.exec(text)?.[1]).toBe(vilniusTime(NOW));
    expect(await banner(p).getAttribute('role')).toBe('status');
    // Styled: its stylesheet, first needed offline, was kept while online (it applies once
    // read from this device, which may be a moment after the words).
    await expect
      .poll(() => banner(p).evaluate((b) => getComputedStyle(b).backgroundColor))
      .toBe('rgb(255, 244, 214)');
    await expectNoAxeViolations(p, 'home offline');
    await expectNoHorizontalScroll(p, 390);
    await screenshot(p, 'offline-home-390');

    // Another address opened with no network: the kept lines list, with the banner.
    await goto(p, '/browse');
    expect(await p.locator('main a').count()).toBe(lines);
    expect(await banner(p).textContent()).toMatch(BANNER);
    // Back home, offline still.
    await goto(p, HOME_PATH);
    expect(await chipTexts(p)).toEqual(before);
    expect(await banner(p).textContent()).toMatch(BANNER);

    // Meanwhile the timetable changes: the Wednesday becomes a public holiday.
    const served = await departures();
    const token = await signInToken();
    const { id } = await adminApi<{ id: number }>(
      token,
      'holidays.save',
      {
        id: null,
        name: 'E2E offline holiday',
        month: Number(WEDNESDAY.slice(5, 7)),
        day: Number(WEDNESDAY.slice(8, 10)),
        baseVersion: 0,
      },
      'mutation',
    );
    try {
      expect(await departures()).not.toBe(served);
      // Still the kept timetable, with the banner: no network yet.
      expect(await chipTexts(p)).toEqual(before);

      // Back online: the page loads anew by itself, the banner goes, the new timetable shows.
      await p.context().setOffline(false);
      await expect.poll(() => banner(p).count(), { timeout: 15_000 }).toBe(0);
      await settled(p);
      const after = await chipTexts(p);
      expect(after).not.toEqual(before);
      await screenshot(p, 'offline-back-online-390');

      // A reload online asks the network, never the kept answer: the same new timetable.
      await p.reload();
      await settled(p);
      expect(await chipTexts(p)).toEqual(after);
      expect(await banner(p).count()).toBe(0);
    } finally {
      await deleteHoliday(token, id);
    }
  });

  it('an answer never fetched says the timetable cannot be reached, as without the worker', async () => {
    const p = await page();
    await goto(p, HOME_PATH);
    await keptEverything(p);
    await p.context().setOffline(true);
    await p.getByRole('radio', { name: 'City bus' }).check();
    await p.getByRole('alert').filter({ hasText: 'The timetable cannot be reached' }).waitFor();
    // Nothing kept was shown for it: no banner.
    expect(await banner(p).count()).toBe(0);
    await p.context().setOffline(false);
  });

  it('says it in Lithuanian, and follows the language switch', async () => {
    const p = await page('lt-LT');
    await goto(p, HOME_PATH);
    const before = await chipTexts(p);
    // Both languages once while online (so both catalogues are on the device), back to LT.
    const language = (p: Page, code: string) =>
      p.locator('.lang-switch').getByRole('button', { name: code, exact: true });
    await language(p, 'EN').click();
    await p.getByRole('heading', { level: 1, name: 'Timetable' }).waitFor();
    await language(p, 'LT').click();
    await p.getByRole('heading', { level: 1, name: 'Tvarkaraštis' }).waitFor();
    const fetchedAt = await keptEverything(p);

    await p.context().setOffline(true);
    await p.reload();
    await settled(p);
    expect(await chipTexts(p)).toEqual(before);
    // The live region goes in empty; its words come on the next frame (so they are announced).
    await banner(p).locator('p').waitFor();
    const text = (await banner(p).textContent()) ?? '';
    expect(text).toMatch(BANNER_LT);
    expect(fetchedAt).toContain(BANNER_LT.exec(text)?.[1]);
    expect(BANNER_LT.exec(text)?.[1]).toBe(vilniusTime(NOW));
    await expectNoAxeViolations(p, 'home offline in Lithuanian');
    await expectNoHorizontalScroll(p, 390);
    await screenshot(p, 'offline-home-lt-390');

    // The switch words the banner too, with no network.
    await language(p, 'EN').click();
    await expect.poll(() => banner(p).textContent()).toMatch(BANNER);
    await p.context().setOffline(false);
  });
});
