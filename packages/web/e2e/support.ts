import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { vilniusInstant } from '@bus/core';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';

/** What a context keeps (its cookies and local storage). */
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** The sign-in alone of what a context keeps: not its language or drafts. */
function signInOf(state: StorageState): StorageState {
  return {
    cookies: state.cookies,
    origins: state.origins.map((o) => ({
      ...o,
      localStorage: o.localStorage.filter((e) => e.name === 'user'),
    })),
  };
}

import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from 'vitest';
import { connectBrowser } from './chromium.ts';

/** Shared pieces of the end-to-end tests: the browser, the server address, axe, screenshots. */

/**
 * The run's one Chromium (started by e2e/browser-server.ts), connected to for a test file:
 * closing what this returns closes the file's contexts, not the browser.
 */
function fileBrowser(): Promise<Browser> {
  return connectBrowser(inject('browserEndpoint'));
}

/**
 * The server of this worker: scripts/e2e.sh starts one per worker and lists them in
 * E2E_BASE_URLS; worker N (VITEST_POOL_ID, 1-based) takes the Nth. E2E_BASE_URL names one server
 * for a run against a server started by hand.
 */
export const BASE_URL = serverOfThisWorker().replace(/\/$/, '');

function serverOfThisWorker(): string {
  const urls = (process.env.E2E_BASE_URLS ?? '').split(',').filter(Boolean);
  if (urls.length === 0) return process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000';
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  const chosen = urls[worker - 1];
  if (!chosen) throw new Error(`no server for worker ${worker} in E2E_BASE_URLS`);
  return chosen;
}
export const SCREENSHOT_DIR = join(import.meta.dirname, '..', 'test-results', 'screenshots');

/**
 * The moment the run happens at, on Vilnius' clock ('YYYY-MM-DDTHH:MM'): scripts/e2e.sh sets
 * E2E_NOW and fixes its servers' clock at it (packages/server/test/serve-at.ts); every page's
 * clock is fixed at it too (fixClock). Tests derive their dates from it, never from the real
 * today, so the suite passes whatever the day and hour it runs.
 */
export const E2E_NOW = process.env.E2E_NOW ?? '2026-11-29T12:00';
/** The date of the run's moment in Vilnius ('YYYY-MM-DD'): the servers' and the browser's today. */
export const TODAY = E2E_NOW.slice(0, 10);
/** The run's moment as minutes after midnight in Vilnius. */
export const NOW_MINUTES = Number(E2E_NOW.slice(11, 13)) * 60 + Number(E2E_NOW.slice(14, 16));
/** The run's moment as an instant. */
export const NOW = new Date(vilniusInstant(TODAY, NOW_MINUTES));
if (Number.isNaN(NOW.getTime())) throw new Error(`E2E_NOW is not a Vilnius minute: '${E2E_NOW}'`);

/**
 * Fixes the clock of every page of the context at the run's moment (the servers' clock): Date
 * stands still while timers run. A test that needs the time to pass installs a clock of its own
 * (`page.clock.install`), which replaces this one.
 */
export async function fixClock(context: BrowserContext): Promise<void> {
  await context.clock.setFixedTime(NOW);
}

