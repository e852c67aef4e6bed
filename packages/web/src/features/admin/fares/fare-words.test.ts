import type { FareRule } from '@bus/core';
import { describe, expect, it } from 'vitest';
import { adminEn } from '../../../i18n/admin-en.ts';
import { adminLt } from '../../../i18n/admin-lt.ts';
import { fareRuleInWords } from './fare-words.ts';

type Rule = Pick<FareRule, 'method' | 'roundingCents' | 'minimumCents'>;

const FLAT: Rule = { method: { kind: 'flat', cents: 100 }, roundingCents: 1, minimumCents: 0 };
const PER_KM: Rule = { method: { kind: 'perKm', centsPerKm: 9 }, roundingCents: 10, minimumCents: 50 };
const BANDS: Rule = {
  method: {
    kind: 'bands',
    bands: [
      { upToMeters: 3000, cents: 80 },
      { upToMeters: 6000, cents: 130 },
    ],
  },
  roundingCents: 1,
  minimumCents: 0,
};

describe('a fare rule in words', () => {
  it.each([
    [FLAT, 'Flat fare €1.00', 'Fiksuota kaina 1,00 €'],
    [
      PER_KM,
      '€0.09 per km, rounded to 10 ct, minimum €0.50',
      '0,09 € už km, apvalinama 10 ct tikslumu, ne mažiau kaip 0,50 €',
    ],
    [
      BANDS,
      'Distance bands: up to 3 km €0.80, up to 6 km €1.30',
      'Pagal atstumą: iki 3 km – 0,80 €, iki 6 km – 1,30 €',
    ],
    [
      { method: { kind: 'perKm', centsPerKm: 12 }, roundingCents: 1, minimumCents: 0 },
      '€0.12 per km',
      '0,12 € už km',
    ],
    [
      { method: { kind: 'perKm', centsPerKm: 8 }, roundingCents: 5, minimumCents: 0 },
      '€0.08 per km, rounded to 5 ct',
      '0,08 € už km, apvalinama 5 ct tikslumu',
    ],
    [
      { ...BANDS, method: { kind: 'bands', bands: [{ upToMeters: 2500, cents: 60 }] }, minimumCents: 70 },
      'Distance bands: up to 2.5 km €0.60; minimum €0.70',
      'Pagal atstumą: iki 2,5 km – 0,60 €; ne mažiau kaip 0,70 €',
    ],
  ] as [Rule, string, string][])('%#: %j', (rule, english, lithuanian) => {
    expect(fareRuleInWords(rule, adminEn.fares.words, 'en')).toBe(english);
    expect(fareRuleInWords(rule, adminLt.fares.words, 'lt')).toBe(lithuanian);
  });

  it('sets what follows the bands apart from them', () => {
    const rule: Rule = { ...BANDS, roundingCents: 10, minimumCents: 50 };
    expect(fareRuleInWords(rule, adminEn.fares.words, 'en')).toBe(
      'Distance bands: up to 3 km €0.80, up to 6 km €1.30; rounded to 10 ct, minimum €0.50',
    );
    expect(fareRuleInWords(rule, adminLt.fares.words, 'lt')).toBe(
      'Pagal atstumą: iki 3 km – 0,80 €, iki 6 km – 1,30 €; apvalinama 10 ct tikslumu, ne mažiau kaip 0,50 €',
    );
  });

  it('says nothing of rounding or a minimum a flat fare does not use', () => {
    const flat: Rule = { ...FLAT, roundingCents: 10, minimumCents: 50 };
    expect(fareRuleInWords(flat, adminEn.fares.words, 'en')).toBe('Flat fare €1.00');
    expect(fareRuleInWords(flat, adminLt.fares.words, 'lt')).toBe('Fiksuota kaina 1,00 €');
  });

  it('counts pair fares in both languages', () => {
    expect([1, 2].map(adminEn.fares.pairCount)).toEqual(['1 pair fare', '2 pair fares']);
    expect(adminLt.fares.pairCount(3)).toBe('Kainų tarp stotelių porų: 3');
  });
});
