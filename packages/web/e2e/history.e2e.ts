import type { Holiday, Stop } from '@bus/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminApi,
  alertWithText,
  deleteHoliday,
  deleteLine,
  deleteStop,
  makeLine,
  screenshotViewport,
} from './admin-support.ts';
import {
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  pagePerFile,
  screenshot,
  settled,
} from './support.ts';

/*
 * The history screen in Chromium: a holiday renamed on the holidays page shows there, field by
 * field, is found with the kind filter (kept in the address) and is put back with a restore; a
 * restore the server refuses (a stop a line still uses cannot be un-created) says why. The
 * holiday, stop and line are made for these tests through the API and deleted at the end.
 */
const suffix = String(Date.now() % 1_000_000);
const OLD_NAME = `E2E history ${suffix}`;
const NEW_NAME = `E2E history renamed ${suffix}`;
const STOP_NAME = `E2E history stop ${suffix}`;
const LINE_NAME = `E2E hist ${suffix}`;
const SAVED = 'Successfully saved to the database';

interface HistoryItem {
  id: number;
  kind: string;
  entityId: number | null;
  action: string;
  summary: string;
}

let page: Page;
let token: string;
let holidayId: number;
let stopId: number;
let lineId: number;

const session = pagePerFile({ signedIn: true });
const { go, heading } = session;

/** The newest recorded changes of one kind of thing (from the API, to know the change ids). */
async function changes(kind: string): Promise<HistoryItem[]> {
  return (await adminApi<{ items: HistoryItem[] }>(token, 'history.list', { kind })).items;
}

beforeAll(async () => {
  ({ page, token } = session);
  const holiday = await adminApi<Holiday>(
    token,
    'holidays.save',
    { id: null, name: OLD_NAME, month: 10, day: 7, baseVersion: 0 },
    'mutation',
  );
  holidayId = holiday.id;
  const stop = await adminApi<{ id: number }>(
    token,
    'stops.save',
    { id: null, name: STOP_NAME, coords: null, defaultOption: false, baseVersion: 0 },
    'mutation',
  );
  stopId = stop.id;
  const zabelyne = (await adminApi<Stop[]>(token, 'stops.list')).find((s) => s.name === 'Zabelynė');
  if (!zabelyne) throw new Error('no stop Zabelynė');
  ({ lineId } = await makeLine(token, {
    name: LINE_NAME,
    stops: [stopId, zabelyne.id],
    routeStart: STOP_NAME,
    routeEnd: 'Zabelynė',
    operator: null,
  }));
});

afterAll(async () => {
  if (token) {
    if (lineId) await deleteLine(token, lineId);
    await deleteStop(token, stopId);
    await deleteHoliday(token, holidayId);
  }
});

