import { describe, expect, it } from 'vitest';
import { indexRulesById } from '../service-day.ts';
import { dataset } from '../test-dataset.ts';
import type { Season } from './findings.ts';
import { periodsIn, ruleSeasonsOf, seasonsIn } from './season-text.ts';

describe('seasonsIn', () => {
  it.each<[string, Season[]]>([
    ['Važiuoja mokslo metu', ['schoolYear']],
    ['Autobusas važiuoja trečiadieniais vasaros moksleivių atostogų metu', ['summer', 'schoolHolidays']],
    ['Žiemą 11/04 - 4/14', ['winter']],
    ['ZIEMA', ['winter']],
    ['Apskritus metus', ['wholeYear']],
    ['Runs in summer only', ['summer']],
    ['Važiuoja darbo dienomis', []],
    // "metų" alone is no season; neither is a word that merely contains a stem.
    ['Kiekvienų metų pirmą penktadienį', []],
    ['Pavasarį', []],
  ])('%s -> %j', (text, seasons) => {
    expect(seasonsIn(text)).toEqual(seasons);
  });
});

describe('ruleSeasonsOf', () => {
  const rules = dataset().yearlyRules;
  const base = rules[0] as (typeof rules)[number];
  it.each<[string, Partial<typeof base>, Season[]]>([
    ['the name speaks', { periodName: 'Moksleivių vasaros atostogos' }, ['summer', 'schoolHolidays']],
    ['a silent name, the whole year', { periodName: '1 ir 3 mėnesio penktadienį' }, ['wholeYear']],
    ['a silent name, no periods', { periodName: 'Kas antrą antradienį', timePeriods: [] }, ['wholeYear']],
    [
      'a silent name, a period wrapping the year end and leaving no day out',
      {
        periodName: 'Ištisai',
        timePeriods: [{ id: 1, startMonth: 7, startDay: 1, endMonth: 6, endDay: 30 }],
      },
      ['wholeYear'],
    ],
    [
      'a silent name, part of the year: nothing this check can tell',
      {
        periodName: 'Nuo 04.01',
        timePeriods: [{ id: 1, startMonth: 4, startDay: 1, endMonth: 11, endDay: 15 }],
      },
      [],
    ],
  ])('%s', (_name, change, seasons) => {
    const rule = { ...base, ...change };
    expect(ruleSeasonsOf(rule, indexRulesById([rule]))).toEqual(seasons);
  });
});

describe('periodsIn', () => {
  it.each<[string, [number, number, number, number][]]>([
    ['Važiuoja darbo dienomis\nnuo balandžio 15 d. iki lapkričio 3 d.', [[4, 15, 11, 3]]],
    ['NUO LAPKRICIO 4 D IKI BALANDZIO 14 D', [[11, 4, 4, 14]]],
    ['Važiuoja nuo 04.01 iki 11.15\nvažiuoja darbo dienomis', [[4, 1, 11, 15]]],
    ['Vasarą 4/15 - 11/03', [[4, 15, 11, 3]]],
    // Times are no dates; neither is a day that does not exist.
    ['Važiuoja 8.15 - 9.30', []],
    ['nuo 02.30 iki 03.01', []],
    ['Važiuoja darbo dienomis', []],
  ])('%j', (text, ranges) => {
    expect(periodsIn(text)).toEqual(
      ranges.map(([startMonth, startDay, endMonth, endDay]) => ({ startMonth, startDay, endMonth, endDay })),
    );
  });
});
