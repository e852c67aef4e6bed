import { estimateRoadMetres, type Position } from '@bus/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, screenshotViewport } from './admin-support.ts';
import { expectNoAxeViolations, expectNoHorizontalScroll, goto, pagePerFile, settled } from './support.ts';

/*
 * Issue 41, distances for distance fares, in the line editor: where both stops of a gap are on
 * the map and no distance is entered, the field shows an estimate ("≈ 4.2 km, estimate"), which
 * is no distance until staff use it. On line M35 of the real data (route 1: Anykščių AS, Techn.
 * mokykla, Šeimyniškiai, Ažuožeriai, Pagiriai, Dabužiai; no distances) five stops are placed, not
 * Pagiriai: staff type one distance, use the estimates for the others, save, and the distances
 * are stored; the history puts the line back, and the estimates show again, in Lithuanian and
 * English at 390 and 1280 px. One signed-in page throughout. Everything is put back at the end
 * (the other files expect the real data's stops without positions and routes without distances).
 */

const session = pagePerFile({ signedIn: true });
let page: Page;

const LINE = 1;
/** Where the stops of route 1 are (near enough to the real places); Pagiriai (5) is not placed. */
const PLACES: Record<number, Position> = {
  1: { lat: 55.5262, lon: 25.104 },
  2: { lat: 55.5175, lon: 25.116 },
  3: { lat: 55.502, lon: 25.14 },
  4: { lat: 55.488, lon: 25.165 },
  6: { lat: 55.456, lon: 25.235 },
};
// The gaps' estimates as core makes them (its own table test checks the rule).
const estimate = (from: number, to: number) =>
  estimateRoadMetres(PLACES[from] as Position, PLACES[to] as Position) as number;
const GAP_1 = estimate(1, 2);
const GAP_3 = estimate(3, 4);
/** Typed by staff before taking the estimates: never replaced by one. */
const TYPED = '2000';

interface Listed {
  stop: { id: number; name: string; coords: string | null; defaultOption: boolean; searchNames: string[] };
  version: number;
}
async function setPosition(id: number, position: string): Promise<void> {
  const listed = await adminApi<Listed[]>(session.token, 'stops.listWithUsage');
  const found = listed.find((s) => s.stop.id === id);
  if (!found) throw new Error(`no stop ${id}`);
  await adminApi(
    session.token,
    'stops.save',
    { ...found.stop, position, baseVersion: found.version },
    'mutation',
  );
}

const storedDistances = async () =>
  (
    await adminApi<{ routes: { distanceMetersList: (number | null)[] }[] }>(session.token, 'lines.getFull', {
      id: LINE,
    })
  ).routes[0]?.distanceMetersList;

/** Puts M35 back as it was before its newest change (what the history screen's Restore does). */
async function restoreLine(): Promise<void> {
  const { items } = await adminApi<{ items: { id: number; version: number; restoredFrom: number | null }[] }>(
    session.token,
    'history.list',
    { kind: 'line', lineId: LINE },
  );
  const newest = items[0];
  if (newest && newest.restoredFrom === null)
    await adminApi(
      session.token,
      'history.restore',
      { id: newest.id, baseVersion: newest.version },
      'mutation',
    );
}

/** The window scrolled to the route's stops (its column heads at the top), for a screenshot. */
const toStops = (p: Page) => p.locator('.route-stops__head').evaluate((head) => head.scrollIntoView());

/** The distance field of a gap of route variation 1 (gap 1: from stop 1 to stop 2), by its label. */
const distanceField = (p: Page, gap: number, language: 'en' | 'lt' = 'en') =>
  p.getByLabel(
    language === 'lt'
      ? `Maršruto varianto 1 atstumas nuo stotelės ${gap} iki stotelės ${gap + 1}, metrais`
      : `Distance from stop ${gap} to stop ${gap + 1} of route variation 1, metres`,
    { exact: true },
  );

beforeAll(async () => {
  page = session.page;
  for (const [id, { lat, lon }] of Object.entries(PLACES)) await setPosition(Number(id), `${lat}, ${lon}`);
});

afterAll(async () => {
  if ((await storedDistances())?.some((d) => d !== null)) await restoreLine();
  for (const id of Object.keys(PLACES)) await setPosition(Number(id), '');
});