describe('history', () => {
  it('lists a holiday renamed on the holidays page, with the names before and after', async () => {
    await go('/admin-panel/holidays');
    await heading('Public holidays').waitFor();
    await page.getByRole('button', { name: `Edit ${OLD_NAME}` }).click();
    await page.getByLabel(`Name of ${OLD_NAME}`).fill(NEW_NAME);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await alertWithText(page, SAVED);
    await page.getByRole('row', { name: new RegExp(NEW_NAME) }).waitFor();

    await page.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'History' }).click();
    await page.waitForURL(/\/admin-panel\/history$/);
    await heading('History').waitFor();
    const newest = page.locator('.history-entry').first();
    await newest.getByRole('heading', { level: 2, name: `Changed Holiday ${NEW_NAME}` }).waitFor();
    expect(await newest.locator('.history-entry__meta').textContent()).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}bossChange \d+$/,
    );
    const name = newest.getByRole('row', { name: /^name / });
    expect(await name.locator('td').allTextContents()).toEqual([OLD_NAME, NEW_NAME]);
    expect(await page.getByLabel('Kind of thing').inputValue()).toBe('');
  });

  it('filters by kind of thing and person, kept in the address across a reload', async () => {
    await page.getByLabel('Kind of thing').selectOption({ label: 'Holidays' });
    await page.waitForURL(/\/admin-panel\/history\?kind=holiday$/);
    await page.getByLabel('Person').selectOption({ label: 'boss' });
    await page.waitForURL(/\/admin-panel\/history\?kind=holiday&user=boss$/);
    await page.reload();
    await settled(page);
    expect(await page.getByLabel('Kind of thing').inputValue()).toBe('holiday');
    expect(await page.getByLabel('Person').inputValue()).toBe('boss');
    const headings = await page.locator('.history-entry__what').allTextContents();
    expect(headings.length).toBeGreaterThanOrEqual(2);
    expect(headings.every((h) => /Holiday /.test(h))).toBe(true);
    expect(headings.slice(0, 2)).toEqual([`Changed Holiday ${NEW_NAME}`, `Created Holiday ${OLD_NAME}`]);
    // A created thing lists each of its fields, with nothing before.
    const created = page.locator('.history-entry').nth(1);
    expect(
      await created
        .getByRole('row', { name: /^name / })
        .locator('td')
        .allTextContents(),
    ).toEqual(['—', OLD_NAME]);

    // A line filter no change matches.
    await page.getByLabel('Line', { exact: true }).selectOption({ label: LINE_NAME });
    await page.getByText('No change matches the filters.').waitFor();
    expect(new URL(page.url()).search).toBe(`?kind=holiday&line=${lineId}&user=boss`);
    await page.getByLabel('Line', { exact: true }).selectOption({ label: 'All lines' });
    await page.getByLabel('Person').selectOption({ label: 'Everyone' });
    await page.waitForURL(/\/admin-panel\/history\?kind=holiday$/);
    await page.locator('.history-entry').first().waitFor();

    await expectNoAxeViolations(page, 'history');
    await screenshot(page, 'history-holidays');
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await expectNoHorizontalScroll(page, 390);
      await screenshot(page, 'history-holidays-390');
      await go('/admin-panel/history');
      await expectNoHorizontalScroll(page, 390);
      await screenshotViewport(page, 'history-all-390');
      // A created line lists many fields: folded, and no wider than the phone when opened.
      await go(`/admin-panel/history?kind=line&line=${lineId}`);
      const line = page.locator('.history-entry').first();
      await line.getByRole('heading', { level: 2, name: `Created Line ${LINE_NAME}` }).waitFor();
      const all = line.locator('summary', { hasText: /^Show all \d+ changes$/ });
      await all.click();
      await line.getByRole('row', { name: /^info › name / }).waitFor();
      await expectNoHorizontalScroll(page, 390);
      await screenshot(page, 'history-line-390');
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  it('restores the holiday name after asking, and the holidays page shows it again', async () => {
    await go('/admin-panel/history?kind=holiday');
    const [rename] = await changes('holiday');
    expect(rename).toMatchObject({ entityId: holidayId, action: 'update', summary: `Holiday ${NEW_NAME}` });
    const entry = page.locator('.history-entry').first();
    const restore = entry.getByRole('button', {
      name: `Restore the version before this change (Holiday ${NEW_NAME}, change ${rename?.id})`,
    });
    await restore.click();
    await entry.getByText(`Put Holiday ${NEW_NAME} back as it was before this change?`).waitFor();
    // Cancel keeps everything as it is.
    await entry.getByRole('button', { name: 'Cancel' }).click();
    await restore.waitFor();
    expect((await changes('holiday'))[0]?.id).toBe(rename?.id);

    await restore.click();
    await entry.getByRole('button', { name: 'Yes, restore' }).click();
    await alertWithText(page, `Restored: Holiday ${NEW_NAME}.`);
    // The restore is a recorded change of its own, at the top.
    const top = page.locator('.history-entry').first();
    await top.getByRole('heading', { level: 2, name: `Restored Holiday ${OLD_NAME}` }).waitFor();
    expect(await top.locator('.history-entry__meta').textContent()).toContain(
      `puts back the version before change ${rename?.id}`,
    );
    expect(
      await top
        .getByRole('row', { name: /^name / })
        .locator('td')
        .allTextContents(),
    ).toEqual([NEW_NAME, OLD_NAME]);
    await screenshotViewport(page, 'history-restored');

    await go('/admin-panel/holidays');
    await page.getByRole('row', { name: new RegExp(OLD_NAME) }).waitFor();
    expect(await page.getByRole('row', { name: new RegExp(NEW_NAME) }).count()).toBe(0);
  });

  it('says why the server refuses a restore, and changes nothing', async () => {
    await go('/admin-panel/history?kind=stop');
    const created = (await changes('stop')).find((c) => c.entityId === stopId && c.action === 'create');
    if (!created) throw new Error('the stop creation was not recorded');
    const before = (await changes('stop'))[0]?.id;
    const entry = page.locator('.history-entry', {
      has: page.getByRole('heading', { level: 2, name: `Created Stop ${STOP_NAME}` }),
    });
    await entry
      .getByRole('button', {
        name: `Restore the version before this change (Stop ${STOP_NAME}, change ${created.id})`,
      })
      .click();
    await entry.getByRole('button', { name: 'Yes, restore' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: `Bus stop ${STOP_NAME} is used by lines:` });
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain(LINE_NAME);
    await screenshotViewport(page, 'history-restore-refused');
    expect((await adminApi<Stop[]>(token, 'stops.list')).some((s) => s.id === stopId)).toBe(true);
    expect((await changes('stop'))[0]?.id).toBe(before);
  });
});
