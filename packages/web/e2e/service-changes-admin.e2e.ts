import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminApi, alertWithText, screenshotViewport } from './admin-support.ts';
import {
  expectNoAxeViolations,
  nextServiceThursday,
  pagePerFile,
  screenshot,
  settled,
  url,
} from './support.ts';

/**
 * Issue 27: staff cancel a real trip for the next Thursday on the Service changes
 * screen, see it listed as upcoming and in the preview of that day, reword its notice, undo it;
 * a notice ending before it starts is refused inline with nothing saved; Lithuanian; screenshots
 * at 390 and 1280 px in both languages.
 */
const session = pagePerFile({ signedIn: true });

interface ListAnswer {
  today: string;
  items: {
    id: number;
    kind: string;
    titleLt: string;
    titleEn: string | null;
    status: string;
    version: number;
  }[];
}
interface TripsAnswer {
  trips: { id: number; firstTime: string; firstStop: string; lastStop: string }[];
}

// Line M24 (id 20) of the real data runs on Thursdays only.
const M24 = 20;
let thursday = '';
/** The version of the change as the cancel created it. */
let createdVersion = 0;
let weekLater = '';
let trip: TripsAnswer['trips'][number];

const list = () => adminApi<ListAnswer>(session.token, 'serviceChanges.list', {});

async function openScreen(page: Page): Promise<void> {
  await page.goto(url('/admin-panel/service-changes'));
  await settled(page);
}

