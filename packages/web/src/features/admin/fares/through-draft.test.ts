import { englishMessage, serverMessage, type ThroughFare } from '@bus/core';
import { describe, expect, it } from 'vitest';
import { adminEn } from '../../../i18n/admin-en.ts';
import { adminLt } from '../../../i18n/admin-lt.ts';
import type { RuleProblem } from './fare-draft.ts';
import {
  checkThroughDraft,
  draftOfThroughFare,
  emptyThroughDraft,
  type ThroughFareDraft,
  throughFareInWords,
  throughFaresByJourney,
} from './through-draft.ts';

// Kavarskas (27) on line 18 changing to line 10 to Utenos AS (115).
const filled: ThroughFareDraft = {
  ...emptyThroughDraft('2026-12-06'),
  fromLineId: 18,
  fromStopId: 27,
  toLineId: 10,
  toStopId: 115,
  price: '2,90',
};

const problemsOf = (d: ThroughFareDraft) =>
  [...checkThroughDraft(d, null, 0).problems].map(([field, problem]: [string, RuleProblem]) => [
    field,
    'local' in problem ? problem.local : englishMessage(problem.keyed),
  ]);
const text = (problem: Parameters<typeof serverMessage<'fareInvalid'>>[1]['problem']) =>
  englishMessage(serverMessage('fareInvalid', { problem }));

describe('a through fare form, checked before it is sent', () => {
  it('sends the price in cents, the change time in minutes and the version it was made from', () => {
    expect(checkThroughDraft(filled, null, 0)).toEqual({
      input: {
        id: null,
        fromLineId: 18,
        fromStopId: 27,
        toLineId: 10,
        toStopId: 115,
        validFrom: '2026-12-06',
        cents: 290,
        changeMinutes: 60,
        baseVersion: 0,
      },
      problems: new Map(),
    });
    expect(checkThroughDraft({ ...filled, price: '€3', changeMinutes: '45' }, 4, 17).input).toMatchObject({
      id: 4,
      cents: 300,
      changeMinutes: 45,
      baseVersion: 17,
    });
  });

  it('says what is wrong at each field, in the form’s order, and sends nothing', () => {
    const empty = emptyThroughDraft('');
    expect(problemsOf({ ...empty, changeMinutes: 'an hour' })).toEqual([
      ['fromLineId', text('throughLineRequired')],
      ['fromStopId', text('throughStopRequired')],
      ['toLineId', text('throughLineRequired')],
      ['toStopId', text('throughStopRequired')],
      ['validFrom', text('validFromRequired')],
      ['cents', { kind: 'amountRequired' }],
      ['changeMinutes', text('changeMinutes')],
    ]);
    expect(problemsOf({ ...filled, toLineId: 18, toStopId: 27, price: '2,905' })).toEqual([
      ['toLineId', text('throughSameLine')],
      ['toStopId', text('throughSameStop')],
      ['cents', { kind: 'amount', text: '2,905' }],
    ]);
    expect(problemsOf({ ...filled, changeMinutes: '0' })).toEqual([['changeMinutes', text('changeMinutes')]]);
    expect(checkThroughDraft({ ...filled, price: 'x' }, null, 0).input).toBeNull();
  });

  it('shows a stored through fare as it was saved, the price the way of the language shown', () => {
    const fare: ThroughFare = {
      id: 3,
      ...filled,
      fromLineId: 18,
      validFrom: '2027-01-01',
      cents: 305,
      changeMinutes: 40,
    } as ThroughFare;
    expect(draftOfThroughFare(fare, 'lt')).toMatchObject({ price: '3,05', changeMinutes: '40' });
    expect(draftOfThroughFare(fare, 'en')).toMatchObject({ price: '3.05' });
  });
});

describe('the through fares listed by journey', () => {
  const fare = (id: number, validFrom: string, back = false): ThroughFare => ({
    id,
    fromLineId: back ? 10 : 18,
    fromStopId: back ? 115 : 27,
    toLineId: back ? 18 : 10,
    toStopId: back ? 27 : 115,
    validFrom,
    cents: 290,
    changeMinutes: 60,
  });
  const names = {
    line: (id: number) => ({ 18: 'Kavarskas m27?', 10: 'Utena', 20: 'M24' })[id] ?? String(id),
    stop: (id: number) =>
      ({ 27: 'Kavarskas', 115: 'Utenos AS', 8: 'Vikonys', 1: 'Anykščių AS' })[id] ?? String(id),
  };

  it('one journey either way round, by date, each price where it stands; journeys by their stops', () => {
    const other = { ...fare(9, '2026-01-01'), fromLineId: 20, fromStopId: 8, toStopId: 1 };
    const groups = throughFaresByJourney(
      [fare(4, '2027-06-01', true), fare(2, '2026-11-01'), other, fare(5, '2026-03-01')],
      names,
      '2026-12-06',
    );
    expect(
      groups.map((g) => [g.from, g.to, g.fromLine, g.toLine, g.fares.map((f) => `${f.fare.id} ${f.status}`)]),
    ).toEqual([
      ['Kavarskas', 'Utenos AS', 'Kavarskas m27?', 'Utena', ['5 past', '2 current', '4 upcoming']],
      ['Vikonys', 'Anykščių AS', 'M24', 'Utena', ['9 current']],
    ]);
  });

  it('says a price in words in both languages', () => {
    const f = fare(1, '2027-01-01');
    expect(throughFareInWords(f, adminEn.fares.through.words, 'en')).toBe(
      '€2.90 for the whole journey, changing within 60 min',
    );
    expect(throughFareInWords(f, adminLt.fares.through.words, 'lt')).toBe(
      '2,90 € už visą kelionę, jei persėdama per 60 min.',
    );
  });
});