/** `date` ('YYYY-MM-DD') moved by `days` (negative: back). */
export function plusDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The day of the week of `date`: 0 Sunday ... 6 Saturday. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T12:00:00Z`).getUTCDay();
}

/** The first date after `date` (never `date` itself) that falls on `weekday` (0 Sunday ... 6 Saturday). */
export function nextWeekday(weekday: number, date = TODAY): string {
  return plusDays(date, (weekday - weekdayOf(date) + 7) % 7 || 7);
}

/**
 * Uncaught errors, console errors and Content Security Policy violations of every page opened
 * so far; tests check it stays empty.
 */
export const pageErrors: string[] = [];

/**
 * Collects the page's uncaught errors and console errors in pageErrors. The server sends a
 * strict Content Security Policy, so anything it blocks is a console error and fails the tests.
 * Only the browser's own notes on a failed request are let through ('Failed to load resource',
 * and for the offline worker's script cut off while it registers, 'An unknown error occurred
 * when fetching the script'): tests cut the network and ask for missing pages on purpose, and
 * the app says so in words (a worker that cannot register leaves the site working online).
 */
const BROWSER_NETWORK_NOTES = /^(Failed to load resource|An unknown error occurred when fetching the script)/;

export function watchPage(page: Page): Page {
  page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !BROWSER_NETWORK_NOTES.test(message.text()))
      pageErrors.push(`${page.url()}: ${message.text()}`);
  });
  return page;
}

/**
 * A page at the given viewport width and browser locale, watched for errors (watchPage). Its
 * site runs without the offline worker unless `serviceWorkers` is 'allow' (offline.e2e.ts): the
 * worker keeps a copy of every file and answer a page loads, work that each new context did
 * again and that no other test looks at.
 *
 * Without the worker, the page comes from a context a finished test gave back (releasePage)
 * when there is one of that locale: a new context and its first load cost Chromium about 2.4
 * CPU-seconds, a new page beside a page kept open in the same context about 1 (the browser's
 * cache and processes stay warm). A context is given back only as it was new: no cookie,
 * storage, permission, position, route or offline switch of the test that used it, and its clock
 * at the run's moment; one whose test did what cannot be undone (its own clock, an init script,
 * an exposed function, extra headers, a listener) is closed instead.
 */
export async function openPage(
  browser: Browser,
  width = 1280,
  height = 900,
  locale = 'en-GB',
  storageState?: StorageState,
  serviceWorkers: 'allow' | 'block' = 'block',
): Promise<Page> {
  if (serviceWorkers === 'block') {
    const kept = takeKeptContext(browser, locale);
    if (kept) return watchPage(await kept.reopen(width, height, storageState));
  }
  const context = await browser.newContext({
    viewport: { width, height },
    locale,
    storageState,
    serviceWorkers,
  });
  await keepOffline(context);
  await fixClock(context);
  if (serviceWorkers === 'block') keepable(context, browser, locale);
  return watchPage(await context.newPage());
}

/**
 * A same-origin address the contexts answer themselves (a blank document, never the server's):
 * a context given back rests on it while its storage is cleared.
 */
const RESTING_PATH = '/__e2e-resting';

interface KeptContext {
  context: BrowserContext;
  browser: Browser;
  locale: string;
  /** The test did something to it that cannot be undone: close it, do not give it out again. */
  spoilt: boolean;
  closed: boolean;
  /** The page it rests on between tests (on RESTING_PATH): a new page comes cheaper beside it. */
  resting?: Page;
  reopen(width: number, height: number, storageState?: StorageState): Promise<Page>;
}

const keptContexts: KeptContext[] = [];
const keptOf = new WeakMap<BrowserContext, KeptContext>();

function takeKeptContext(browser: Browser, locale: string): KeptContext | undefined {
  const i = keptContexts.findIndex((k) => k.browser === browser && k.locale === locale && !k.closed);
  return i < 0 ? undefined : keptContexts.splice(i, 1)[0];
}

/** Marks the context as one that may be given back, and spoilt by what cannot be undone. */
function keepable(context: BrowserContext, browser: Browser, locale: string): void {
  const kept: KeptContext = {
    context,
    browser,
    locale,
    spoilt: false,
    closed: false,
    async reopen(width, height, storageState) {
      const page = await context.newPage();
      const resting = kept.resting;
      kept.resting = undefined;
      if (resting) {
        if (storageState) await restoreStorage(context, resting, storageState);
        await resting.close();
      }
      await page.setViewportSize({ width, height });
      return page;
    },
  };
  keptOf.set(context, kept);
  context.on('close', () => {
    kept.closed = true;
  });
  const spoil =
    <T extends object, K extends keyof T>(target: T, method: K) =>
    () => {
      const original = target[method] as unknown as (...args: unknown[]) => unknown;
      (target as Record<K, unknown>)[method] = (...args: unknown[]) => {
        kept.spoilt = true;
        return original.apply(target, args);
      };
    };
  for (const method of [
    'addInitScript',
    'exposeBinding',
    'exposeFunction',
    'setExtraHTTPHeaders',
    'setHTTPCredentials',
    'on',
    'once',
    'addListener',
    'prependListener',
  ] as const)
    spoil(context, method)();
  for (const method of [
    'install',
    'fastForward',
    'runFor',
    'pauseAt',
    'resume',
    'setFixedTime',
    'setSystemTime',
  ] as const)
    spoil(context.clock, method)();
}

/** Puts a sign-in (cookies and the origin's local storage) into a context resting on the site. */
async function restoreStorage(context: BrowserContext, resting: Page, state: StorageState): Promise<void> {
  if (state.cookies.length > 0) await context.addCookies(state.cookies);
  const entries = state.origins.find((o) => o.origin === BASE_URL)?.localStorage ?? [];
  await resting.evaluate((items) => {
    for (const { name, value } of items) localStorage.setItem(name, value);
  }, entries);
}

/**
 * Gives a finished test's page back: its context is kept for the next openPage when it can be
 * made as new (see openPage), closed otherwise. Every other page of the context is closed.
 */
export async function releasePage(page: Page): Promise<void> {
  const context = page.context();
  const kept = keptOf.get(context);
  if (!kept || kept.closed) return;
  try {
    if (kept.spoilt || page.isClosed()) throw new Error('spoilt');
    page.removeAllListeners();
    await Promise.all(
      context
        .pages()
        .filter((p) => p !== page)
        .map((p) => p.close()),
    );
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await context.clearCookies();
    await context.clearPermissions();
    await context.setGeolocation(null);
    await context.setOffline(false);
    await keepOffline(context);
    // A page with unsaved work asks before it goes (beforeunload): it may go.
    page.on('dialog', (dialog) => dialog.accept());
    await page.goto(url(RESTING_PATH), { timeout: 10_000 });
    await page.evaluate(async () => {
      localStorage.clear();
      sessionStorage.clear();
      for (const db of await indexedDB.databases()) if (db.name) indexedDB.deleteDatabase(db.name);
      for (const key of await caches.keys()) await caches.delete(key);
    });
    kept.resting = page;
    keptContexts.push(kept);
  } catch {
    kept.closed = true;
    await context.close().catch(() => undefined);
  }
}

/** A 1×1 PNG of a pale land colour: what a map tile request gets in the tests. */
export const BLANK_TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGN48vIOAAVeAqrrMC5jAAAAAElFTkSuQmCC',
  'base64',
);

/** Any http(s) address whose origin is not the test server's. */
const OTHER_ORIGINS = new RegExp(`^https?://(?!${new URL(BASE_URL).host.replaceAll('.', '\\.')}(?:[/?#]|$))`);

