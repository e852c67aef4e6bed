import { describe, expect, it } from 'vitest';
import { linesToShow } from './lines-order.ts';

const line = (
  id: number,
  name: string,
  routeStart: string | null = 'Anykščiai',
  routeEnd: string | null = null,
) => ({
  id,
  name,
  routeStart,
  routeEnd,
});

const LINES = [
  line(1, 'M35', 'Anykščiai', 'Dabužiai'),
  line(2, 'M5', 'Anykščiai', 'Surdegis'),
  line(3, 'M27', 'Anykščiai', 'Pravydžiai'),
  line(4, 'Utena', 'Anykščiai', 'Utena'),
  line(5, 'M17 B', 'Anykščiai', 'Staškūniškis'),
  line(6, 'M17', 'Anykščiai', 'II Kurkliai'),
  line(7, 'Čiobiškis', null, null),
];

describe('linesToShow', () => {
  it('orders names as people count them, then alphabetically (Č after C)', () => {
    expect(linesToShow(LINES, '').map((l) => l.name)).toEqual([
      'Čiobiškis',
      'M5',
      'M17',
      'M17 B',
      'M27',
      'M35',
      'Utena',
    ]);
  });

  it.each([
    ['m1', ['M17', 'M17 B']],
    ['stasku', ['M17 B']],
    ['  PRAVYDZIAI ', ['M27']],
    ['ciob', ['Čiobiškis']],
    ['xyz', []],
  ])('%j finds %j', (query, names) => {
    expect(linesToShow(LINES, query).map((l) => l.name)).toEqual(names);
  });
});
