import { englishMessage, renderServerMessage, serverMessage } from '@bus/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessagesLt } from '../src/i18n/server-messages-lt.ts';
import { adminApi, alertWithText, screenshotViewport } from './admin-support.ts';
import {
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  pagePerFile,
  screenshot,
  settled,
  url,
} from './support.ts';

/*
 * Publishing the timetable as open data (GTFS) and giving stops their positions, in Chromium on
 * the real data of a fresh database (DEMO on: boss/2025). The real stops have no positions yet,
 * so the feed is never ready here: the test checks the problems it lists and how they shrink.
 * What it changes (the settings, one stop's position) is put back at its end.
 */

interface Overview {
  settings: { siteUrl: string | null; windowDays: number };
  savedAt: string | null;
  problems: ({ kind: string } & Record<string, unknown>)[];
  summary: { start: string; end: string };
}

const SAVED = 'Successfully saved to the database';
const SITE = 'https://autobusai.anyksciai.lt';
const PUBLISHER = 'Anykščių rajono savivaldybė';
const OPERATOR = 'Transporto Centras';
const POSITION = '55.5248, 25.1043';
// The server's words for the rules (core's English, the Lithuanian catalogue's), by their keys.
const MALFORMED = englishMessage(serverMessage('invalidPosition', { problem: 'malformed' }));
const OUTSIDE = englishMessage(serverMessage('invalidPosition', { problem: 'outside' }));
const MALFORMED_LT = renderServerMessage(
  serverMessagesLt,
  serverMessage('invalidPosition', { problem: 'malformed' }),
);
const SITE_URL_RULE = englishMessage(serverMessage('invalidWebAddress', { field: 'siteUrl' }));

let page: Page;
let token: string;
/** The problems of the fresh database, as the server lists them. */
let initial: Overview;
/** The stop this test gives a position (the first one the feed misses). */
let stop: { stopId: number; stopName: string };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const session = pagePerFile();
const { go, heading } = session;

const overview = () => adminApi<Overview>(token, 'publishing.get');
const missingStops = (o: Overview) => o.problems.filter((p) => p.kind === 'stopPosition').length;
const status = () => page.locator('.feed-status');
const problemsText = async () => (await page.locator('.feed-problems').textContent()) ?? '';

beforeAll(() => {
  page = session.page;
});

afterAll(async () => {
  // Put back what the test changed, whatever failed on the way.
  if (token) {
    const now = await overview().catch(() => null);
    if (now && now.savedAt !== null)
      await adminApi(
        token,
        'publishing.save',
        {
          siteUrl: null,
          publisherName: null,
          publisherContact: null,
          operators: [{ name: OPERATOR, url: null, phone: null }],
          windowDays: 365,
          baseSavedAt: now.savedAt,
        },
        'mutation',
      ).catch(() => undefined);
  }
});

