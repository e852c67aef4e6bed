import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { alertWithText, screenshotViewport } from './admin-support.ts';
import {
  browserPerFile,
  DEMO_USER,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  goto,
  likeDate,
  openPage,
  pressLogIn,
  screenshot,
  settled,
  url,
} from './support.ts';

/*
 * The product in Lithuanian (browser locale lt-LT) and the LT / EN switch, in Chromium on the
 * real data. MONDAY is a Monday to come that runs as 2026-11-23 does; trip 17 is on line M17.
 */
const MONDAY = await likeDate('2026-11-23');
const HOME_PATH = `/?from=1&to=&dir=Out+bound&date=${MONDAY}`;

const { browser, track } = browserPerFile();

async function page(width = 1280, locale = 'lt-LT'): Promise<Page> {
  return track(await openPage(browser(), width, 900, locale));
}

const lang = (p: Page) => p.evaluate(() => document.documentElement.lang);
const h1 = (p: Page) => p.getByRole('heading', { level: 1 }).textContent();

describe('a browser that prefers Lithuanian', () => {
  it('gets the timetable in Lithuanian, the same address, and the switch to English', async () => {
    const p = await page();
    await goto(p, HOME_PATH);
    expect(await lang(p)).toBe('lt');
    expect(await h1(p)).toBe('Tvarkaraštis');
    expect(await p.getByRole('link', { name: 'Maršrutai' }).count()).toBe(1);
    expect(await p.getByRole('combobox', { name: 'Iš' }).count()).toBe(1);
    expect(await p.getByRole('radio', { name: 'Iš Anykščių' }).isChecked()).toBe(true);
    expect(await p.title()).toBe(`Išvykimai ${MONDAY}, iš Anykščių – Anykščių autobusų tvarkaraštis`);
    // The switch: LT pressed, the address untouched by the language.
    const switchGroup = p.getByRole('group', { name: 'Kalba' });
    expect(await switchGroup.getByRole('button', { name: 'LT' }).getAttribute('aria-pressed')).toBe('true');
    await expectNoAxeViolations(p, 'home in Lithuanian');
    await screenshot(p, 'lt-home-1280');

    await switchGroup.getByRole('button', { name: 'EN' }).click();
    await p.getByRole('heading', { level: 1, name: 'Timetable' }).waitFor();
    expect(await lang(p)).toBe('en');
    expect(new URL(p.url()).search).toBe(new URL(url(HOME_PATH)).search);
    // Remembered on the device: a reload stays in English although the browser prefers Lithuanian.
    await p.reload();
    await settled(p);
    expect(await h1(p)).toBe('Timetable');
    expect(await lang(p)).toBe('en');
    await p.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'LT' }).click();
    await p.getByRole('heading', { level: 1, name: 'Tvarkaraštis' }).waitFor();
    expect(await lang(p)).toBe('lt');
  });

  it('finds stops by what people type and names the days and months in Lithuanian', async () => {
    const p = await page(390);
    await goto(p, HOME_PATH);
    const from = p.getByRole('combobox', { name: 'Iš' });
    await from.click();
    await from.fill('Utena');
    await p
      .getByRole('option', { name: /Utenos AS/ })
      .first()
      .waitFor();
    await p.keyboard.press('Escape');
    // The calendar: Lithuanian month and weekday names.
    // The date button names the weekday too ('pr' = pirmadienis).
    await p.getByRole('button', { name: new RegExp(`^Data pr ${MONDAY}`) }).click();
    const dialog = p.getByRole('dialog', { name: 'Pasirinkite datą' });
    await dialog.waitFor();
    const day = new Date(`${MONDAY}T12:00:00Z`);
    const inLithuanian = (options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat('lt', { ...options, timeZone: 'UTC' }).format(day);
    // 'lapkritis'; the day '2026 m. lapkričio 23 d., pirmadienis, pasirinkta'.
    expect((await dialog.textContent())?.toLowerCase()).toContain(inLithuanian({ month: 'long' }));
    const dayName = `${inLithuanian({ year: 'numeric', month: 'long', day: 'numeric', weekday: 'long' })}, pasirinkta`;
    expect(dayName).toMatch(/^\d{4} m\. \p{L}+ \d+ d\., pirmadienis, pasirinkta$/u);
    expect(await dialog.getByRole('button', { name: dayName }).count()).toBe(1);
    await expectNoAxeViolations(p, 'calendar in Lithuanian');
    await screenshotViewport(p, 'lt-calendar-390');
    await p.keyboard.press('Escape');
    await expectNoHorizontalScroll(p, 390);
    await screenshot(p, 'lt-home-390');
  });

  it('shows the line, trip and browse pages in Lithuanian (weekday strip P A T K P Š S)', async () => {
    for (const width of [390, 1280]) {
      const p = await page(width);
      await goto(p, '/trip/17?from=1');
      expect(await lang(p)).toBe('lt');
      expect(await p.locator('.weekdays [aria-hidden="true"]').first().textContent()).toMatch(/^P/);
      const letters = await p
        .locator('.weekdays')
        .first()
        .evaluate((el) => el.textContent ?? '');
      expect(letters).toContain('PATKPŠS');
      await expectNoAxeViolations(p, `trip in Lithuanian at ${width}`);
      await expectNoHorizontalScroll(p, width);
      await screenshot(p, `lt-trip-${width}`);

      await goto(p, '/browse');
      expect(await h1(p)).toBe('Maršrutai');
      await expectNoHorizontalScroll(p, width);
      await screenshot(p, `lt-browse-${width}`);
      await p.getByRole('link', { name: 'Utena' }).first().click();
      await p.waitForURL(/\/browse\/\d+$/);
      await settled(p);
      await expectNoAxeViolations(p, `line in Lithuanian at ${width}`);
      await expectNoHorizontalScroll(p, width);
      await screenshot(p, `lt-line-${width}`);

      await goto(p, '/no/such/page');
      expect(await h1(p)).toBe('Tokio puslapio nėra');
    }
  });

  it('says in Lithuanian that the timetable cannot be reached', async () => {
    const p = await page(390);
    await goto(p, HOME_PATH);
    await p.context().setOffline(true);
    await p.getByRole('radio', { name: 'Miesto autobusas' }).check();
    await alertWithText(
      p,
      'Nepavyko pasiekti tvarkaraščio. Patikrinkite interneto ryšį ir bandykite dar kartą.',
    );
    expect(await p.getByRole('button', { name: 'Bandyti dar kartą' }).count()).toBe(1);
    await p.context().setOffline(false);
  });
});