/**
 * No test reaches the internet: in a context, every request to another origin than the test
 * server is answered here, an image (a map tile of the bus stops screen or a line page) with
 * BLANK_TILE and anything else refused. A test's own later `context.route` runs first.
 */
export async function keepOffline(context: BrowserContext): Promise<void> {
  await context.route(url(RESTING_PATH), (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>resting</title>' }),
  );
  await context.route(
    // A pattern, not a function: Playwright then stops only the requests it matches, where a
    // function is asked about every request of the page (a round trip each).
    OTHER_ORIGINS,
    (route) =>
      route.request().resourceType() === 'image'
        ? route.fulfill({ status: 200, contentType: 'image/png', body: BLANK_TILE })
        : route.abort('blockedbyclient'),
  );
}

/**
 * One browser for a test file: launched before its tests and closed after them; every page a
 * test opened (`track`) is closed after that test, which must have left no page error.
 */
export function browserPerFile(): { browser: () => Browser; track: (page: Page) => Page } {
  let browser: Browser | undefined;
  const pages: Page[] = [];
  beforeAll(async () => {
    browser = await fileBrowser();
  });
  afterEach(async () => {
    await Promise.all(pages.splice(0).map(releasePage));
    expect(pageErrors.splice(0)).toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
    likeDates.clear();
    keptContexts.splice(0);
  });
  return {
    browser: () => {
      if (!browser) throw new Error('the browser starts in beforeAll');
      return browser;
    },
    track: (page) => {
      pages.push(page);
      return page;
    },
  };
}

/** The demo administrator the server creates in DEMO mode. */
export const DEMO_USER = { username: 'boss', password: '2025' };

/** A user's access token (auth.signIn, as the sign-in page asks for it), for calls made by the test itself. */
export async function signInToken(username: string, password: string): Promise<string> {
  const response = await fetch(url('/trpc/auth.signIn'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await response.json()) as { result?: { data: { accessToken: string } } };
  if (!body.result) throw new Error(`${username} cannot sign in`);
  return body.result.data.accessToken;
}

/** The access token of the user signed in on this page (from localStorage 'user'). */
export async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const raw = localStorage.getItem('user');
    return raw ? (JSON.parse(raw) as { accessToken?: string }).accessToken : undefined;
  });
  if (!token) throw new Error('nobody is signed in on this page');
  return token;
}

