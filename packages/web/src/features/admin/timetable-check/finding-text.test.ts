import { CHECK_TITLES_EN, type CheckFinding } from '@bus/core';
import { describe, expect, it } from 'vitest';
import { adminEn } from '../../../i18n/admin-en.ts';
import { adminLt } from '../../../i18n/admin-lt.ts';
import { findingDetail, targetLabel } from './finding-text.ts';

const schedule = { kind: 'schedule', lineId: 3, scheduleId: 12, name: 'M35' } as const;
const trip = { tripId: 25, scheduleId: 12, lineId: 3, lineName: 'M35' };

const cases: [string, CheckFinding, string | null, string | null][] = [
  [
    'one step back',
    {
      check: 'timesBackwards',
      severity: 'error',
      params: {
        ...trip,
        position: 15,
        stopCount: 15,
        stopId: 7,
        stopName: 'Repšėnai',
        from: '14:24',
        to: '14:15',
        steps: 1,
        routeOrder: false,
      },
      targets: [schedule],
    },
    'trip 25: 14:24 → 14:15 at Repšėnai (stop 15 of 15)',
    'reisas 25: 14:24 → 14:15 stotelėje „Repšėnai“ (15-oji iš 15)',
  ],
  [
    'times in route order',
    {
      check: 'timesBackwards',
      severity: 'error',
      params: {
        ...trip,
        position: 2,
        stopCount: 18,
        stopId: 9,
        stopName: 'Aknystų kr.',
        from: '08:25',
        to: '08:23',
        steps: 17,
        routeOrder: true,
      },
      targets: [schedule],
    },
    'trip 25: goes back 17 times, first 08:25 → 08:23 at Aknystų kr. (stop 2 of 18); the times look entered in route order instead of travel order',
    'reisas 25: laikas grįžta atgal 17 kartų, pirmą kartą 08:25 → 08:23 stotelėje „Aknystų kr.“ (2-oji iš 18); laikai, regis, surašyti maršruto, o ne važiavimo tvarka',
  ],
  [
    'missing times',
    {
      check: 'missingTimes',
      severity: 'error',
      params: { ...trip, missing: 2, total: 6 },
      targets: [schedule],
    },
    'trip 25: 2 of 6 stops have no time',
    'reisas 25: 2 iš 6 stotelių neturi laiko',
  ],
  [
    'a city bound trip leaving the home station, its route driven backwards',
    {
      check: 'directionMismatch',
      severity: 'error',
      params: {
        ...trip,
        tripId: 18,
        boundFor: 'City bound',
        routeId: 8,
        reversed: true,
        first: { stopId: 1, stopName: 'Anykščių AS', time: '09:32' },
        last: { stopId: 45, stopName: 'Kurkliai II k', time: '10:05' },
      },
      targets: [schedule],
    },
    'trip 18: City bound, but it starts at Anykščių AS (09:32) and ends at Kurkliai II k (10:05), its route driven backwards',
    'reisas 18: kryptis „Į Anykščius“, bet reisas prasideda stotelėje „Anykščių AS“ (09:32) ir baigiasi stotelėje „Kurkliai II k“ (10:05); maršruto variantas važiuojamas atbuline tvarka',
  ],
  [
    'an out bound trip ending at the home station, no times known',
    {
      check: 'directionMismatch',
      severity: 'error',
      params: {
        ...trip,
        boundFor: 'Out bound',
        routeId: 8,
        reversed: false,
        first: { stopId: 45, stopName: 'Kurkliai II k', time: null },
        last: { stopId: 1, stopName: 'Anykščių AS', time: null },
      },
      targets: [schedule],
    },
    'trip 25: Out bound, but it starts at Kurkliai II k and ends at Anykščių AS',
    'reisas 25: kryptis „Iš Anykščių“, bet reisas prasideda stotelėje „Kurkliai II k“ ir baigiasi stotelėje „Anykščių AS“',
  ],
  [
    'a rule that never falls on the weekdays',
    {
      check: 'neverRuns',
      severity: 'warning',
      params: { scheduleId: 12, lineId: 3, lineName: 'M35', ruleId: 6, ruleName: 'X', because: 'days' },
      targets: [schedule, { kind: 'rule', ruleId: 6, name: 'X' }],
    },
    'its yearly rule never falls on its weekdays',
    'metinė taisyklė nė karto nesutampa su jo savaitės dienomis',
  ],
  [
    'a copy whose dates of validity begin after the 12 months',
    {
      check: 'neverRuns',
      severity: 'warning',
      params: { scheduleId: 14, lineId: 3, lineName: 'M35', ruleId: 6, ruleName: 'X', because: 'window' },
      targets: [schedule, { kind: 'rule', ruleId: 6, name: 'X' }],
    },
    'its dates of validity hold none of its days in these 12 months',
    'per šiuos 12 mėnesių jo galiojimo laikotarpiu nėra nė vienos jo kursavimo dienos',
  ],
  [
    'another season',
    {
      check: 'seasonMismatch',
      severity: 'warning',
      params: {
        scheduleId: 67,
        lineId: 19,
        lineName: 'Raguvėlė',
        ruleId: 18,
        ruleName: '1 ir 3 mėnesio penktadienį',
        description: 'važiuoja mokslo metu\nI ir III mėn. penktadienį',
        mentioned: ['schoolYear', 'schoolHolidays'],
        ruleSeasons: ['wholeYear'],
      },
      targets: [],
    },
    'the description “važiuoja mokslo metu I ir III mėn. penktadienį” speaks of the school year and school holidays, the yearly rule of the whole year',
    'aprašyme „važiuoja mokslo metu I ir III mėn. penktadienį“ kalbama apie mokslo metus ir moksleivių atostogas, o metinėje taisyklėje – apie visus metus',
  ],
  [
    'dates that differ from the rule’s periods',
    {
      check: 'periodMismatch',
      severity: 'warning',
      params: {
        scheduleId: 41,
        lineId: 13,
        lineName: 'M38',
        ruleId: 4,
        ruleName: 'Vasarą 4/15 - 11/03',
        description: 'Važiuoja darbo dienomis\nnuo lapkričio 4 d. iki balandžio 14 d.',
        named: [{ startMonth: 11, startDay: 4, endMonth: 4, endDay: 14 }],
        rulePeriods: [{ startMonth: 4, startDay: 15, endMonth: 11, endDay: 3 }],
      },
      targets: [],
    },
    'the description “Važiuoja darbo dienomis nuo lapkričio 4 d. iki balandžio 14 d.” names 11-04 to 04-14, the yearly rule runs 04-15 to 11-03',
    'aprašyme „Važiuoja darbo dienomis nuo lapkričio 4 d. iki balandžio 14 d.“ nurodyta nuo 11-04 iki 04-14, o metinė taisyklė galioja nuo 04-15 iki 11-03',
  ],
  [
    'a weekday twice',
    {
      check: 'weekdayRepeated',
      severity: 'warning',
      params: { scheduleId: 12, lineId: 3, lineName: 'M35', weekdays: ['MONDAY', 'FRIDAY'] },
      targets: [schedule],
    },
    'Monday and Friday listed more than once',
    'pirmadienis ir penktadienis nurodyti daugiau nei kartą',
  ],
  [
    'an unused route variation',
    {
      check: 'unusedRoute',
      severity: 'warning',
      params: { lineId: 3, lineName: 'M35', routeId: 7, routeNumber: 2, routeNotes: 'Per Dabužius' },
      targets: [],
    },
    'route variation 2 “Per Dabužius” is used by no schedule',
    'maršruto variantas 2 „Per Dabužius“ nenaudojamas jokiame tvarkaraštyje',
  ],
  [
    'a holiday twice',
    {
      check: 'duplicateHoliday',
      severity: 'warning',
      params: {
        month: 1,
        day: 1,
        holidays: [
          { holidayId: 1, name: 'Naujieji metai' },
          { holidayId: 14, name: 'Naujųjų metų diena' },
        ],
      },
      targets: [{ kind: 'holidays' }],
    },
    '01-01: Naujieji metai and Naujųjų metų diena',
    '01-01: Naujieji metai ir Naujųjų metų diena',
  ],
  [
    'a leap-day period start',
    {
      check: 'impossibleDate',
      severity: 'warning',
      params: {
        where: 'periodStart',
        id: 1,
        periodId: 7,
        name: 'Žiema',
        month: 2,
        day: 29,
        problem: 'leapOnly',
      },
      targets: [],
    },
    'a period’s start 02-29: exists only in leap years',
    'laikotarpio pradžia 02-29: būna tik keliamaisiais metais',
  ],
  [
    'spaces at an end',
    {
      check: 'edgeSpaces',
      severity: 'warning',
      params: { entity: 'stop', id: 110, field: 'coords', value: 'Biržinė > Utena ' },
      targets: [],
    },
    'the note (Coords) “Biržinė > Utena ” has spaces at an end',
    'pastaba (koordinatės) „Biržinė > Utena “ turi tarpų pradžioje ar pabaigoje',
  ],
  [
    'a window that ends before it starts',
    {
      check: 'windowOutOfOrder',
      severity: 'warning',
      params: {
        scheduleId: 12,
        lineId: 3,
        lineName: 'M35',
        validFrom: '2027-03-01',
        validUntil: '2027-02-28',
      },
      targets: [schedule],
    },
    'valid from 2027-03-01 until 2027-02-28: it never runs',
    'galioja nuo 2027-03-01 iki 2027-02-28: pabaiga ankstesnė už pradžią, todėl niekada nekursuoja',
  ],
  [
    'a window in the past',
    {
      check: 'windowPast',
      severity: 'warning',
      params: { scheduleId: 12, lineId: 3, lineName: 'M35', validFrom: null, validUntil: '2026-10-31' },
      targets: [schedule],
    },
    'valid until 2026-10-31; delete it on its card if it is no longer needed',
    'galiojo iki 2026-10-31; jei jo nebereikia, ištrinkite jį jo kortelėje',
  ],
  [
    'a copy never changed',
    {
      check: 'unchangedCopy',
      severity: 'warning',
      params: { scheduleId: 12, lineId: 3, lineName: 'M35', originalId: 4, from: '2027-01-01' },
      targets: [schedule],
    },
    'valid from 2027-01-01, the same days and trips as schedule 4, which ends the day before',
    'galioja nuo 2027-01-01; dienos ir reisai tokie pat kaip tvarkaraščio Nr. 4, kuris baigiasi dieną prieš',
  ],
  [
    'days between two timetables',
    {
      check: 'timetableGap',
      severity: 'warning',
      params: { lineId: 3, lineName: 'M35', lastDay: '2026-12-31', nextFrom: '2027-01-03', days: 2 },
      targets: [],
    },
    'the old timetable ends on 2026-12-31, the new one starts on 2027-01-03: 2 days without one',
    'senasis tvarkaraštis baigiasi 2026-12-31, naujasis prasideda 2027-01-03: 2 dienos be tvarkaraščio',
  ],
  [
    'one day between two timetables',
    {
      check: 'timetableGap',
      severity: 'warning',
      params: { lineId: 3, lineName: 'M35', lastDay: '2028-02-28', nextFrom: '2028-03-01', days: 1 },
      targets: [],
    },
    'the old timetable ends on 2028-02-28, the new one starts on 2028-03-01: 1 day without one',
    'senasis tvarkaraštis baigiasi 2028-02-28, naujasis prasideda 2028-03-01: 1 diena be tvarkaraščio',
  ],
  [
    'a line without schedules (the title says it all)',
    { check: 'lineNoSchedules', severity: 'warning', params: { lineId: 22, lineName: 'M99' }, targets: [] },
    null,
    null,
  ],
];

