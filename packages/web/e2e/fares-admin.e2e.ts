import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { adminApi, alertWithText, screenshotViewport } from './admin-support.ts';
import {
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  pagePerFile,
  plusDays,
  screenshot,
  settled,
  TODAY,
  url,
} from './support.ts';

/**
 * Issue 41, the staff part: on the Fares screen staff add a concession, set a flat fare on the
 * city line M38 and a per-km fare with rounding and a minimum on M24, see them listed in words;
 * a typed amount that is none is refused with its message and nothing is saved; a rule is edited
 * (a pair fare added), a save made from an older version is refused (409) with a reload, a rule
 * deleted; a through fare from Kavarskas on "Kavarskas m27?" changing to "Utena" to Utenos AS is
 * refused while its lines and stops are not chosen, then saved and listed in words; the same in
 * Lithuanian at 390 px; screenshots at 390 and 1280 px in both languages.
 * Dates come from the run's moment (TODAY): one rule in force from today, one from a week later.
 */
const session = pagePerFile({ signedIn: true });

interface Rule {
  id: number;
  lineId: number;
  validFrom: string;
  method: { kind: string; cents?: number; centsPerKm?: number };
  roundingCents: number;
  minimumCents: number;
  pairs: { fromStopId: number; toStopId: number; cents: number }[];
  version: number;
}
interface Concession {
  id: number;
  nameLt: string;
  nameEn: string;
  percent: number;
  version: number;
}

// Lines of the real data: M38 (id 13), the city line, and M24 (id 20), a regional one.
const M38 = 13;
const M24 = 20;
const NEXT_WEEK = plusDays(TODAY, 7);

const rules = () => adminApi<Rule[]>(session.token, 'fares.list', {});
const throughFares = () =>
  adminApi<{ id: number; cents: number; changeMinutes: number; version: number }[]>(
    session.token,
    'throughFares.list',
  );
const concessions = () => adminApi<Concession[]>(session.token, 'concessions.list');

async function openScreen(page: Page): Promise<void> {
  await page.goto(url('/admin-panel/fares'));
  await settled(page);
}

/** Opens the form of a new rule and fills its line and first day. */
async function newRule(page: Page, title: string, line: string, validFrom: string): Promise<Locator> {
  await page.getByRole('button', { name: /^(Add a fare rule|Pridėti kainų taisyklę)$/ }).click();
  const form = page.getByRole('form', { name: title });
  await form.getByLabel(/^(Line|Maršrutas)$/).selectOption({ label: line });
  await form.getByLabel(/^(Valid from|Galioja nuo)$/).fill(validFrom);
  return form;
}

afterAll(async () => {
  // Tidy: what the tests made goes (the file's server and database are its own anyway).
  for (const rule of await rules())
    await adminApi(session.token, 'fares.delete', { id: rule.id, baseVersion: rule.version }, 'mutation');
  for (const c of await concessions())
    await adminApi(session.token, 'concessions.delete', { id: c.id, baseVersion: c.version }, 'mutation');
  for (const f of await throughFares())
    await adminApi(session.token, 'throughFares.delete', { id: f.id, baseVersion: f.version }, 'mutation');
});