/** Signs in through the login form and waits for the admin home. */
export async function signIn(page: Page): Promise<void> {
  await page.goto(url('/admin-access'));
  await page.getByLabel('Username').fill(DEMO_USER.username);
  await page.getByLabel('Password').fill(DEMO_USER.password);
  await logIn(page);
  await page.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
}

/**
 * Presses Log in (`button`: its name in the page's language) on a filled login form; the status
 * of the server's answer. The server takes ten
 * sign-ins a minute from one address (auth/rate-limiter.ts), and the test files that share a
 * server all sign in from 127.0.0.1: when it answers 429, the limit is the minute's, not the
 * test's, so the button is pressed again every 5 s until the minute lets one through (a refused
 * attempt is not counted), for at most 75 s.
 */
export async function pressLogIn(page: Page, button = 'Log in'): Promise<number> {
  const deadline = Date.now() + 75_000;
  for (;;) {
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/trpc/auth.signIn') && r.request().method() === 'POST'),
      page.getByRole('button', { name: button }).click(),
    ]);
    if (answer.status() !== 429 || Date.now() > deadline) return answer.status();
    await page.waitForTimeout(5000);
  }
}

/** Presses Log in on a form filled with a right password (pressLogIn) and waits for the admin panel. */
export async function logIn(page: Page): Promise<void> {
  await pressLogIn(page);
  await page.waitForURL(/\/admin-panel$/);
}

/**
 * One browser and one page for a test file whose tests walk on from each other: launched before
 * them, the page signed in as the demo administrator when `signedIn`, and after the file's own
 * afterAll hooks (which may still use the token) every page it opened is closed, the browser too,
 * and no page error may be left. `session.page` and `session.token` are set once the beforeAll
 * hooks registered before the file's own have run.
 */
export function pagePerFile(options: { signedIn?: boolean } = {}): FileSession {
  let browser: Browser | undefined;
  const pages: Page[] = [];
  // A page a test opens is given back after it (releasePage); one opened before the tests (in a
  // beforeAll, like the shared page) lasts the file.
  let inTest = false;
  const testPages: Page[] = [];
  let signedInState: StorageState | undefined;
  const session: FileSession = {
    page: undefined as unknown as Page,
    token: '',
    go: (path) => goto(session.page, path),
    heading: (name) => heading(session.page, name),
    signIn: async () => {
      await signIn(session.page);
      session.token = await tokenOf(session.page);
      signedInState = signInOf(await session.page.context().storageState());
      return session.token;
    },
    open: async ({ signedIn = false, width, height, locale } = {}) => {
      if (!browser) throw new Error('the browser starts in beforeAll');
      // Once the file has signed in, another signed-in page carries the same sign-in (the
      // login form is tested on its own; once per file is enough).
      const page = await openPage(browser, width, height, locale, signedIn ? signedInState : undefined);
      (inTest ? testPages : pages).push(page);
      if (signedIn && signedInState === undefined) {
        await signIn(page);
        signedInState = signInOf(await page.context().storageState());
      } else if (signedIn) {
        await page.goto(url('/admin-panel'));
        await page.getByRole('heading', { level: 1, name: 'Welcome' }).waitFor();
      }
      return page;
    },
  };
  beforeAll(async () => {
    browser = await fileBrowser();
    session.page = await session.open();
    if (options.signedIn) await session.signIn();
  });
  beforeEach(() => {
    inTest = true;
  });
  afterEach(async () => {
    inTest = false;
    await Promise.all(testPages.splice(0).map(releasePage));
  });
  afterAll(async () => {
    for (const page of pages.splice(0)) await page.context().close();
    await browser?.close();
    likeDates.clear();
    keptContexts.splice(0);
    expect(pageErrors.splice(0)).toEqual([]);
  });
  return session;
}