describe('the admin board in Lithuanian', () => {
  it('signs in, refuses and saves with Lithuanian messages, shows the bus stops at 390 and 1280 px', async () => {
    const p = await page();
    await p.goto(url('/admin-access'));
    await p.getByRole('heading', { level: 1, name: 'Administratoriaus prisijungimas' }).waitFor();
    expect(await lang(p)).toBe('lt');
    // A refused sign-in: the server's message in Lithuanian.
    await p.getByLabel('Naudotojo vardas').fill(DEMO_USER.username);
    await p.getByLabel('Slaptažodis').fill('wrong-password');
    expect(await pressLogIn(p, 'Prisijungti')).toBe(401);
    const refusal = p.getByRole('alert').first();
    await refusal.waitFor();
    const refusalText = (await refusal.textContent()) ?? '';
    expect(refusalText).not.toMatch(/Bad credentials/i);
    expect(refusalText).toMatch(/[ąčęėįšųūž]|neteising/i);

    await p.getByLabel('Slaptažodis').fill(DEMO_USER.password);
    expect(await pressLogIn(p, 'Prisijungti')).toBe(200);
    await p.waitForURL(/\/admin-panel$/);
    await p.getByRole('heading', { level: 1, name: 'Sveiki' }).waitFor();
    await expectNoAxeViolations(p, 'admin home in Lithuanian');
    await screenshotViewport(p, 'lt-admin-home-1280');

    // An inline edit: the spec's validation message and the saved notice, in Lithuanian.
    await p.getByRole('link', { name: 'Švenčių dienos' }).first().click();
    await p.getByRole('heading', { level: 1, name: 'Švenčių dienos' }).waitFor();
    const name = `E2E šventė ${Date.now() % 1_000_000}`;
    await p.getByRole('button', { name: 'Pridėti šventę' }).click();
    await p.getByLabel('Naujos šventės pavadinimas').fill(name);
    await p.getByRole('button', { name: 'Išsaugoti' }).click();
    await alertWithText(p, 'Įvesti duomenys netinkami, patikrinkite, ar viskas įvesta teisingai');
    await p.getByRole('button', { name: /^Naujos šventės data: nenurodyta/ }).click();
    const calendar = p.getByRole('dialog', { name: 'Kalendorius: Naujos šventės data' });
    await calendar.waitFor();
    // Days are named the Lithuanian way, month first: 'lapkričio 20 d.'.
    await calendar
      .getByRole('button', { name: / 20 d\.$/ })
      .first()
      .click();
    await p.getByRole('button', { name: 'Išsaugoti' }).click();
    await alertWithText(p, 'Sėkmingai išsaugota duomenų bazėje');
    await expectNoAxeViolations(p, 'holidays in Lithuanian');
    await screenshotViewport(p, 'lt-admin-holidays-1280');
    await p.getByRole('button', { name: `Ištrinti šventę „${name}“` }).click();
    await p.getByRole('button', { name: 'Taip, ištrinti' }).click();
    await alertWithText(p, `Šventė „${name}“ ištrinta.`);

    await p.getByRole('link', { name: 'Stotelės' }).first().click();
    await p.getByRole('heading', { level: 1, name: 'Stotelės' }).waitFor();
    await expectNoAxeViolations(p, 'bus stops in Lithuanian');
    await screenshotViewport(p, 'lt-admin-bus-stops-1280');
    await p.setViewportSize({ width: 390, height: 900 });
    await screenshotViewport(p, 'lt-admin-bus-stops-390');
    await expectNoHorizontalScroll(p, 390);
  });
});