describe('the Fares screen', () => {
  it('adds a concession', async () => {
    const { page } = session;
    await openScreen(page);
    await page.getByRole('heading', { level: 1, name: 'Fares' }).waitFor();
    const menuLink = page
      .getByRole('navigation', { name: 'Admin menu' })
      .getByRole('link', { name: 'Fares' });
    expect(await menuLink.getAttribute('aria-current')).toBe('page');
    const region = page.getByRole('region', { name: 'Concessions' });
    await region.getByText('No concessions yet.').waitFor();
    await region.getByRole('button', { name: 'Add a concession' }).click();
    await region.getByLabel('Lithuanian name of the new concession').fill('Moksleiviai');
    await region.getByLabel('English name of the new concession').fill('Pupils');
    await region.getByLabel('Share paid by the new concession, %').fill('50');
    await region.getByRole('button', { name: 'Save' }).click();
    await alertWithText(page, 'Successfully saved to the database');
    const row = region.getByRole('row').filter({ hasText: 'Moksleiviai' });
    await row.getByRole('cell', { name: '50%' }).waitFor();
    expect(await concessions()).toMatchObject([{ nameLt: 'Moksleiviai', nameEn: 'Pupils', percent: 50 }]);
  });

  it('sets a flat fare on one line and a per-km fare with rounding and a minimum on another, listed in words', async () => {
    const { page } = session;
    await page.getByText('No fare rules yet.').waitFor();
    const flat = await newRule(page, 'New fare rule', 'M38', NEXT_WEEK);
    expect(await flat.getByRole('radio', { name: 'Flat fare' }).isChecked()).toBe(true);
    await flat.getByLabel('Fare, €').fill('1,00');
    await flat.getByRole('button', { name: 'Save' }).click();
    await alertWithText(page, 'Successfully saved to the database');
    await flat.waitFor({ state: 'detached' });

    const perKm = await newRule(page, 'New fare rule', 'M24', TODAY);
    await perKm.getByRole('radio', { name: 'Per kilometre' }).check();
    await perKm.getByLabel('Price per km, €').fill('0.09');
    await perKm.getByLabel('Round to, ct').fill('10');
    await perKm.getByLabel('Minimum fare, €').fill('0,50');
    await screenshot(page, 'fares-new-rule-1280-en');
    await perKm.getByRole('button', { name: 'Save' }).click();
    await perKm.waitFor({ state: 'detached' });

    const m24 = page.getByRole('list', { name: 'Fare rules of M24' });
    const m38 = page.getByRole('list', { name: 'Fare rules of M38' });
    await m24.getByText('€0.09 per km, rounded to 10 ct, minimum €0.50', { exact: true }).waitFor();
    await m24.getByText(`From ${TODAY}`).waitFor();
    await m24.getByText('In force', { exact: true }).waitFor();
    await m38.getByText('Flat fare €1.00', { exact: true }).waitFor();
    await m38.getByText(`From ${NEXT_WEEK}`).waitFor();
    await m38.getByText('Upcoming', { exact: true }).waitFor();
    // The lines as staff count them: M24 before M38.
    const lineNames = await page.locator('.fare-line__name').allTextContents();
    expect(lineNames.map((n) => n.split(' ')[0])).toEqual(['M24', 'M38']);

    expect(await rules()).toMatchObject([
      {
        lineId: M38,
        validFrom: NEXT_WEEK,
        method: { kind: 'flat', cents: 100 },
        roundingCents: 1,
        minimumCents: 0,
        pairs: [],
      },
      {
        lineId: M24,
        validFrom: TODAY,
        method: { kind: 'perKm', centsPerKm: 9 },
        roundingCents: 10,
        minimumCents: 50,
        pairs: [],
      },
    ]);
    await expectNoAxeViolations(page, 'fares, two rules and a concession');
    await screenshot(page, 'fares-list-1280-en');

    // The filter narrows the list to one line, kept in the address.
    await page.getByLabel('Show the rules of').selectOption({ label: 'M38' });
    await page.waitForURL(/\/admin-panel\/fares\?line=13$/);
    await m24.waitFor({ state: 'detached' });
    await m38.waitFor();
    await page.getByLabel('Show the rules of').selectOption({ label: 'All lines' });
    await m24.waitFor();
  });

  it('refuses an amount that is no amount, with its message, and saves nothing', async () => {
    const { page } = session;
    const before = await rules();
    const form = await newRule(page, 'New fare rule', 'M5', TODAY);
    const fare = form.getByLabel('Fare, €');
    await fare.fill('1,2x');
    await form.getByRole('button', { name: 'Save' }).click();
    const said = '“1,2x” is not an amount in euros: write it like 1.20 or 1,20';
    await form.getByText(said, { exact: true }).waitFor();
    await alertWithText(page, said);
    expect(await fare.getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'fares-refused-1280-en');
    expect(await rules()).toEqual(before);
    await form.getByRole('button', { name: 'Cancel', exact: true }).click();
    await form.waitFor({ state: 'detached' });
  });

  it('edits a rule (a new price and a pair fare), refuses a save from an older version, deletes a rule', async () => {
    const { page } = session;
    const m24 = page.getByRole('list', { name: 'Fare rules of M24' });
    await m24.getByRole('button', { name: `Edit the fares of M24 from ${TODAY}` }).click();
    const form = page.getByRole('form', { name: `Fares of M24 from ${TODAY}` });
    expect(await form.getByLabel('Price per km, €').inputValue()).toBe('0.09');
    await form.getByLabel('Price per km, €').fill('0,10');
    await form.getByRole('button', { name: 'Add a pair fare' }).click();
    const from = form.getByLabel('Pair 1: from stop');
    const to = form.getByLabel('Pair 1: to stop');
    // The line's own stops to choose from: the first two of its route.
    await expect.poll(() => from.locator('option').count()).toBeGreaterThan(2);
    await from.selectOption({ index: 1 });
    await to.selectOption({ index: 2 });
    await form.getByLabel('Pair 1: price, €').fill('0,60');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });
    await m24.getByText('€0.10 per km, rounded to 10 ct, minimum €0.50', { exact: true }).waitFor();
    await m24.getByText('1 pair fare', { exact: true }).waitFor();
    const edited = (await rules()).find((r) => r.lineId === M24);
    expect(edited).toMatchObject({ method: { kind: 'perKm', centsPerKm: 10 }, pairs: [{ cents: 60 }] });
    expect(edited?.pairs[0]?.fromStopId).not.toBe(edited?.pairs[0]?.toStopId);

    // Someone else changes the M38 rule while it is open here: this save is refused, nothing lost.
    const m38 = page.getByRole('list', { name: 'Fare rules of M38' });
    await m38.getByRole('button', { name: `Edit the fares of M38 from ${NEXT_WEEK}` }).click();
    const open = page.getByRole('form', { name: `Fares of M38 from ${NEXT_WEEK}` });
    const stored = (await rules()).find((r) => r.lineId === M38) as Rule;
    const { version, ...fields } = stored;
    await adminApi(
      session.token,
      'fares.save',
      { ...fields, method: { kind: 'flat', cents: 110 }, baseVersion: version },
      'mutation',
    );
    await open.getByLabel('Fare, €').fill('1,50');
    await open.getByRole('button', { name: 'Save' }).click();
    await open.getByRole('button', { name: 'Reload the current version' }).click();
    await m38.getByText('Flat fare €1.10', { exact: true }).waitFor();
    expect((await rules()).find((r) => r.lineId === M38)?.method).toEqual({ kind: 'flat', cents: 110 });

    await m38.getByRole('button', { name: `Delete the fares of M38 from ${NEXT_WEEK}` }).click();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await alertWithText(page, `The fares of M38 from ${NEXT_WEEK} have been deleted.`);
    await m38.waitFor({ state: 'detached' });
    expect((await rules()).map((r) => r.lineId)).toEqual([M24]);
  });

  it('adds a through fare: refused with each field’s message until its lines and stops are chosen, then listed in words', async () => {
    const { page } = session;
    const region = page.getByRole('region', { name: 'Through fares' });
    await region.getByText('No through fares yet.').waitFor();
    await region.getByRole('button', { name: 'Add a through fare' }).click();
    const form = region.getByRole('form', { name: 'New through fare' });
    await form.getByLabel('Price of the whole journey, €').fill('2,85');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Choose the line of each part of the journey').first().waitFor();
    await form
      .getByText('Choose the stop where the journey starts and the stop where it ends')
      .first()
      .waitFor();
    expect(await throughFares()).toEqual([]);
    const bus = (name: string) => form.getByRole('group', { name });
    await bus('First bus').getByLabel('Line', { exact: true }).selectOption({ label: 'Kavarskas m27?' });
    await bus('First bus').getByLabel('Journey starts at').selectOption({ label: 'Kavarskas' });
    await bus('Second bus').getByLabel('Line', { exact: true }).selectOption({ label: 'Utena' });
    await bus('Second bus').getByLabel('Journey ends at').selectOption({ label: 'Utenos AS' });
    expect(await form.getByLabel('Change within, min').inputValue()).toBe('60');
    await screenshot(page, 'fares-through-form-1280-en');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });
    const listed = region.getByRole('list', { name: 'Through fares Kavarskas – Utenos AS' });
    await listed.getByText('€2.85 for the whole journey, changing within 60 min', { exact: true }).waitFor();
    await listed.getByText('In force', { exact: true }).waitFor();
    await region.getByText('Lines Kavarskas m27? and Utena, both ways').waitFor();
    expect(await throughFares()).toMatchObject([{ cents: 285, changeMinutes: 60 }]);
    await screenshot(page, 'fares-through-1280-en');
  });

  it('works in Lithuanian on a phone, and both languages at both widths', async () => {
    const phone = await session.open({ signedIn: true, width: 390, height: 844 });
    await phone.evaluate(() => localStorage.setItem('lang', 'lt'));
    await openScreen(phone);
    await phone.getByRole('heading', { level: 1, name: 'Kainos' }).waitFor();
    const m24 = phone.getByRole('list', { name: 'Maršruto „M24“ kainų taisyklės' });
    await m24
      .getByText('0,10 € už km, apvalinama 10 ct tikslumu, ne mažiau kaip 0,50 €', { exact: true })
      .waitFor();
    await m24.getByText('Kainų tarp stotelių porų: 1', { exact: true }).waitFor();
    await m24.getByText('Galioja', { exact: true }).waitFor();

    // A flat fare on M38 again, first with an amount that is none.
    const form = await newRule(phone, 'Nauja kainų taisyklė', 'M38', NEXT_WEEK);
    await form.getByLabel('Kaina, €').fill('pusantro');
    await form.getByRole('button', { name: 'Išsaugoti' }).click();
    await form
      .getByText('„pusantro“ nėra suma eurais: rašykite, pvz., 1,20 arba 1.20', { exact: true })
      .waitFor();
    await screenshotViewport(phone, 'fares-refused-390-lt');
    await form.getByLabel('Kaina, €').fill('1,20');
    await form.getByRole('button', { name: 'Išsaugoti' }).click();
    await alertWithText(phone, 'Sėkmingai išsaugota duomenų bazėje');
    const m38 = phone.getByRole('list', { name: 'Maršruto „M38“ kainų taisyklės' });
    await m38.getByText('Fiksuota kaina 1,20 €', { exact: true }).waitFor();
    await m38.getByText('Įsigalios', { exact: true }).waitFor();

    // The concession's share changed in Lithuanian.
    const region = phone.getByRole('region', { name: 'Lengvatos' });
    await region.getByRole('button', { name: 'Redaguoti lengvatą „Moksleiviai“' }).click();
    const share = region.getByLabel('Lengvatos „Moksleiviai“ mokama dalis, %');
    await share.fill('40');
    // Above the alerts at the foot of the window.
    await share.evaluate((field) => field.scrollIntoView({ block: 'center' }));
    await screenshotViewport(phone, 'fares-concession-edit-390-lt');
    await region.getByRole('button', { name: 'Išsaugoti' }).click();
    await region.getByRole('cell', { name: '40 %' }).waitFor();
    expect(await concessions()).toMatchObject([{ nameLt: 'Moksleiviai', percent: 40 }]);

    const through = phone.getByRole('list', { name: 'Kelionės su persėdimu Kavarskas – Utenos AS kainos' });
    await through.getByText('2,85 € už visą kelionę, jei persėdama per 60 min.', { exact: true }).waitFor();
    await expectNoAxeViolations(phone, 'fares in Lithuanian, 390 px');
    await expectNoHorizontalScroll(phone, 390);
    await screenshot(phone, 'fares-list-390-lt');
    await through
      .getByRole('button', {
        name: `Redaguoti kelionės su persėdimu Kavarskas – Utenos AS kainą nuo ${TODAY}`,
      })
      .click();
    const throughForm = phone.getByRole('form', {
      name: `Kelionės su persėdimu Kavarskas – Utenos AS kaina nuo ${TODAY}`,
    });
    await throughForm.getByLabel('Persėsti per, min.').fill('0');
    await throughForm.getByRole('button', { name: 'Išsaugoti' }).click();
    await throughForm
      .getByText('Persėdimo laikas turi būti sveikas minučių skaičius nuo 1 iki 720', { exact: true })
      .waitFor();
    await expectNoHorizontalScroll(phone, 390);
    await screenshot(phone, 'fares-through-form-390-lt');
    await throughForm.getByRole('button', { name: 'Atšaukti', exact: true }).click();
    expect(await throughFares()).toMatchObject([{ changeMinutes: 60 }]);

    // The M24 rule's form on the phone, with distance bands and its pair fare.
    await m24.getByRole('button', { name: `Redaguoti maršruto „M24“ kainas nuo ${TODAY}` }).click();
    const edit = phone.getByRole('form', { name: `Maršruto „M24“ kainos nuo ${TODAY}` });
    await edit.getByRole('radio', { name: 'Pagal atstumo intervalus' }).check();
    await edit.getByLabel('Intervalas Nr. 1: iki, km').fill('3');
    await edit.getByLabel('Intervalas Nr. 1: kaina, €').fill('0,80');
    await edit.getByRole('button', { name: 'Pridėti intervalą' }).click();
    await edit.getByLabel('Intervalas Nr. 2: iki, km').fill('6');
    await edit.getByLabel('Intervalas Nr. 2: kaina, €').fill('1,30');
    await expectNoAxeViolations(phone, 'a fare rule form in Lithuanian, 390 px');
    await expectNoHorizontalScroll(phone, 390);
    await screenshot(phone, 'fares-form-390-lt');
    await edit.getByRole('button', { name: 'Išsaugoti' }).click();
    await m24
      .getByText(
        'Pagal atstumą: iki 3 km – 0,80 €, iki 6 km – 1,30 €; apvalinama 10 ct tikslumu, ne mažiau kaip 0,50 €',
        { exact: true },
      )
      .waitFor();
    expect((await rules()).find((r) => r.lineId === M24)?.method).toEqual({
      kind: 'bands',
      bands: [
        { upToMeters: 3000, cents: 80 },
        { upToMeters: 6000, cents: 130 },
      ],
    });

    // English on a phone, Lithuanian on a desktop; an open form at each width in the other language.
    const english = await session.open({ signedIn: true, width: 390, height: 844 });
    await openScreen(english);
    await english
      .getByText('Distance bands: up to 3 km €0.80, up to 6 km €1.30; rounded to 10 ct, minimum €0.50', {
        exact: true,
      })
      .waitFor();
    await expectNoHorizontalScroll(english, 390);
    await screenshot(english, 'fares-list-390-en');
    await english.getByRole('button', { name: 'Add a fare rule' }).click();
    const englishForm = english.getByRole('form', { name: 'New fare rule' });
    // Pair fares name the line's stops: none before a line is chosen.
    expect(await englishForm.getByRole('button', { name: 'Add a pair fare' }).isDisabled()).toBe(true);
    await englishForm.getByLabel('Line', { exact: true }).selectOption({ label: 'M5' });
    await englishForm.getByRole('radio', { name: 'Per kilometre' }).check();
    await englishForm.getByRole('button', { name: 'Add a pair fare' }).click();
    await expectNoHorizontalScroll(english, 390);
    await screenshotViewport(english, 'fares-form-390-en');

    const wide = await session.open({ signedIn: true, width: 1280, height: 900 });
    await wide.evaluate(() => localStorage.setItem('lang', 'lt'));
    await openScreen(wide);
    await wide.getByText('Fiksuota kaina 1,20 €', { exact: true }).waitFor();
    await expectNoAxeViolations(wide, 'fares in Lithuanian, 1280 px');
    await screenshot(wide, 'fares-list-1280-lt');
    await wide.getByRole('button', { name: `Redaguoti maršruto „M24“ kainas nuo ${TODAY}` }).click();
    await wide.getByRole('form', { name: `Maršruto „M24“ kainos nuo ${TODAY}` }).waitFor();
    await screenshot(wide, 'fares-form-1280-lt');
  });
});
