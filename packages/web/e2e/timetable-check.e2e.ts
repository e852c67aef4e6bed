import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, deleteHoliday, deleteLine } from './admin-support.ts';
import {
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  pagePerFile,
  screenshot,
  settled,
} from './support.ts';

/*
 * The admin Timetable check in Chromium on the real data of a fresh database (DEMO on:
 * boss/2025). The real data has three trips whose times go backwards (25, 104, 131) and two
 * City bound trips that leave Anykščių AS (18, 20); the test
 * adds a line without schedules and a second holiday on New Year's Day through the app, sees
 * them on the check page, follows their links into the right editors, and removes both at the end.
 */

interface Finding {
  check: string;
  severity: 'error' | 'warning';
  params: Record<string, unknown>;
  targets: ({ kind: string } & Record<string, unknown>)[];
}
interface Report {
  findings: Finding[];
  errors: number;
  warnings: number;
}

const LINE_NAME = 'E2E patikra';

let page: Page;
let token: string;
let lineId: number | null = null;
let holidayId: number | null = null;

const session = pagePerFile();
const { go, heading } = session;

const run = () => adminApi<Report>(token, 'check.run');
const group = (title: string) => page.locator('details.check-group').filter({ hasText: title });

async function openCheck(): Promise<void> {
  await page
    .getByRole('navigation', { name: /Admin menu|Administravimo meniu/ })
    .getByRole('link', { name: /Timetable check|Tvarkaraščio patikra/ })
    .click();
  await page.waitForURL(/\/admin-panel\/timetable-check$/);
  await settled(page);
  await page.locator('.check-verdict').waitFor();
}

beforeAll(() => {
  page = session.page;
});

afterAll(async () => {
  // Put back what the test added, whatever failed on the way.
  if (token) {
    if (lineId !== null) await deleteLine(token, lineId).catch(() => undefined);
    if (holidayId !== null) await deleteHoliday(token, holidayId).catch(() => undefined);
  }
});

