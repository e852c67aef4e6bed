import { describe, expect, it } from 'vitest';
import { chosenProposals, initialChoices, type PositionImportPreviewData } from './review.ts';

const preview: PositionImportPreviewData = {
  version: 7,
  feedStops: 5,
  skipped: 1,
  matched: [
    {
      stopId: 1,
      name: 'Anykščių AS',
      position: { lat: 55.5265, lon: 25.1037 },
      feedStops: [{ id: 'LT1', name: 'ANYKŠČIŲ A.S.' }],
      current: null,
      movedMeters: null,
      by: 'name',
    },
    {
      stopId: 8,
      by: 'nearness',
      name: 'Vikonys',
      feedStops: [{ id: 'V1', name: 'VIKONYS' }],
      position: { lat: 55.5066, lon: 25.1359 },
      current: { lat: 55.5071, lon: 25.1359 },
      movedMeters: 56,
    },
  ],
  ambiguous: [
    {
      stopId: 11,
      name: 'Mokinių st. v.',
      current: null,
      candidates: [
        {
          position: { lat: 55.61, lon: 25.2 },
          feedStops: [{ id: 'M1', name: 'Mokinių st. v.' }],
          nearMeters: 800,
        },
        {
          position: { lat: 55.7, lon: 25.4 },
          feedStops: [{ id: 'M2', name: 'Mokinių st. v.' }],
          nearMeters: 9000,
        },
      ],
    },
  ],
  unmatched: [{ stopId: 2, name: 'Techn. mokykla', current: null }],
};

describe('the review of a stops.txt', () => {
  it('saves the matched stops without a position; keeps positions and waits on ambiguous ones', () => {
    const choices = initialChoices(preview);
    expect([...choices]).toEqual([
      [1, 0],
      [8, null],
      [11, null],
    ]);
    expect(chosenProposals(preview, choices)).toEqual([
      { stopId: 1, name: 'Anykščių AS', lat: 55.5265, lon: 25.1037 },
    ]);
  });

  it('an ambiguous stop gets the place chosen; a stop unticked is not saved', () => {
    const choices = initialChoices(preview);
    choices.set(11, 1);
    choices.set(1, null);
    choices.set(8, 0);
    expect(chosenProposals(preview, choices)).toEqual([
      { stopId: 8, name: 'Vikonys', lat: 55.5066, lon: 25.1359 },
      { stopId: 11, name: 'Mokinių st. v.', lat: 55.7, lon: 25.4 },
    ]);
  });
});
