import { readFileSync } from 'node:fs';
import { otherFeedStopsTxt } from '@bus/core/test-stops-txt';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, alertWithText, screenshotViewport } from './admin-support.ts';
import { expectNoAxeViolations, expectNoHorizontalScroll, pagePerFile, settled } from './support.ts';

/*
 * Stop positions from another feed's stops.txt on the bus stops screen (issue 29), in Chromium
 * on the real data of a fresh database (195 stops, none placed). The file is written here from
 * the real stop names as another timetable spells them ('ANYKŠČIŲ A.S.', 'Kurklių I kaimas'),
 * with one stop left out and a second place named Pagiriai 1 km from ours. Staff review the
 * proposals, choose for Pagiriai, leave one out and save; the history puts every position back in
 * one step, which also leaves the database as the other test files expect it.
 */

const real = JSON.parse(readFileSync(new URL('../../../data/anyksciai.json', import.meta.url), 'utf8')) as {
  stops: { id: number; name: string }[];
  lines: { routes: { stopIds: number[] }[] }[];
};
const feed = otherFeedStopsTxt(
  real.stops,
  real.lines.flatMap((l) => l.routes.map((r) => r.stopIds)),
);
const pagiriai = feed.expected.get(5) as { lat: number; lon: number };
// The columns are stop_lon, stop_name, location_type, stop_id, stop_lat: Techn. mokykla (2) left
// out; another Pagiriai 1 km east of ours, too near to tell from it by its neighbours.
const STOPS_TXT = `${feed.text.replace(/^[^\n]*,LT2,[^\n]*\n/m, '')}${(pagiriai.lon + 0.0159).toFixed(6)},Pagiriai,,PAG2,${pagiriai.lat}\r\n`;

let page: Page;
let token: string;
const session = pagePerFile({ signedIn: true });
const { go } = session;

const placed = async () =>
  (await adminApi<{ stop: { position: unknown } }[]>(token, 'stops.listWithUsage')).filter(
    (s) => s.stop.position !== null,
  ).length;

beforeAll(() => {
  page = session.page;
  token = session.token;
});

afterAll(async () => {
  // Should a test stop half-way, what it saved is put back all the same (the other files expect
  // stops without positions).
  if ((await placed()) === 0) return;
  const { items } = await adminApi<{ items: { id: number; batchRestore: { version: number } | null }[] }>(
    token,
    'history.list',
    { kind: 'stop' },
  );
  const newest = items[0];
  if (newest?.batchRestore)
    await adminApi(
      token,
      'history.restoreBatch',
      { id: newest.id, baseVersion: newest.batchRestore.version },
      'mutation',
    );
});