describe('distances in the route editor', () => {
  it('shows estimates where both stops are on the map; staff type one, use the others and save', async () => {
    expect(await storedDistances()).toEqual([null, null, null, null, null]);
    // The places above are about 1.2 and 2.2 km apart: 1.6 and 2.9 km by road, as estimated.
    expect([GAP_1, GAP_3]).toEqual([1600, 2900]);
    await goto(page, `/admin-panel/lines/${LINE}/edit`);
    // The estimates come with the stops' positions, a moment after the form.
    await expect.poll(() => distanceField(page, 1).getAttribute('placeholder')).toBe('≈ 1.6 km, estimate');
    expect(await distanceField(page, 3).getAttribute('placeholder')).toBe('≈ 2.9 km, estimate');
    // Pagiriai has no position: no estimate on either side of it.
    for (const gap of [4, 5])
      expect(await distanceField(page, gap).getAttribute('placeholder')).toBe('Distance to next (m)');
    // An estimate is no value.
    expect(await distanceField(page, 1).inputValue()).toBe('');

    const hint = page.locator('.route-estimates .field-hint');
    expect(await hint.textContent()).toBe(
      '3 distances not entered yet are estimated from the stops’ places on the map (the straight-line distance plus 30 %). An estimate is saved only when you use it and save the line.',
    );
    await distanceField(page, 2).fill(TYPED);
    await distanceField(page, 2).blur();
    await page.getByText(/^2 distances not entered yet/).waitFor();
    await expectNoAxeViolations(page, 'the line editor with estimates');
    await toStops(page);
    await screenshotViewport(page, 'distances-estimates-1280-en');

    await page.getByRole('button', { name: 'Use estimates in route variation 1' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: '2 estimates filled in: check them, then save the line.' })
      .waitFor();
    expect(await distanceField(page, 1).inputValue()).toBe(String(GAP_1));
    expect(await distanceField(page, 2).inputValue()).toBe(TYPED);
    expect(await distanceField(page, 3).inputValue()).toBe(String(GAP_3));
    for (const gap of [4, 5]) expect(await distanceField(page, gap).inputValue()).toBe('');
    expect(await page.getByRole('button', { name: 'Use estimates in route variation 1' }).count()).toBe(0);
    await toStops(page);
    await screenshotViewport(page, 'distances-used-1280-en');
    // Nothing is stored before the save.
    expect(await storedDistances()).toEqual([null, null, null, null, null]);

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(new RegExp(`/admin-panel/lines/${LINE}$`));
    await settled(page);
    expect(await storedDistances()).toEqual([GAP_1, Number(TYPED), GAP_3, null, null]);
    // The line page's distance column shows them (the last stop has none).
    const column = page.locator('.route-table tbody td:nth-child(3)');
    await expect
      .poll(() => column.allTextContents())
      .toEqual([String(GAP_1), TYPED, String(GAP_3), '', '', '']);
  });

  it('after the history puts the line back, shows the estimates again in both languages at 390 and 1280 px', async () => {
    await restoreLine();
    expect(await storedDistances()).toEqual([null, null, null, null, null]);
    const shots = [
      { language: 'lt', width: 390, placeholder: 'apytiksliai 1,6 km' },
      { language: 'en', width: 390, placeholder: '≈ 1.6 km, estimate' },
      { language: 'lt', width: 1280, placeholder: 'apytiksliai 1,6 km' },
    ] as const;
    try {
      for (const { language, width, placeholder } of shots) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await page.evaluate((lang) => localStorage.setItem('lang', lang), language);
        await goto(page, `/admin-panel/lines/${LINE}/edit`);
        await expect
          .poll(() => distanceField(page, 1, language).getAttribute('placeholder'))
          .toBe(placeholder);
        const hintStart =
          language === 'lt' ? 'Pagal stotelių vietas žemėlapyje' : '3 distances not entered yet';
        await page.getByText(new RegExp(`^${hintStart}`)).waitFor();
        await expectNoHorizontalScroll(page, width);
        await toStops(page);
        await screenshotViewport(page, `distances-estimates-${width}-${language}`);
      }
      // In Lithuanian: the hint, the button, and what it says once used (not saved).
      expect(await page.locator('.route-estimates .field-hint').textContent()).toBe(
        'Pagal stotelių vietas žemėlapyje apytiksliai apskaičiuoti 3 dar neįrašyti atstumai (tiesios linijos atstumas, padidintas 30 %). Apytikslis atstumas išsaugomas tik jį panaudojus ir išsaugojus maršrutą.',
      );
      await expectNoAxeViolations(page, 'the line editor with estimates, in Lithuanian');
      const use = page.getByRole('button', { name: 'Naudoti apytikslius atstumus maršruto variante 1' });
      expect(await use.textContent()).toBe('Naudoti apytikslius atstumus');
      await use.click();
      await page
        .getByRole('status')
        .filter({ hasText: 'Įrašyti 3 apytiksliai atstumai: patikrinkite juos ir išsaugokite maršrutą.' })
        .waitFor();
      expect(await distanceField(page, 1, 'lt').inputValue()).toBe(String(GAP_1));
      await toStops(page);
      await screenshotViewport(page, 'distances-used-1280-lt');
      // Not saved: nothing stored (the draft is left unsaved; the page closes with the file).
      expect(await storedDistances()).toEqual([null, null, null, null, null]);
    } finally {
      await page.evaluate(() => localStorage.setItem('lang', 'en'));
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });
});