describe('the Service changes screen', () => {
  it('cancels a real trip for the next Thursday with a reason and lists it as upcoming', async () => {
    const { page } = session;
    const before = await list();
    // The 07:50 of M24 (trip 126) runs on a working Thursday to come (no public holiday).
    thursday = await nextServiceThursday([126]);
    // The next Thursday it runs on after that one (a week later, unless a holiday comes between).
    weekLater = await nextServiceThursday([126], false, thursday);
    const trips = await adminApi<TripsAnswer>(session.token, 'serviceChanges.lineTrips', {
      lineId: M24,
      date: thursday,
    });
    trip = trips.trips[0] as TripsAnswer['trips'][number];
    expect(trip.firstTime).toBe('07:50');

    await openScreen(page);
    await page
      .getByRole('navigation', { name: 'Admin menu' })
      .getByRole('link', { name: 'Service changes' })
      .waitFor();
    await page.getByRole('heading', { level: 1, name: 'Service changes' }).waitFor();
    await page.getByRole('button', { name: 'Cancel trips' }).click();
    const form = page.getByRole('form', { name: 'Cancel trips' });
    await form.getByLabel('Line').selectOption({ label: 'M24' });
    await form.getByLabel('From').fill(thursday);
    const tick = form.getByRole('checkbox', {
      name: new RegExp(`^${trip.firstTime} ${trip.firstStop} – ${trip.lastStop}`),
    });
    await tick.check();
    await form.getByLabel('Reason').fill('Kelio darbai');
    await screenshot(page, 'service-changes-cancel-form-1280');
    await form.getByRole('button', { name: 'Save the change' }).click();
    await alertWithText(page, 'Successfully saved to the database');

    const upcoming = page.getByRole('region', { name: /^Upcoming/ });
    await upcoming.getByRole('heading', { name: 'Trip cancelled: 07:50 (M24)' }).waitFor();
    const after = await list();
    expect(after.items.length).toBe(before.items.length + 1);
    createdVersion = after.items[0]?.version ?? 0;
    expect(after.items[0]).toMatchObject({
      kind: 'cancel',
      status: 'upcoming',
      titleLt: 'Atšauktas reisas 07:50 (M24)',
    });
    expect(await form.count()).toBe(0);
  });

  it("previews the Thursday as visitors will see it, and rewords the change's notice", async () => {
    const { page } = session;
    const preview = page.getByRole('region', { name: 'What visitors will see' });
    await preview.getByLabel('Date').fill(thursday);
    await preview.getByText('Does not run:').waitFor();
    await preview.getByText(`07:50 M24, ${trip.firstStop} – ${trip.lastStop}`).waitFor();
    await expectNoAxeViolations(page, 'service changes, with the preview');
    await screenshot(page, 'service-changes-list-1280');

    await page.getByRole('button', { name: 'Edit “Atšauktas reisas 07:50 (M24)”' }).click();
    const form = page.getByRole('form', { name: 'Edit “Atšauktas reisas 07:50 (M24)”' });
    await form.getByLabel('Title in Lithuanian').fill('Reisas 07:50 į Nausodę nevažiuos');
    await form.getByLabel('Title in English (optional)').fill('No 07:50 to Nausodė');
    await form.getByLabel('Cause').selectOption({ label: 'Construction or roadworks' });
    await form.getByRole('button', { name: 'Save the change' }).click();
    await page
      .getByRole('region', { name: /^Upcoming/ })
      .getByRole('heading', { name: 'No 07:50 to Nausodė' })
      .waitFor();
    const [changed] = (await list()).items;
    expect(changed).toMatchObject({
      titleLt: 'Reisas 07:50 į Nausodę nevažiuos',
      titleEn: 'No 07:50 to Nausodė',
    });
    // A new version: history entry ids count every save of the database, so only its order is known.
    expect(changed?.version).toBeGreaterThan(createdVersion);
  });

  it('visitors see it: struck through on that Thursday, as ever a week later, its notice on the line page and the Service changes page', async () => {
    const chip = (p: Page) =>
      p
        .locator('.hour-grid li')
        .filter({ has: p.locator('.chip__time', { hasText: '07:50' }) })
        .filter({ hasText: 'Nausodė' });
    for (const [locale, width, cancelled] of [
      ['en-GB', 1280, 'Cancelled'],
      ['lt-LT', 390, 'Atšauktas'],
    ] as const) {
      const p = await session.open({ width, height: 900, locale });
      await p.goto(url(`/?from=1&to=&dir=Out+bound&date=${thursday}`));
      await settled(p);
      await chip(p).locator('summary').waitFor();
      expect(await chip(p).locator('summary').textContent()).toBe(cancelled);
      expect(
        await chip(p)
          .locator('a.chip')
          .evaluate((a) => getComputedStyle(a).textDecorationLine),
      ).toBe('line-through');
      await screenshot(p, `service-changes-home-thursday-${locale}-${width}`);
      // The same trip a week later runs as ever.
      await p.goto(url(`/?from=1&to=&dir=Out+bound&date=${weekLater}`));
      await settled(p);
      await chip(p).waitFor();
      expect(await chip(p).locator('summary, s').count()).toBe(0);
    }
    const p = await session.open({ width: 1280, height: 900, locale: 'en-GB' });
    await p.goto(url(`/browse/${M24}?date=${thursday}`));
    await settled(p);
    await p.getByRole('region', { name: 'Service changes' }).getByText('No 07:50 to Nausodė').waitFor();
    await p.goto(url('/changes'));
    await settled(p);
    await p.getByRole('region', { name: 'Coming up' }).getByText('No 07:50 to Nausodė').waitFor();
  });

  it('says so when someone else saved the change meanwhile (409), and reloads', async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'Edit “Reisas 07:50 į Nausodę nevažiuos”' }).click();
    const form = page.getByRole('form', { name: 'Edit “Reisas 07:50 į Nausodę nevažiuos”' });
    // Another admin rewords the Lithuanian text in between.
    const [stored] = (await list()).items as [ListAnswer['items'][number] & Record<string, unknown>];
    const { version, status: _status, ...fields } = stored;
    await adminApi(
      session.token,
      'serviceChanges.save',
      { ...fields, textLt: 'Kitas tekstas', baseVersion: version },
      'mutation',
    );
    await form.getByLabel('Text in English (optional)').fill('Roadworks.');
    await form.getByRole('button', { name: 'Save the change' }).click();
    await form.getByRole('button', { name: 'Reload the current version' }).click();
    await form.waitFor({ state: 'detached' });
    const [reloaded] = (await list()).items as [ListAnswer['items'][number] & Record<string, unknown>];
    // The other admin's save stands (a newer version, their text), the refused one wrote nothing.
    expect(reloaded.version).toBeGreaterThan(version);
    expect(reloaded).toMatchObject({
      textLt: 'Kitas tekstas',
      textEn: expect.not.stringContaining('Roadworks'),
    });
  });

  it('refuses a notice that ends before it starts, inline, and saves nothing', async () => {
    const { page } = session;
    const before = await list();
    await page.getByRole('button', { name: 'Add a notice' }).click();
    const form = page.getByRole('form', { name: 'Add a notice' });
    await form.getByLabel('Title in Lithuanian').fill('Šventinis eismas');
    await form.getByLabel('From').fill(weekLater);
    await form.getByLabel('Until').fill(thursday);
    await form.getByRole('button', { name: 'Save the change' }).click();
    const until = form.getByLabel('Until');
    expect(await until.getAttribute('aria-invalid')).toBe('true');
    await form.getByText('The last date is before the first date').waitFor();
    await screenshot(page, 'service-changes-refused-1280');
    expect(await list()).toEqual(before);
    await form.getByRole('button', { name: 'Cancel', exact: true }).click();
  });

  it('undoes the change with one click; the history keeps it', async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'Undo “Reisas 07:50 į Nausodę nevažiuos”' }).click();
    await alertWithText(page, 'Undone: “Reisas 07:50 į Nausodę nevažiuos”. The history keeps it.');
    await page.getByRole('heading', { name: 'No 07:50 to Nausodė' }).waitFor({ state: 'detached' });
    expect((await list()).items.some((c) => c.titleLt.startsWith('Reisas 07:50'))).toBe(false);
    const history = await adminApi<{ items: { action: string; summary: string }[] }>(
      session.token,
      'history.list',
      {
        kind: 'service_change',
      },
    );
    expect(history.items.map((e) => e.action).slice(0, 4)).toEqual(['delete', 'update', 'update', 'create']);
  });

  it('closes a stop from Thursday on with a stop to use instead, shown in the preview, and undoes it', async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'Close a stop' }).click();
    const form = page.getByRole('form', { name: 'Close a stop' });
    await form.getByLabel('From', { exact: true }).fill(thursday);
    const pick = async (label: string, typed: string) => {
      const box = form.getByRole('combobox', { name: label });
      await box.fill(typed);
      await form
        .getByRole('option', { name: new RegExp(`^${typed}`) })
        .first()
        .waitFor();
      await box.press('Enter');
      return box.inputValue();
    };
    const closed = await pick('Closed stop', 'Vaidlonys');
    const instead = await pick('Stop to use instead (optional)', 'Mileikiškiai');
    await form.getByLabel('Reason').fill('Stotelė remontuojama');
    await form.getByRole('button', { name: 'Save the change' }).click();
    await alertWithText(page, 'Successfully saved to the database');
    const [saved] = (await list()).items;
    expect(saved).toMatchObject({ kind: 'closure', status: 'upcoming' });
    const preview = page.getByRole('region', { name: 'What visitors will see' });
    await preview.getByLabel('Date').fill(thursday);
    await preview.getByText(`Not served: ${closed}`, { exact: true }).waitFor();
    await preview.getByText(`Use ${instead} instead`, { exact: true }).waitFor();
    await screenshot(page, 'service-changes-closure-1280');
    await page.getByRole('button', { name: `Undo “${saved?.titleLt}”` }).click();
    await alertWithText(page, `Undone: “${saved?.titleLt}”. The history keeps it.`);
  });

  it('changes the times of a trip by a shift and a typed time (the grid rules), refusing a time that is none', async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'Change times' }).click();
    const form = page.getByRole('form', { name: 'Change times' });
    await form.getByLabel('Line').selectOption({ label: 'M24' });
    await form.getByLabel('From', { exact: true }).fill(thursday);
    await form.getByRole('checkbox', { name: /^12:40 / }).check();
    await form.getByLabel('Shift, minutes').fill('10');
    const last = form.getByLabel('Nausodė, planned 13:25');
    await last.fill('2599');
    await form.getByRole('button', { name: 'Save the change' }).click();
    await form.getByText('“2599” is not a time of day (00:00-23:59)').waitFor();
    expect(await last.getAttribute('aria-invalid')).toBe('true');
    await last.fill('1350');
    await screenshotViewport(page, 'service-changes-retime-1280');
    await form.getByRole('button', { name: 'Save the change' }).click();
    await alertWithText(page, 'Successfully saved to the database');
    const [saved] = (await list()).items;
    expect(saved).toMatchObject({ kind: 'retime', status: 'upcoming' });
    const preview = page.getByRole('region', { name: 'What visitors will see' });
    await preview.getByLabel('Date').fill(thursday);
    await preview.getByText('Anykščių AS 12:40 → 12:50', { exact: true }).waitFor();
    await preview.getByText('Nausodė 13:25 → 13:50', { exact: true }).waitFor();
    await page.getByRole('button', { name: `Undo “${saved?.titleLt}”` }).click();
    await alertWithText(page, `Undone: “${saved?.titleLt}”. The history keeps it.`);
  });

  it('works in Lithuanian and on a phone, in both languages', async () => {
    // A Lithuanian page at 390 px: cancel the Thursday trip again, then look at the screen.
    const phone = await session.open({ signedIn: true, width: 390, height: 844 });
    await phone.evaluate(() => localStorage.setItem('lang', 'lt'));
    await openScreen(phone);
    await phone.getByRole('heading', { level: 1, name: 'Eismo pakeitimai' }).waitFor();
    await phone.getByRole('button', { name: 'Atšaukti reisus' }).click();
    const form = phone.getByRole('form', { name: 'Atšaukti reisus' });
    await form.getByLabel('Maršrutas').selectOption({ label: 'M24' });
    await form.getByLabel('Nuo', { exact: true }).fill(thursday);
    await form.getByRole('checkbox', { name: /^07:50 / }).check();
    await form.getByLabel('Priežastis', { exact: true }).fill('Kelio darbai');
    await screenshot(phone, 'service-changes-cancel-form-390-lt');
    await form.getByRole('button', { name: 'Išsaugoti pakeitimą' }).click();
    await phone
      .getByRole('region', { name: /^Numatyti/ })
      .getByRole('heading', { name: 'Atšauktas reisas 07:50 (M24)' })
      .waitFor();
    await phone.getByRole('region', { name: 'Ką matys lankytojai' }).getByLabel('Diena').fill(thursday);
    await phone.getByText('Nevyksta:').waitFor();
    await expectNoAxeViolations(phone, 'service changes in Lithuanian, 390 px');
    await screenshot(phone, 'service-changes-list-390-lt');

    // The same change refused as too early an end, in Lithuanian words.
    await phone.getByRole('button', { name: 'Pridėti pranešimą' }).click();
    const notice = phone.getByRole('form', { name: 'Pridėti pranešimą' });
    await notice.getByLabel('Pavadinimas lietuviškai').fill('Šventinis eismas');
    await notice.getByLabel('Nuo', { exact: true }).fill(weekLater);
    await notice.getByLabel('Iki', { exact: true }).fill(thursday);
    await notice.getByRole('button', { name: 'Išsaugoti pakeitimą' }).click();
    await notice.getByText('Paskutinė diena yra anksčiau už pirmąją').waitFor();
    await screenshotViewport(phone, 'service-changes-refused-390-lt');
    await notice.getByRole('button', { name: 'Atšaukti', exact: true }).click();

    // English at 390 px and Lithuanian at 1280 px.
    const english = await session.open({ signedIn: true, width: 390, height: 844 });
    await openScreen(english);
    await english.getByRole('region', { name: /^Upcoming/ }).waitFor();
    await screenshot(english, 'service-changes-list-390-en');
    const wide = await session.open({ signedIn: true, width: 1280, height: 900 });
    await wide.evaluate(() => localStorage.setItem('lang', 'lt'));
    await openScreen(wide);
    await wide.getByRole('region', { name: 'Ką matys lankytojai' }).getByLabel('Diena').fill(thursday);
    await wide.getByText('Nevyksta:').waitFor();
    await screenshot(wide, 'service-changes-list-1280-lt');

    // Leave the data as it was: undo the Lithuanian page's change.
    await phone.getByRole('button', { name: 'Atšaukti pakeitimą „Atšauktas reisas 07:50 (M24)“' }).click();
    await alertWithText(phone, 'Pakeitimas „Atšauktas reisas 07:50 (M24)“ atšauktas. Jis liko istorijoje.');
  });
});
