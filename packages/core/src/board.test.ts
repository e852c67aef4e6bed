import { describe, expect, it } from 'vitest';
import { departureBay } from './board.ts';

describe('departureBay: where a departure leaves from on the board (issue 42)', () => {
  it.each([
    ['the stop’s own bay', 27, '3', null, '3'],
    ['the stop’s own bay, trimmed', 27, ' A ', '5', 'A'],
    ['no bay, not the home station: none, whatever the line’s platform', 27, null, '5', null],
    ['the home station’s own bay wins over the line’s platform', 1, 'B', '5', 'B'],
    ['the home station without a bay: the line’s platform', 1, null, '5', '5'],
    ['the home station, a blank bay: the line’s platform', 1, '  ', ' 7 ', '7'],
    ['the home station, neither: none', 1, null, null, null],
    ['the home station, a blank platform: none', 1, undefined, '', null],
  ])('%s', (_, stopId, bay, platform, shown) => {
    expect(departureBay(stopId, bay, platform)).toBe(shown);
  });
});