describe('the timetable check', () => {
  it('lists the real data’s trips whose times go backwards, each linking to its schedule', async () => {
    token = await session.signIn();
    // Linked from the admin home too.
    await page.locator('.area-list').getByRole('link', { name: 'Timetable check' }).waitFor();
    await openCheck();
    await heading('Timetable check').waitFor();

    const report = await run();
    const backwards = report.findings.filter((f) => f.check === 'timesBackwards');
    expect(backwards.map((f) => f.params.tripId)).toEqual([25, 104, 131]);
    expect(await page.locator('.check-verdict').textContent()).toMatch(/^\d+ errors? and \d+ warnings?$/);

    const errors = group('Times going backwards along a trip');
    expect(await errors.getAttribute('open')).not.toBeNull();
    expect(await errors.locator('summary').textContent()).toBe(
      'Error Times going backwards along a trip (3)',
    );
    const items = errors.locator('.check-findings > li');
    expect(await items.allTextContents()).toEqual([
      'Schedule 13 of M18 (iki Repšėnai): trip 25: 14:24 → 14:15 at Repšėnai (stop 15 of 15)',
      'Schedule 59 of Svėdasai: trip 104: 15:26 → 15:25 at Vosgėliai (stop 10 of 18)',
      'Schedule 72 of M22: trip 131: goes back 17 times, first 08:25 → 08:23 at Aknystų kr. (stop 2 of 18); the times look entered in route order instead of travel order',
    ]);

    // Trips 18 and 20: City bound, yet they start at Anykščių AS and leave it.
    expect(
      report.findings.filter((f) => f.check === 'directionMismatch').map((f) => f.params.tripId),
    ).toEqual([18, 20]);
    const wrongWay = group('Trips whose direction contradicts their stop order');
    expect(await wrongWay.getAttribute('open')).not.toBeNull();
    expect(await wrongWay.locator('summary').textContent()).toBe(
      'Error Trips whose direction contradicts their stop order (2)',
    );
    await wrongWay.getByText(/^A City bound trip comes back to the home station \(stop 1\)/).waitFor();
    expect(await wrongWay.locator('.check-findings > li').allTextContents()).toEqual([
      'Schedule 9 of M17: trip 18: City bound, but it starts at Anykščių AS (09:32) and ends at Kurkliai II k (10:05), its route driven backwards',
      'Schedule 10 of M17: trip 20: City bound, but it starts at Anykščių AS (14:03) and ends at Kurkliai II k (14:35), its route driven backwards',
    ]);
    // The season check says it is a best effort.
    await group('Descriptions that name another season than their rule')
      .getByText(/^Best effort:/)
      .waitFor();
    await expectNoAxeViolations(page, 'timetable check');

    // The link opens the schedule editor at that schedule, unfolded.
    await items.first().getByRole('link', { name: 'Schedule 13 of M18 (iki Repšėnai)' }).click();
    await page.waitForURL(/\/admin-panel\/schedules\/6\/13$/);
    await settled(page);
    await heading(/^Schedules: M18 \(iki Repšėnai\) - /).waitFor();
    expect(await page.locator('#schedule-13 .sched-card__toggle').getAttribute('aria-expanded')).toBe('true');

    // A wrong-way trip's link opens its line's schedule editor at its schedule.
    await page.goBack();
    await settled(page);
    await group('Trips whose direction contradicts their stop order')
      .getByRole('link', { name: 'Schedule 10 of M17' })
      .click();
    await page.waitForURL(/\/admin-panel\/schedules\/4\/10$/);
    await settled(page);
    await heading(/^Schedules: M17 - /).waitFor();
    expect(await page.locator('#schedule-10 .sched-card__toggle').getAttribute('aria-expanded')).toBe('true');
  });

  it('finds a line without schedules and a holiday twice seeded through the app, and links to their editors', async () => {
    const line = await adminApi<{ id: number }>(
      token,
      'lines.saveFull',
      {
        info: {
          id: null,
          name: LINE_NAME,
          routeStart: 'Anykščiai',
          routeEnd: 'Troškūnai',
          routeType: 'Regional Bus',
          operator: null,
          anykStationPlatform: null,
          price: null,
          enabledSeasonalYearlyRuleFilter: false,
          customNotes: [],
        },
        routes: [
          { id: -1, routeNotes: 'Pagrindinis', stopsArr: [{ id: 1 }, { id: 2 }], distanceMetersList: [null] },
        ],
        baseVersion: 0,
      },
      'mutation',
    );
    lineId = line.id;
    const holiday = await adminApi<{ id: number }>(
      token,
      'holidays.save',
      { id: null, name: 'Naujųjų metų diena', month: 1, day: 1, baseVersion: 0 },
      'mutation',
    );
    holidayId = holiday.id;

    await go('/admin-panel');
    await openCheck();
    const lines = group('Lines without schedules');
    expect(await lines.locator('summary').textContent()).toBe('Warning Lines without schedules (1)');
    expect(await lines.locator('.check-findings > li').allTextContents()).toEqual([
      `Add schedules to ${LINE_NAME} · Edit line ${LINE_NAME}`,
    ]);
    expect(
      await group('Route variations no schedule uses').locator('.check-findings > li').allTextContents(),
    ).toEqual([`Edit line ${LINE_NAME}: route variation 1 “Pagrindinis” is used by no schedule`]);
    expect(
      await group('Public holidays on the same date twice').locator('.check-findings > li').allTextContents(),
    ).toEqual(['Public holidays: 01-01: Naujieji metai and Naujųjų metų diena']);
    await screenshot(page, 'timetable-check-en-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoHorizontalScroll(page, 390);
    await screenshot(page, 'timetable-check-en-390');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Each link lands in the editor where the finding is fixed.
    await lines.getByRole('link', { name: `Add schedules to ${LINE_NAME}` }).click();
    await page.waitForURL(new RegExp(`/admin-panel/schedules/${line.id}$`));
    await settled(page);
    await heading(`Schedules: ${LINE_NAME} - Anykščiai - Troškūnai`).waitFor();

    await page.goBack();
    await settled(page);
    await group('Lines without schedules')
      .getByRole('link', { name: `Edit line ${LINE_NAME}` })
      .click();
    await page.waitForURL(new RegExp(`/admin-panel/lines/${line.id}/edit$`));
    await settled(page);
    await heading(/Edit/).waitFor();

    await page.goBack();
    await settled(page);
    await group('Public holidays on the same date twice')
      .getByRole('link', { name: 'Public holidays' })
      .click();
    await page.waitForURL(/\/admin-panel\/holidays$/);
    await settled(page);
    await heading('Public holidays').waitFor();

    await page.goBack();
    await settled(page);
    await group('Yearly rules nothing uses')
      .getByRole('link', { name: 'Yearly rule “Mokslo Metu, 1 ir 3 Penkt.”' })
      .click();
    await page.waitForURL(/\/admin-panel\/yearly-rules\/16$/);
    await settled(page);
    await heading('Mokslo Metu, 1 ir 3 Penkt.').waitFor();
  });

  it('speaks Lithuanian, at 390 px too', async () => {
    await page.evaluate(() => localStorage.setItem('lang', 'lt'));
    await go('/admin-panel/timetable-check');
    await heading('Tvarkaraščio patikra').waitFor();
    await page.locator('.check-verdict').waitFor();
    expect(await page.locator('.check-verdict').textContent()).toMatch(
      /^\d+ klaid(a|os|ų) ir \d+ įspėjim(as|ai|ų)$/,
    );
    const lines = page.locator('details.check-group').filter({ hasText: 'Maršrutai be tvarkaraščių' });
    expect(await lines.locator('.check-findings > li').allTextContents()).toEqual([
      `Pridėti tvarkaraščių maršrutui ${LINE_NAME} · Redaguoti maršrutą ${LINE_NAME}`,
    ]);
    const backwards = page
      .locator('details.check-group')
      .filter({ hasText: 'Reisai, kuriuose laikas grįžta atgal' });
    expect(await backwards.locator('.check-findings > li').first().textContent()).toBe(
      'Maršruto M18 (iki Repšėnai) tvarkaraštis 13: reisas 25: 14:24 → 14:15 stotelėje „Repšėnai“ (15-oji iš 15)',
    );
    const wrongWay = page
      .locator('details.check-group')
      .filter({ hasText: 'Reisai, kurių kryptis neatitinka stotelių eilės' });
    expect(await wrongWay.locator('summary').textContent()).toBe(
      'Klaida Reisai, kurių kryptis neatitinka stotelių eilės (2)',
    );
    expect(await wrongWay.locator('.check-findings > li').first().textContent()).toBe(
      'Maršruto M17 tvarkaraštis 9: reisas 18: kryptis „Į Anykščius“, bet reisas prasideda stotelėje „Anykščių AS“ (09:32) ir baigiasi stotelėje „Kurkliai II k“ (10:05); maršruto variantas važiuojamas atbuline tvarka',
    );
    await expectNoAxeViolations(page, 'timetable check (lt)');
    await screenshot(page, 'timetable-check-lt-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoHorizontalScroll(page, 390);
    await screenshot(page, 'timetable-check-lt-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
  });

  it('no longer lists them once they are gone (Check again)', async () => {
    await go('/admin-panel/timetable-check');
    await group('Lines without schedules').waitFor();
    await deleteLine(token, lineId as number);
    lineId = null;
    await deleteHoliday(token, holidayId as number);
    holidayId = null;
    await page.getByRole('button', { name: 'Check again' }).click();
    await group('Lines without schedules').waitFor({ state: 'detached' });
    expect(await group('Public holidays on the same date twice').count()).toBe(0);
    await group('Times going backwards along a trip').waitFor();
    const report = await run();
    expect(report.findings.map((f) => f.check)).not.toContain('lineNoSchedules');
    expect(report.findings.map((f) => f.check)).not.toContain('duplicateHoliday');
  });
});