describe('publishing the open data (GTFS)', () => {
  it('lists every problem of a fresh database in plain words, with the ways to fix them', async () => {
    token = await session.signIn();
    initial = await overview();
    const stops = initial.problems.filter((p) => p.kind === 'stopPosition');
    const backwards = initial.problems.filter((p) => p.kind === 'timesBackwards');
    expect(stops.length).toBeGreaterThan(100);
    stop = { stopId: Number(stops[0]?.stopId), stopName: String(stops[0]?.stopName) };

    await page
      .getByRole('navigation', { name: 'Admin menu' })
      .getByRole('link', { name: 'Publishing' })
      .click();
    await page.waitForURL(/\/admin-panel\/publishing$/);
    await heading('Publishing (GTFS)').waitFor();
    await settled(page);
    expect(await status().locator('.feed-status__verdict').textContent()).toBe(
      'Not ready to publish yet. Fix what is listed below: the feed is published as soon as nothing is left.',
    );
    const listed = await problemsText();
    for (const words of [
      'The site address is not set.',
      'The publisher name is not set.',
      'The publisher contact is not set.',
      `${OPERATOR} has no web address.`,
      `${stops.length} stops of the timetable have no position: ${stop.stopName}`,
      `and ${stops.length - 5} more.`,
      'Show the stops without a position',
    ])
      expect(listed).toContain(words);
    if (backwards.length > 0)
      expect(listed).toContain(
        backwards.length === 1
          ? 'In 1 trip the time goes backwards:'
          : `In ${backwards.length} trips the time goes backwards:`,
      );
    // Trips 18 and 20: City bound, yet they leave Anykščių AS; each links to its schedule.
    expect(listed).toContain('The direction of 2 trips contradicts their stop order:');
    expect(listed).toContain(
      'M17, schedule 9, trip 18: City bound, but it starts at Anykščių AS and ends at Kurkliai II k',
    );
    expect(await page.locator('.feed-problems a[href="/admin-panel/schedules/4/10"]').count()).toBe(1);
    // ~190 stops stay one item naming five of them.
    expect(await page.locator('.feed-problems > li').count()).toBeLessThan(10);
    expect(await page.locator('.feed-problems a[href^="/admin-panel/bus-stops?stop="]').count()).toBe(5);
    const firstTrip = backwards[0];
    if (firstTrip)
      expect(
        await page
          .locator(
            `.feed-problems a[href="/admin-panel/schedules/${firstTrip.lineId}/${firstTrip.scheduleId}"]`,
          )
          .count(),
      ).toBeGreaterThan(0);
    // Not ready: no download, no public address yet.
    expect(await page.getByRole('button', { name: 'Download gtfs.zip' }).isDisabled()).toBe(true);
    expect(await page.locator('a[href="/gtfs.zip"]').count()).toBe(0);
    await status().getByText('Fill in the site address to see the public address of the feed.').waitFor();
    expect((await fetch(url('/gtfs.zip'))).status).toBe(404);

    // A setting's problem takes the user to its field.
    await page.getByRole('button', { name: 'Fill in: Site address' }).click();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('publishing-siteUrl');
    await expectNoAxeViolations(page, 'publishing, not ready');
    await screenshot(page, 'publishing-1280');
  });

  it('refuses invalid settings inline with the server’s words, then saves them', async () => {
    await page.getByLabel('Site address', { exact: true }).fill('autobusai.anyksciai.lt');
    await page.getByLabel('Feed period, days', { exact: true }).fill('10');
    await page.getByLabel('Phone', { exact: true }).fill('call us');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await alertWithText(page, SITE_URL_RULE);
    for (const [label, words] of [
      ['Site address', SITE_URL_RULE],
      ['Feed period, days', englishMessage(serverMessage('feedWindowDays', { min: 30, max: 730 }))],
      ['Phone', englishMessage(serverMessage('invalidPhone'))],
    ] as const) {
      const field = page.getByLabel(label, { exact: true });
      expect(await field.getAttribute('aria-invalid'), label).toBe('true');
      const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
      const problemId = describedBy.split(' ')[0] ?? '';
      expect(await page.locator(`[id="${problemId}"]`).textContent(), label).toBe(words);
    }
    // The first refused field has the focus; nothing was sent.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('publishing-siteUrl');
    expect((await overview()).savedAt).toBeNull();
    await screenshotViewport(page, 'publishing-invalid-1280');

    await page.getByLabel('Site address', { exact: true }).fill(SITE);
    await page.getByLabel('Publisher name', { exact: true }).fill(PUBLISHER);
    await page.getByLabel('Publisher contact', { exact: true }).fill('info@anyksciai.lt');
    await page.getByLabel('Feed period, days', { exact: true }).fill('400');
    await page.getByLabel('Web address', { exact: true }).fill('https://www.operator.example.lt');
    await page.getByLabel('Phone', { exact: true }).fill('+370 381 12345');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await alertWithText(page, SAVED);

    const saved = await overview();
    expect(saved.savedAt).not.toBeNull();
    expect(saved.settings).toMatchObject({ siteUrl: SITE, windowDays: 400 });
    // The readiness follows: the settings and the operator are done, the timetable's problems stay.
    await expect.poll(problemsText).not.toContain('The site address is not set.');
    const listed = await problemsText();
    expect(listed).not.toContain('publisher');
    expect(listed).not.toContain('has no web address');
    expect(listed).toContain(`${missingStops(initial)} stops of the timetable have no position`);
    await status().getByText(`${saved.summary.start} to ${saved.summary.end}`).waitFor();
    expect(await status().locator('.feed-address code').textContent()).toBe(`${SITE}/gtfs.zip`);
    // Saved values show again after a reload.
    await page.reload();
    await settled(page);
    expect(await page.getByLabel('Publisher name', { exact: true }).inputValue()).toBe(PUBLISHER);
    expect(await page.getByLabel('Feed period, days', { exact: true }).inputValue()).toBe('400');
  });

  it('refuses a save made from older settings and offers the current ones', async () => {
    await page.getByLabel('Publisher name', { exact: true }).fill('Mine');
    // Someone else saves in between.
    const now = await overview();
    await adminApi(
      token,
      'publishing.save',
      {
        siteUrl: SITE,
        publisherName: 'Theirs',
        publisherContact: 'info@anyksciai.lt',
        operators: [{ name: OPERATOR, url: 'https://www.operator.example.lt', phone: null }],
        windowDays: 400,
        baseSavedAt: now.savedAt,
      },
      'mutation',
    );
    await page.getByRole('button', { name: 'Save settings' }).click();
    const conflict = page.locator('.safety-notice[role="alert"]');
    await conflict.waitFor();
    expect(await conflict.textContent()).toContain(
      'The publishing setup was changed by someone else after you opened it. Nothing was saved',
    );
    expect((await overview()).settings).toMatchObject({ siteUrl: SITE });
    await conflict.getByRole('button', { name: 'Reload the current version' }).click();
    await expect
      .poll(() => page.getByLabel('Publisher name', { exact: true }).inputValue(), { timeout: 10_000 })
      .toBe('Theirs');
    expect(await page.locator('.safety-notice').count()).toBe(0);
  });

  it('gives a stop a position on the bus stops screen; text that is no position is refused', async () => {
    // The stop's link opens the bus stops screen at that stop, its position field focused.
    await page.getByRole('link', { name: `Give ${stop.stopName} a position` }).click();
    await page.waitForURL(new RegExp(`/admin-panel/bus-stops\\?stop=${stop.stopId}$`));
    await heading('Bus stops').waitFor();
    await page.getByText(`Showing one stop: ${stop.stopName}.`).waitFor();
    const field = page.getByLabel(`Position of ${stop.stopName}`);
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    const total = (await page.locator('.stops-positions__count').textContent()) ?? '';
    const without = Number(total.split(' ')[0]);
    expect(without).toBeGreaterThanOrEqual(missingStops(initial));

    for (const [typed, words] of [
      ['Anykščiai', MALFORMED],
      ['25.1043, 55.5248', OUTSIDE],
    ] as const) {
      await field.fill(typed);
      await expect.poll(() => field.inputValue()).toBe(typed);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await alertWithText(page, words);
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      expect(await page.locator('.position-cell .field-error').textContent()).toBe(words);
    }
    await screenshotViewport(page, 'bus-stops-position-invalid-1280');
    const stored = await adminApi<{ stop: { id: number; position: unknown } }[]>(
      token,
      'stops.listWithUsage',
    );
    expect(stored.find((item) => item.stop.id === stop.stopId)?.stop.position).toBeNull();

    // A pair pasted from a map, as maps copy it.
    await field.fill(` ${POSITION} `);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await alertWithText(page, SAVED);
    const row = page.getByRole('row', { name: new RegExp(escapeRegExp(stop.stopName)) });
    await row.getByText(POSITION).waitFor();
    expect(
      await row
        .getByRole('link', { name: `${stop.stopName} on the map (OpenStreetMap, opens in a new tab)` })
        .getAttribute('href'),
    ).toBe('https://www.openstreetmap.org/?mlat=55.5248&mlon=25.1043#map=18/55.5248/25.1043');
    await page.getByText(`${without - 1} stops have no position.`).waitFor();

    // Only the stops without a position: the stop has left the list.
    await page.getByRole('button', { name: 'Show all stops' }).click();
    await page.getByLabel('Only stops without a position').check();
    await page.waitForURL(/\/admin-panel\/bus-stops\?position=missing$/);
    await expect.poll(() => page.locator('tbody tr').count()).toBe(without - 1);
    expect(await page.locator('tbody .position').count()).toBe(0);
    expect(await page.locator('tbody .position-missing').count()).toBe(without - 1);
    await expectNoAxeViolations(page, 'bus stops without a position');
    await screenshotViewport(page, 'bus-stops-positions-1280');
  });

  it('counts the stop as done on the Publishing screen', async () => {
    await page
      .getByRole('navigation', { name: 'Admin menu' })
      .getByRole('link', { name: 'Publishing' })
      .click();
    await heading('Publishing (GTFS)').waitFor();
    await settled(page);
    await expect
      .poll(problemsText)
      .toContain(`${missingStops(initial) - 1} stops of the timetable have no position`);
    // Not among the stops without a position (a trip's problem may still name it).
    const positions = page.locator('.feed-problems > li').filter({ hasText: 'have no position' });
    expect(await positions.textContent()).not.toContain(stop.stopName);
    expect(missingStops(await overview())).toBe(missingStops(initial) - 1);
  });

  it('works at 390 px', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await go('/admin-panel/publishing');
      await expectNoHorizontalScroll(page, 390);
      await screenshot(page, 'publishing-390');
      // The status, as a phone shows it.
      await page.locator('.feed-status').scrollIntoViewIfNeeded();
      await screenshotViewport(page, 'publishing-status-390');
      await go('/admin-panel/bus-stops?position=missing');
      await expectNoHorizontalScroll(page, 390);
      await screenshotViewport(page, 'bus-stops-positions-390');
      await go(`/admin-panel/bus-stops?stop=${stop.stopId}`);
      await expectNoHorizontalScroll(page, 390);
      await screenshotViewport(page, 'bus-stops-position-edit-390');
      await page.getByRole('button', { name: 'Cancel' }).click();
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  it('reads in Lithuanian', async () => {
    await page.evaluate(() => localStorage.setItem('lang', 'lt'));
    try {
      await go('/admin-panel/publishing');
      await heading('Atvirieji duomenys (GTFS)').waitFor();
      expect(
        await page
          .getByRole('navigation', { name: 'Administravimo meniu' })
          .getByRole('link', { name: 'Atvirieji duomenys' })
          .getAttribute('aria-current'),
      ).toBe('page');
      expect(await status().locator('.feed-status__verdict').textContent()).toMatch(
        /^Dar neparuošta skelbti\./,
      );
      expect(await problemsText()).toMatch(/^\d+ tvarkaraščio stotel(ė|ės|ių) neturi nurodytos vietos: /);
      expect(await page.getByLabel('Skelbėjo pavadinimas', { exact: true }).inputValue()).toBe('Theirs');
      await expectNoAxeViolations(page, 'publishing in Lithuanian');
      await screenshot(page, 'lt-publishing-1280');

      // The position's rule in Lithuanian, under its field.
      await page.getByRole('link', { name: 'Rodyti stoteles be nurodytos vietos' }).click();
      await heading('Stotelės').waitFor();
      await settled(page);
      await page.getByLabel('Tik stotelės be nurodytos vietos').waitFor();
      expect(await page.getByLabel('Tik stotelės be nurodytos vietos').isChecked()).toBe(true);
      const first = page.locator('tbody tr').first();
      const positionInput = page.locator('.position-cell input');
      // Clicked again while no row is open: on a loaded machine (two test commands at once) the
      // list could still be redrawn under the first click, and that click was lost.
      await expect
        .poll(async () => {
          if ((await positionInput.count()) === 0)
            await first.getByRole('button', { name: 'Redaguoti' }).click({ timeout: 5_000 });
          return positionInput.count();
        })
        .toBe(1);
      await positionInput.fill('prie stoties');
      await page.getByRole('button', { name: 'Išsaugoti', exact: true }).click();
      await alertWithText(page, MALFORMED_LT);
      expect(await page.locator('.position-cell .field-error').textContent()).toBe(MALFORMED_LT);
      await expectNoAxeViolations(page, 'bus stops in Lithuanian');
      await screenshotViewport(page, 'lt-bus-stops-positions-1280');
      await page.getByRole('button', { name: 'Atšaukti' }).click();

      await page.setViewportSize({ width: 390, height: 844 });
      await go('/admin-panel/publishing');
      await expectNoHorizontalScroll(page, 390);
      await screenshot(page, 'lt-publishing-390');
      await go('/admin-panel/bus-stops?position=missing');
      await expectNoHorizontalScroll(page, 390);
      await screenshotViewport(page, 'lt-bus-stops-positions-390');
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.evaluate(() => localStorage.setItem('lang', 'en'));
    }
  });

  it('clears the position again: the stop is missing once more', async () => {
    await go(`/admin-panel/bus-stops?stop=${stop.stopId}`);
    const field = page.getByLabel(`Position of ${stop.stopName}`);
    expect(await field.inputValue()).toBe(POSITION);
    await field.fill('');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await alertWithText(page, SAVED);
    await page
      .getByRole('row', { name: new RegExp(escapeRegExp(stop.stopName)) })
      .getByText('No position')
      .waitFor();
    expect(missingStops(await overview())).toBe(missingStops(initial));
  });
});
