import type { Stop } from '@bus/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, deleteLine, makeLine, workdaySchedule } from './admin-support.ts';
import {
  DEMO_USER,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  goto,
  heading,
  pagePerFile,
  pressLogIn,
  screenshot,
  settled,
  tokenOf,
} from './support.ts';

/*
 * Safe editing in Chromium: two people on one line (the second one's stale save is refused,
 * the first one's change survives, the draft stays), a stop inserted into a used route (the
 * schedule editor then shows it empty, every other time at its stop), and a sign-in expiry in
 * the middle of an edit (the draft comes back after signing in again). The line these tests
 * edit is made for them through the API and deleted at the end.
 */
const suffix = String(Date.now() % 1_000_000);
const LINE_NAME = `Safe ${suffix}`;

let anna: Page;
let boss: Page;
let token: string;
let lineId: number;
let routeId: number;
let scheduleId: number;
const stopIds: Record<string, number> = {};

const session = pagePerFile({ signedIn: true });
beforeAll(async () => {
  ({ page: boss, token } = session);
  // A second person: another browser context signed in with its own token.
  anna = await session.open({ signedIn: true });

  const stops = await adminApi<Stop[]>(token, 'stops.list');
  for (const name of ['Zabelynė', 'Padvarninkai', 'Vikonys', 'Burbiškis']) {
    const stop = stops.find((s) => s.name === name);
    if (!stop) throw new Error(`no stop ${name}`);
    stopIds[name] = stop.id;
  }
  ({ lineId, routeId } = await makeLine(token, {
    name: LINE_NAME,
    stops: [stopIds.Zabelynė, stopIds.Padvarninkai, stopIds.Burbiškis] as number[],
    routeStart: 'Zabelynė',
    routeEnd: 'Burbiškis',
    operator: 'UAB Start',
  }));
  const byLine = await adminApi<{ version: number; yearlyOptions: { id: number; periodName: string }[] }>(
    token,
    'schedules.byLine',
    { lineId },
  );
  const wholeYear = byLine.yearlyOptions.find((r) => r.periodName === 'Apskritus metus')?.id;
  const {
    schedules: [saved],
  } = await adminApi<{ schedules: { id: number }[] }>(
    token,
    'schedules.saveList',
    {
      lineId,
      baseVersion: byLine.version,
      schedules: [
        workdaySchedule(
          routeId,
          wholeYear as number,
          ['07:00', '07:10', '07:20'],
          ['08:00', '08:10', '08:20'],
        ),
      ],
    },
    'mutation',
  );
  scheduleId = saved?.id as number;
});

afterAll(async () => {
  if (lineId) await deleteLine(token, lineId);
});

