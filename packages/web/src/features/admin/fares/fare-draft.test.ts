import { englishMessage, type FareRule } from '@bus/core';
import { describe, expect, it } from 'vitest';
import {
  checkRuleDraft,
  draftOfRule,
  emptyRuleDraft,
  type FareRuleDraft,
  type RuleProblem,
} from './fare-draft.ts';

const draft = (change: Partial<FareRuleDraft>): FareRuleDraft => ({
  ...emptyRuleDraft(13, '2026-12-06'),
  ...change,
});

/** The problems as [field, what] pairs: the browser's own by kind, core's in English. */
const problemsOf = (d: FareRuleDraft) =>
  [...checkRuleDraft(d, null, 0).problems].map(([field, problem]: [string, RuleProblem]) => [
    field,
    'local' in problem ? problem.local : englishMessage(problem.keyed),
  ]);

describe('a fare rule form, checked before it is sent', () => {
  it('sends a flat fare in cents, without rounding or a minimum', () => {
    const checked = checkRuleDraft(draft({ flat: '1,20', rounding: '10', minimum: '0,50' }), null, 0);
    expect(checked.problems.size).toBe(0);
    expect(checked.input).toEqual({
      id: null,
      lineId: 13,
      validFrom: '2026-12-06',
      method: { kind: 'flat', cents: 120 },
      roundingCents: 1,
      minimumCents: 0,
      pairs: [],
      baseVersion: 0,
    });
  });

  it('sends a per-km fare with its rounding and minimum, and the version it was made from', () => {
    const checked = checkRuleDraft(
      draft({ lineId: 20, kind: 'perKm', perKm: '0.09', rounding: '10', minimum: '0,5' }),
      7,
      42,
    );
    expect(checked.input).toMatchObject({
      id: 7,
      lineId: 20,
      method: { kind: 'perKm', centsPerKm: 9 },
      roundingCents: 10,
      minimumCents: 50,
      baseVersion: 42,
    });
  });

  it('sends bands in metres and pair fares with their stops', () => {
    const checked = checkRuleDraft(
      draft({
        kind: 'bands',
        rounding: '',
        bands: [
          { key: 1, km: '3', price: '0,80' },
          { key: 2, km: '6,5', price: '1.30' },
        ],
        pairs: [{ key: 1, fromStopId: 1, toStopId: 84, price: '0,60' }],
      }),
      null,
      0,
    );
    expect(checked.input).toMatchObject({
      method: {
        kind: 'bands',
        bands: [
          { upToMeters: 3000, cents: 80 },
          { upToMeters: 6500, cents: 130 },
        ],
      },
      roundingCents: 1,
      minimumCents: 0,
      pairs: [{ fromStopId: 1, toStopId: 84, cents: 60 }],
    });
  });

  it('refuses an amount that is none, at its field, and sends nothing', () => {
    const checked = checkRuleDraft(draft({ flat: '1,2x' }), null, 0);
    expect(checked.input).toBeNull();
    expect(problemsOf(draft({ flat: '1,2x' }))).toEqual([['method.cents', { kind: 'amount', text: '1,2x' }]]);
    expect(problemsOf(draft({ flat: '' }))).toEqual([['method.cents', { kind: 'amountRequired' }]]);
  });

  it('names each field the browser refuses, and what core refuses besides', () => {
    expect(
      problemsOf(
        draft({
          lineId: null,
          validFrom: '',
          kind: 'bands',
          rounding: '500',
          minimum: 'free',
          bands: [
            { key: 1, km: '5', price: '1' },
            { key: 2, km: 'far', price: '' },
          ],
          pairs: [{ key: 1, fromStopId: null, toStopId: 2, price: '1' }],
        }),
      ),
    ).toEqual([
      ['lineId', { kind: 'line' }],
      ['method.bands.1.upToMeters', { kind: 'distance', text: 'far' }],
      ['method.bands.1.cents', { kind: 'amountRequired' }],
      ['minimumCents', { kind: 'amount', text: 'free' }],
      ['pairs.0.stops', { kind: 'stops' }],
      ['validFrom', 'Choose the date the fares apply from'],
      ['roundingCents', 'Rounding must be a whole number of cents from 1 to 100'],
    ]);
    // Core checks the bands' order and the pairs' stops once each of them is a number.
    expect(
      problemsOf(
        draft({
          kind: 'bands',
          bands: [
            { key: 1, km: '5', price: '1' },
            { key: 2, km: '4', price: '2' },
          ],
          pairs: [
            { key: 1, fromStopId: 1, toStopId: 2, price: '1' },
            { key: 2, fromStopId: 3, toStopId: 3, price: '1' },
            { key: 3, fromStopId: 2, toStopId: 1, price: '1' },
          ],
        }),
      ),
    ).toEqual([
      ['method.bands.1.upToMeters', 'Each distance band must reach further than the band before it'],
      ['pairs.1.stops', 'A pair fare needs two different stops'],
      ['pairs.2.stops', 'These two stops already have a pair fare in this rule (in either direction)'],
    ]);
  });

  it('refuses bands without a band, and a price beyond the bounds, in core’s words', () => {
    expect(problemsOf(draft({ kind: 'bands', bands: [] }))).toEqual([
      ['method.bands', 'A fare by distance bands needs at least one band'],
    ]);
    expect(problemsOf(draft({ flat: '2000' }))).toEqual([
      ['method.cents', 'A price must be a whole number of cents from 0 to 100000 (1000 €)'],
    ]);
  });

  it('shows a stored rule as typed in the language shown, and sends it back unchanged', () => {
    const rule: FareRule = {
      id: 4,
      lineId: 20,
      validFrom: '2026-12-06',
      method: {
        kind: 'bands',
        bands: [
          { upToMeters: 2500, cents: 80 },
          { upToMeters: 6000, cents: 130 },
        ],
      },
      roundingCents: 10,
      minimumCents: 50,
      pairs: [{ fromStopId: 1, toStopId: 84, cents: 60 }],
    };
    const lt = draftOfRule(rule, 'lt');
    expect(lt).toMatchObject({
      kind: 'bands',
      rounding: '10',
      minimum: '0,50',
      bands: [
        { key: 1, km: '2,5', price: '0,80' },
        { key: 2, km: '6', price: '1,30' },
      ],
      pairs: [{ key: 1, fromStopId: 1, toStopId: 84, price: '0,60' }],
    });
    expect(draftOfRule(rule, 'en').bands[0]).toEqual({ key: 1, km: '2.5', price: '0.80' });
    for (const language of ['lt', 'en'] as const) {
      const { id: _id, ...fields } = rule;
      expect(checkRuleDraft(draftOfRule(rule, language), 4, 9).input).toEqual({
        id: 4,
        ...fields,
        baseVersion: 9,
      });
    }
    // The same rule makes the same draft (the row compares its draft with it to know it is unchanged).
    expect(draftOfRule(rule, 'lt')).toEqual(lt);
  });
});