/** What pagePerFile gives a test file. */
export interface FileSession {
  /** The page the file's tests share. */
  page: Page;
  /** The demo administrator's access token, when the page is signed in ('' otherwise). */
  token: string;
  /** Opens a path of the site on the shared page and waits until it shows content. */
  go(path: string): Promise<void>;
  /** The shared page's main heading with this name. */
  heading(name: string | RegExp): Locator;
  /** Signs the shared page in as the demo administrator; its access token (kept in `token` too). */
  signIn(): Promise<string>;
  /** One more page for the file (closed with the others after it), signed in when asked. */
  open(options?: { signedIn?: boolean; width?: number; height?: number; locale?: string }): Promise<Page>;
}

export function url(path: string): string {
  return `${BASE_URL}${path}`;
}

/** The page's query string as an object. */
export function queryOf(page: Page): Record<string, string> {
  return Object.fromEntries(new URL(page.url()).searchParams);
}

/** A public tRPC query from the test itself (used to find data: a stop with an empty day...). */
export async function api<T>(path: string, input: unknown): Promise<T> {
  const response = await fetch(
    url(`/trpc/timetable.${path}?input=${encodeURIComponent(JSON.stringify(input))}`),
  );
  const body = (await response.json()) as { result?: { data: T }; error?: { message: string } };
  if (!body.result) throw new Error(`timetable.${path} failed: ${body.error?.message}`);
  return body.result.data;
}

/** The trips going out from Anykščių AS on a date, as the server answers (no public holiday: null). */
async function workdayTripsOut(date: string): Promise<Set<number> | null> {
  const answer = await api<{ holiday: boolean; items: { tripId: number }[] }>('departures', {
    from: 1,
    dir: 'Out bound',
    date,
  });
  return answer.holiday ? null : new Set(answer.items.map((i) => i.tripId));
}

/** What runs on a date, as the tests tell dates apart: the trips leaving the home station either way. */
async function serviceOf(date: string): Promise<string> {
  const sides = await Promise.all(
    (['Out bound', 'City bound'] as const).map((dir) =>
      api<{ holiday: boolean; items: { tripId: number; timeDepart: string }[] }>('departures', {
        from: 1,
        dir,
        date,
      }),
    ),
  );
  return JSON.stringify(sides.map((s) => [s.holiday, s.items.map((i) => `${i.tripId}@${i.timeDepart}`)]));
}

const likeDates = new Map<string, Promise<string>>();

/**
 * The first date after the run's today (or after `after`; never that day itself) on the
 * weekday of `reference` that runs as `reference` does (the same trips at the same times from
 * the home station, either way, and a public holiday or not): a date of the same season and
 * school term as the one a test was written for, but to come, whatever the run's moment. The
 * data's rules are yearly, so every year has such dates; a week another test changed is passed by.
 */
export function likeDate(reference: string, after = TODAY): Promise<string> {
  const key = `${reference}>${after}`;
  let found = likeDates.get(key);
  if (!found) {
    found = (async () => {
      const wanted = await serviceOf(reference);
      let day = nextWeekday(weekdayOf(reference), after);
      for (let week = 0; week < 106; week++, day = plusDays(day, 7))
        if ((await serviceOf(day)) === wanted) return day;
      throw new Error(`no date within two years after ${after} runs as ${reference} does`);
    })();
    likeDates.set(key, found);
  }
  return found;
}