describe('safe editing', () => {
  it('two people edit one line: the later save is refused, the first one survives, the draft stays', async () => {
    await goto(boss, `/admin-panel/lines/${lineId}/edit`);
    await goto(anna, `/admin-panel/lines/${lineId}/edit`);
    await heading(boss, `Edit ${LINE_NAME}`).waitFor();
    await heading(anna, `Edit ${LINE_NAME}`).waitFor();

    await boss.getByLabel('Operator').fill('UAB Boss');
    await boss.getByRole('button', { name: 'Save' }).click();
    await boss.waitForURL(new RegExp(`/admin-panel/lines/${lineId}$`));

    await anna.getByLabel('Operator').fill('UAB Anna');
    await anna.getByRole('button', { name: 'Save' }).click();
    const conflict = anna.getByRole('alert').filter({ hasText: 'was changed by boss at' });
    await conflict.waitFor();
    expect(await conflict.textContent()).toContain(
      `Line ${LINE_NAME} was changed by ${DEMO_USER.username} at`,
    );
    await expectNoAxeViolations(anna, 'line editor with a conflict');
    await screenshot(anna, 'admin-line-conflict');
    // Nothing of Anna's was written; her draft is still in the editor.
    const stored = await adminApi<{ info: { operator: string } }>(token, 'lines.getFull', { id: lineId });
    expect(stored.info.operator).toBe('UAB Boss');
    expect(await anna.getByLabel('Operator').inputValue()).toBe('UAB Anna');
    expect(anna.url()).toMatch(/\/edit$/);

    // Reloading shows what is stored now; a save from there goes through.
    await anna.getByRole('button', { name: 'Reload the current version' }).click();
    await expect.poll(() => anna.getByLabel('Operator').inputValue()).toBe('UAB Boss');
    await anna.getByLabel('Operator').fill('UAB Anna');
    await anna.getByRole('button', { name: 'Save' }).click();
    await anna.waitForURL(new RegExp(`/admin-panel/lines/${lineId}$`));
    const after = await adminApi<{ info: { operator: string } }>(token, 'lines.getFull', { id: lineId });
    expect(after.info.operator).toBe('UAB Anna');
  });

  it('history lists the change field by field and puts the version before it back', async () => {
    await goto(boss, '/admin-panel');
    await boss.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'History' }).click();
    await heading(boss, 'History').waitFor();
    await boss.getByLabel('Kind of thing').selectOption({ label: 'Lines' });
    await boss.getByLabel('Line', { exact: true }).selectOption({ label: LINE_NAME });
    await boss.waitForURL(new RegExp(`/admin-panel/history\\?kind=line&line=${lineId}$`));
    const newest = boss.locator('.history-entry').first();
    await newest.getByRole('heading', { name: `Changed Line ${LINE_NAME}` }).waitFor();
    const operator = newest.getByRole('row', { name: /info › operator/ });
    expect(await operator.locator('td').allTextContents()).toEqual(['UAB Boss', 'UAB Anna']);
    await expectNoAxeViolations(boss, 'history');
    await screenshot(boss, 'admin-history');
    await boss.setViewportSize({ width: 390, height: 844 });
    await expectNoHorizontalScroll(boss, 390);
    await screenshot(boss, 'admin-history-390');
    await boss.setViewportSize({ width: 1280, height: 900 });

    await newest
      .getByRole('button', {
        name: new RegExp(`^Restore the version before this change \\(Line ${LINE_NAME}, change \\d+\\)$`),
      })
      .click();
    await newest.getByText(`Put Line ${LINE_NAME} back as it was before this change?`).waitFor();
    await newest.getByRole('button', { name: 'Yes, restore' }).click();
    await boss.getByText(`Restored: Line ${LINE_NAME}.`).waitFor();
    const restored = await adminApi<{ info: { operator: string } }>(token, 'lines.getFull', { id: lineId });
    expect(restored.info.operator).toBe('UAB Boss');
    // The restore is itself a recorded change.
    await boss
      .locator('.history-entry')
      .first()
      .getByRole('heading', { name: `Restored Line ${LINE_NAME}` })
      .waitFor();
  });

  it('a stop inserted into a used route: the editor says so, and the schedule shows it empty', async () => {
    await goto(boss, `/admin-panel/lines/${lineId}/edit`);
    await boss.getByRole('button', { name: 'Insert a stop after stop 1 of route variation 1' }).click();
    const picker = boss.getByRole('combobox', { name: 'Stop 2 of route variation 1' });
    await picker.fill('Vikon');
    await picker.press('Enter');
    expect(await picker.inputValue()).toBe('Vikonys');
    // Before saving: which schedules, and that the new stop has no time yet.
    const notice = boss.getByRole('status').filter({ hasText: 'every trip keeps each time at its stop' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain(
      `Route variation 1: schedule ${scheduleId}; no time yet at Vikonys.`,
    );
    await screenshot(boss, 'admin-line-route-change-notice');
    await boss.getByRole('button', { name: 'Save' }).click();
    await boss.waitForURL(new RegExp(`/admin-panel/lines/${lineId}\\?moved=${scheduleId}$`));

    // After saving: a link to the schedule, which shows the new stop without a time.
    await boss.getByRole('link', { name: `Schedule ${scheduleId}` }).click();
    await boss.waitForURL(new RegExp(`/admin-panel/schedules/${lineId}/${scheduleId}$`));
    await settled(boss);
    const time = (stop: string, n: number, trip: number) =>
      boss.getByLabel(`Time at ${stop} (stop ${n}) on trip ${trip}`).inputValue();
    expect(await time('Zabelynė', 1, 1)).toBe('07:00');
    expect(await time('Vikonys', 2, 1)).toBe('');
    expect(await time('Padvarninkai', 3, 1)).toBe('07:10');
    expect(await time('Burbiškis', 4, 1)).toBe('07:20');
    // The return trip runs the route reversed: Vikonys is its third stop.
    expect(await time('Burbiškis', 1, 2)).toBe('08:00');
    expect(await time('Padvarninkai', 2, 2)).toBe('08:10');
    expect(await time('Vikonys', 3, 2)).toBe('');
    expect(await time('Zabelynė', 4, 2)).toBe('08:20');
    await screenshot(boss, 'admin-schedule-new-stop-empty');
  });

  it('asks to confirm times going backwards before saving a schedule', async () => {
    await goto(boss, `/admin-panel/schedules/${lineId}/${scheduleId}`);
    const vikonys = boss.getByLabel('Time at Vikonys (stop 2) on trip 1');
    await vikonys.fill('06:55');
    await vikonys.press('Tab');
    await boss.getByLabel('Time at Vikonys (stop 3) on trip 2').fill('08:15');
    await boss.getByLabel('Time at Vikonys (stop 3) on trip 2').press('Tab');
    await boss.getByRole('button', { name: 'Save schedule' }).click();
    const warning = boss.getByRole('alert').filter({ hasText: 'Please check before saving:' });
    await warning.waitFor();
    expect(await warning.textContent()).toContain(
      'Trip 1: the time goes back from 07:00 to 06:55 at Vikonys.',
    );
    await screenshot(boss, 'admin-schedule-warnings');
    await boss.getByRole('button', { name: 'Keep editing' }).click();
    expect(await warning.count()).toBe(0);
    await vikonys.fill('07:05');
    await vikonys.press('Tab');
    // Every time must be filled in before a save (the spec's own check), the return trip's too.
    const back = boss.getByLabel('Time at Vikonys (stop 3) on trip 2');
    await back.fill('08:15');
    await back.press('Tab');
    await boss.getByRole('button', { name: 'Save schedule' }).click();
    await boss.getByText('Successfully saved to the database').waitFor();
  });

  it('warns before leaving an editor with unsaved changes', async () => {
    await goto(boss, `/admin-panel/lines/${lineId}/edit`);
    await boss.getByLabel('Price').fill('2,50 €');
    await boss.getByLabel('Price').press('Tab');
    const asked: string[] = [];
    boss.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await boss.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Lines' }).click();
    await expect.poll(() => asked).toEqual(['You have unsaved changes. Leave this page and lose them?']);
    expect(boss.url()).toMatch(/\/edit$/);
    expect(await boss.getByLabel('Price').inputValue()).toBe('2,50 €');
    // Leaving on purpose drops the draft.
    boss.once('dialog', (dialog) => void dialog.accept());
    await boss.getByRole('navigation', { name: 'Admin menu' }).getByRole('link', { name: 'Lines' }).click();
    await boss.waitForURL(/\/admin-panel\/lines$/);
    await goto(boss, `/admin-panel/lines/${lineId}/edit`);
    expect(await boss.getByLabel('Price').inputValue()).toBe('');
  });

  it('asks before giving a stop the name another stop has, naming that stop', async () => {
    const name = `Safe stop ${suffix}`;
    const created = await adminApi<{ id: number }>(
      token,
      'stops.save',
      { id: null, name, coords: null, defaultOption: false, baseVersion: 0 },
      'mutation',
    );
    try {
      await goto(boss, '/admin-panel/bus-stops');
      await boss.getByLabel('Search stops').fill(name);
      await boss.getByRole('button', { name: `Edit ${name}` }).click();
      await boss.getByLabel(`Name of ${name}`).fill('vikonys');
      await boss.getByRole('button', { name: 'Save', exact: true }).click();
      const question = boss
        .getByRole('alert')
        .filter({ hasText: 'Another stop is already called “Vikonys”' });
      await question.waitFor();
      expect(await question.textContent()).toContain(`(stop ${stopIds.Vikonys})`);
      // Nothing saved until the user says so.
      let stops = await adminApi<Stop[]>(token, 'stops.list');
      expect(stops.find((s) => s.id === created.id)?.name).toBe(name);
      await screenshot(boss, 'admin-stop-duplicate-name');
      await question.getByRole('button', { name: 'Save anyway' }).click();
      await boss.getByText('Successfully saved to the database').waitFor();
      stops = await adminApi<Stop[]>(token, 'stops.list');
      expect(stops.find((s) => s.id === created.id)?.name).toBe('vikonys');
    } finally {
      const list = await adminApi<{ stop: Stop; version: number }[]>(token, 'stops.listWithUsage');
      const version = list.find((s) => s.stop.id === created.id)?.version;
      await adminApi(token, 'stops.delete', { id: created.id, baseVersion: version }, 'mutation');
    }
  });

  it('keeps the draft across a sign-in expiry and brings the user back to it', async () => {
    await goto(boss, `/admin-panel/schedules/${lineId}/${scheduleId}`);
    const time = boss.getByLabel('Time at Vikonys (stop 3) on trip 2');
    await time.fill('08:16');
    await time.press('Tab');
    // The sign-in expires (the server no longer accepts the token) before Save.
    await boss.evaluate(() => {
      const user = JSON.parse(localStorage.getItem('user') ?? '{}') as Record<string, unknown>;
      localStorage.setItem('user', JSON.stringify({ ...user, accessToken: 'expired' }));
    });
    await boss.getByRole('button', { name: 'Save schedule' }).click();
    await boss.waitForURL(/\/admin-access\?session=ended&return=/);
    await boss.getByText('Your session has ended, please sign in again').waitFor();
    await boss.getByLabel('Username').fill(DEMO_USER.username);
    await boss.getByLabel('Password').fill(DEMO_USER.password);
    expect(await pressLogIn(boss)).toBe(200);
    // Back in the editor, with the draft.
    await boss.waitForURL(new RegExp(`/admin-panel/schedules/${lineId}/${scheduleId}$`));
    await settled(boss);
    await boss.getByText('Your unsaved changes (last edited at').waitFor();
    await screenshot(boss, 'admin-schedule-draft-restored');
    expect(await boss.getByLabel('Time at Vikonys (stop 3) on trip 2').inputValue()).toBe('08:16');
    await boss.getByRole('button', { name: 'Save schedule' }).click();
    // Whatever the answer is, it is shown: saved, or an alert that says why not.
    const outcome = boss
      .getByText('Successfully saved to the database')
      .or(boss.locator('[role="alert"]:not(:empty)'));
    await outcome.first().waitFor();
    expect(await outcome.first().textContent()).toContain('Successfully saved to the database');
    token = await tokenOf(boss);
    const saved = await adminApi<{ schedules: { id: number; trips: { timeList: (string | null)[] }[] }[] }>(
      token,
      'schedules.byLine',
      { lineId },
    );
    const trip2 = saved.schedules.find((s) => s.id === scheduleId)?.trips[1];
    expect(trip2?.timeList).toEqual(['08:00', '08:10', '08:16', '08:20']);
  });

  it('keeps an inline row’s edit (a holiday) across a sign-in expiry too', async () => {
    type Holiday = { id: number; name: string; month: number; day: number; version: number };
    const [holiday] = await adminApi<Holiday[]>(token, 'holidays.list');
    if (!holiday) throw new Error('no holidays');
    try {
      await goto(boss, '/admin-panel/holidays');
      await boss.getByRole('button', { name: `Edit ${holiday.name}` }).click();
      await boss.getByLabel(`Name of ${holiday.name}`).fill(`${holiday.name} (e2e)`);
      await boss.getByLabel(`Name of ${holiday.name}`).press('Tab');
      await boss.evaluate(() => {
        const user = JSON.parse(localStorage.getItem('user') ?? '{}') as Record<string, unknown>;
        localStorage.setItem('user', JSON.stringify({ ...user, accessToken: 'expired' }));
      });
      await boss.getByRole('button', { name: 'Save', exact: true }).click();
      await boss.waitForURL(/\/admin-access\?session=ended&return=%2Fadmin-panel%2Fholidays$/);
      await boss.getByLabel('Username').fill(DEMO_USER.username);
      await boss.getByLabel('Password').fill(DEMO_USER.password);
      expect(await pressLogIn(boss)).toBe(200);
      await boss.waitForURL(/\/admin-panel\/holidays$/);
      await settled(boss);
      // The row is open again with the draft.
      expect(await boss.getByLabel(`Name of ${holiday.name}`).inputValue()).toBe(`${holiday.name} (e2e)`);
      await boss.getByRole('button', { name: 'Save', exact: true }).click();
      await boss.getByText('Successfully saved to the database').waitFor();
      token = await tokenOf(boss);
      const after = await adminApi<Holiday[]>(token, 'holidays.list');
      expect(after.find((h) => h.id === holiday.id)?.name).toBe(`${holiday.name} (e2e)`);
    } finally {
      const now = (await adminApi<Holiday[]>(token, 'holidays.list')).find((h) => h.id === holiday.id);
      if (now && now.name !== holiday.name)
        await adminApi(token, 'holidays.save', { ...holiday, baseVersion: now.version }, 'mutation');
    }
  });
});