describe('findingDetail', () => {
  it.each(cases)('words %s in English and Lithuanian', (_name, finding, en, lt) => {
    expect(findingDetail(adminEn, finding)).toBe(en);
    expect(findingDetail(adminLt, finding)).toBe(lt);
  });
});

describe('targetLabel', () => {
  it.each([
    [schedule, 'Schedule 12 of M35', 'Maršruto M35 tvarkaraštis 12'],
    [
      { kind: 'lineSchedules', lineId: 22, name: 'M99' },
      'Add schedules to M99',
      'Pridėti tvarkaraščių maršrutui M99',
    ],
    [{ kind: 'line', lineId: 22, name: 'M99' }, 'Edit line M99', 'Redaguoti maršrutą M99'],
    [
      { kind: 'stop', stopId: 31, name: 'Mokinių st. v.' },
      'Mokinių st. v. (stop 31)',
      'Mokinių st. v. (stotelė 31)',
    ],
    [
      { kind: 'rule', ruleId: 16, name: 'Mokslo metu' },
      'Yearly rule “Mokslo metu”',
      'Metinė taisyklė „Mokslo metu“',
    ],
    [{ kind: 'holidays' }, 'Public holidays', 'Švenčių dienos'],
  ] as const)('%j', (target, en, lt) => {
    expect(targetLabel(adminEn, target)).toBe(en);
    expect(targetLabel(adminLt, target)).toBe(lt);
  });
});

describe('the direction check’s title', () => {
  it('is the command line’s words in English, and has its Lithuanian', () => {
    expect(adminEn.check.titles.directionMismatch).toBe(CHECK_TITLES_EN.directionMismatch);
    expect(adminEn.check.titles.directionMismatch).toBe('Trips whose direction contradicts their stop order');
    expect(adminLt.check.titles.directionMismatch).toBe('Reisai, kurių kryptis neatitinka stotelių eilės');
  });
  it('is written once in each language for the checks of validity windows too', () => {
    for (const check of ['windowOutOfOrder', 'windowPast', 'unchangedCopy', 'timetableGap'] as const) {
      expect(adminEn.check.titles[check]).toBe(CHECK_TITLES_EN[check]);
      expect(adminLt.check.titles[check]).not.toBe(CHECK_TITLES_EN[check]);
    }
  });
});