/**
 * The first Thursday after the run's today (or `after`; never that day itself) that is not a public holiday and on
 * which every trip of `tripIds` leaves Anykščių AS going out, and, with `fridayToo`, the Friday
 * after it likewise: a date the tests of service changes can change, whenever they run (the
 * real data has seasons and holidays; Christmas Eve is a Thursday in 2026).
 */
export async function nextServiceThursday(
  tripIds: readonly number[] = [],
  fridayToo = false,
  after?: string,
): Promise<string> {
  const today = after ?? TODAY;
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
  let thursday = plusDays(today, (4 - weekday + 7) % 7 || 7);
  for (let week = 0; week < 53; week++, thursday = plusDays(thursday, 7)) {
    const days = fridayToo ? [thursday, plusDays(thursday, 1)] : [thursday];
    let fits = true;
    for (const day of days) {
      const trips = await workdayTripsOut(day);
      if (trips === null || tripIds.some((id) => !trips.has(id))) fits = false;
    }
    if (fits) return thursday;
  }
  throw new Error(`no Thursday in a year runs trips ${tripIds.join(', ')}`);
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Runs axe-core (WCAG 2.1 A and AA) on the page as it is now; fails listing every violation. */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  // Evaluated by the test driver, not added as an inline <script>: the page's Content
  // Security Policy rightly refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (c: Document, o: object) => Promise<{ violations: unknown[] }> } }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations;
  });
  const report = (violations as AxeViolation[]).map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n')}`,
  );
  expect(report, `axe on ${label}`).toEqual([]);
}

/** The document is no wider than the viewport (no horizontal scrolling). */
export async function expectNoHorizontalScroll(page: Page, width: number): Promise<void> {
  const scrollWidth = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
  expect(scrollWidth, `scrollWidth at ${width}px on ${page.url()}`).toBeLessThanOrEqual(width);
}

export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS === '0') return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** How the date picker names a day in English: '29 November 2026' (with its weekday before). */
export function dayName(date: string): RegExp {
  const words = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
  return new RegExp(`(^|\\s)${words}(,|$)`);
}

/** Picks `date` in the open English date picker, turning to later months until it shows. */
export async function pickDay(dialog: Locator, date: string): Promise<void> {
  const day = dialog.getByRole('button', { name: dayName(date) });
  for (let month = 0; month < 24 && (await day.count()) === 0; month++)
    await dialog.getByRole('button', { name: /Next Month/i }).click();
  await day.click();
}

/**
 * Waits until the page shows content rather than 'loading ...', its parts ready to use. What a
 * test reads after that it waits for by its own locator or poll; waiting for the network to fall
 * quiet cost half a second a page and said nothing more.
 */
export async function settled(page: Page): Promise<void> {
  // aria-busy: a part whose code comes after the first render (the stop selector) or a save
  // still on its way.
  await page.waitForFunction(
    () =>
      document.querySelector('main h1') &&
      !document.querySelector('main .loading') &&
      !document.querySelector('[aria-busy="true"]'),
  );
}

/** Opens a path of the site on the page and waits until it shows content (settled). */
export async function goto(page: Page, path: string): Promise<void> {
  await page.goto(url(path));
  await settled(page);
}

/** The page's main heading (h1) with this name. */
export function heading(page: Page, name: string | RegExp) {
  return page.getByRole('heading', { level: 1, name });
}

/**
 * A date as the app's notices word it ('14 December', 'gruodžio 14 d.'), worded here by Intl,
 * not by the app: with its year ('7 January 2027', '2027 m. sausio 7 d.') when `withYear`, by
 * default when the date is not in the run's year (as the trip page's banner says it).
 */
export function noticeDay(
  date: string,
  lang: 'en' | 'lt',
  withYear = date.slice(0, 4) !== TODAY.slice(0, 4),
): string {
  const words = new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'lt', {
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
  const year = date.slice(0, 4);
  if (!withYear) return words;
  return lang === 'en' ? `${words} ${year}` : `${year} m. ${words}`;
}

/** `text` as a regular expression that matches it literally. */
export function literally(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