describe('positions from a GTFS stops.txt', () => {
  it('reviews the proposals of a stops.txt with other spellings of the real names', async () => {
    await go('/admin-panel/bus-stops');
    await page.getByText('195 stops have no position.').waitFor();
    await page.getByRole('button', { name: 'Import positions from GTFS' }).click();
    await page.getByRole('heading', { name: 'Positions from a GTFS stops.txt' }).waitFor();
    await page
      .getByLabel('GTFS stops.txt file')
      .setInputFiles({ name: 'stops.txt', mimeType: 'text/plain', buffer: Buffer.from(STOPS_TXT) });
    await page.getByRole('heading', { name: 'Matched (193)' }).waitFor();
    await page.getByRole('heading', { name: 'Several places of the name (1)' }).waitFor();
    await page.getByRole('heading', { name: 'Not in the file (1)' }).waitFor();
    await page.getByText('266 stops read from the file; 2 left out (entrances, places far away).').waitFor();
    expect(await page.locator('.position-import__unmatched').textContent()).toBe('Techn. mokykla (2)');
    // The proposals on the map before anything is saved: a labelled marker each, nothing placed yet.
    const proposalsMap = page.getByRole('region', { name: 'Proposed positions on the map' });
    await proposalsMap.getByRole('img', { name: 'Anykščių AS (proposed position)' }).waitFor();
    expect(await proposalsMap.getByRole('img', { name: / \(proposed position\)$/ }).count()).toBe(193);

    // Matched: ticked, with the place in the file and how it was chosen.
    const station = page.getByRole('checkbox', { name: 'Save the position of Anykščių AS (stop 1)' });
    expect(await station.isChecked()).toBe(true);
    const stationRow = page.locator('tr').filter({ has: station });
    expect(await stationRow.textContent()).toContain('55.526500, 25.103700');
    expect(await stationRow.textContent()).toContain('ANYKŠČIŲ A.S.');
    const mokiniu = page.locator('tr').filter({
      has: page.getByRole('checkbox', { name: 'Save the position of Mokinių st. v. (stop 31)' }),
    });
    expect(await mokiniu.textContent()).toContain('chosen by its neighbours on the routes');

    // Ambiguous: not saved until a place is chosen; the nearest to its neighbours comes first.
    const chooser = page.getByLabel('Position of Pagiriai (stop 5)');
    expect(await chooser.inputValue()).toBe('');
    const options = await chooser.locator('option').allTextContents();
    expect(options[0]).toBe('Do not save');
    expect(options[1]).toMatch(/^55\.580399, 25\.103700 · PAGIRIŲ \(1\.5 km from its neighbours\)$/);
    expect(options[2]).toMatch(/ · Pagiriai \(1\.8 km from its neighbours\)$/);
    expect(options[3]).toMatch(/^54\.604100, 25\.351700 · Pagiriai \(\d+(\.\d)? km from its neighbours\)$/);
    await page.getByRole('button', { name: 'Save 193 positions' }).waitFor();
    await chooser.selectOption({ index: 1 });
    await page.getByRole('checkbox', { name: 'Save the position of Kavarskas (stop 27)' }).uncheck();
    await page.getByRole('button', { name: 'Save 193 positions' }).waitFor();
    await expectNoAxeViolations(page, 'the review of a stops.txt');

    await chooser.scrollIntoViewIfNeeded();
    await screenshotViewport(page, 'position-import-review-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoHorizontalScroll(page, 390);
    await page.getByRole('heading', { name: 'Matched (193)' }).scrollIntoViewIfNeeded();
    await screenshotViewport(page, 'position-import-review-390');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('in Lithuanian', async () => {
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'LT' }).click();
    await page.getByRole('heading', { name: 'Rastos (193)' }).waitFor();
    await page.getByRole('heading', { name: 'Keletas vietų tuo pačiu pavadinimu (1)' }).waitFor();
    await page.getByRole('button', { name: 'Išsaugoti 193 vietas' }).waitFor();
    const chooser = page.getByLabel('Stotelės „Pagiriai“ (5) vieta');
    expect(await chooser.locator('option').first().textContent()).toBe('Neišsaugoti');
    expect(await chooser.locator('option').nth(1).textContent()).toContain('1,5 km nuo gretimų stotelių');
    await expectNoAxeViolations(page, 'the review in Lithuanian');
    await chooser.scrollIntoViewIfNeeded();
    await screenshotViewport(page, 'position-import-review-lt-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoHorizontalScroll(page, 390);
    await page.getByRole('heading', { name: 'Faile nėra (1)' }).scrollIntoViewIfNeeded();
    await screenshotViewport(page, 'position-import-review-lt-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('group', { name: 'Kalba' }).getByRole('button', { name: 'EN' }).click();
    await page.getByRole('heading', { name: 'Matched (193)' }).waitFor();
  });

  it('saves the chosen positions; the list shows them, and the history puts them all back in one step', async () => {
    await page.getByRole('button', { name: 'Save 193 positions' }).click();
    await alertWithText(
      page,
      'Saved the positions of 193 stops. The history puts them all back in one step.',
    );
    await page.getByText('2 stops have no position.').waitFor();
    expect(await placed()).toBe(193);
    await page.getByLabel('Search stops').fill('Anykščių AS');
    const row = page.locator('.stops-table tbody tr').filter({ hasText: 'Anykščių AS' }).first();
    await row.getByText('55.5265, 25.1037').waitFor();
    await page.getByLabel('Search stops').fill('');
    await page.getByLabel('Only stops without a position').check();
    await page.getByText('2 of 195 stops').waitFor();
    const without = await page.locator('.stops-table tbody tr td:first-child').allTextContents();
    expect(without.sort()).toEqual(['Kavarskas', 'Techn. mokykla']);
    await screenshotViewport(page, 'position-import-saved-1280');

    await go('/admin-panel/history?kind=stop');
    await page
      .getByRole('button', { name: /^Restore all 193 stop positions of this save \(change \d+\)$/ })
      .click();
    await page.getByText('Put all 193 stops of this save back as they were before it?').waitFor();
    await page.getByRole('button', { name: 'Yes, restore' }).click();
    await alertWithText(page, 'Restored all 193 stops of the save.');
    expect(await placed()).toBe(0);
    await go('/admin-panel/bus-stops');
    await page.getByText('195 stops have no position.').waitFor();
    await settled(page);
  });
});
