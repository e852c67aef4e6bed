import type { FareRule } from '@bus/core';
import { describe, expect, it } from 'vitest';
import { lineOfSearch, rulesByLine } from './fare-list.ts';

const rule = (id: number, lineId: number, validFrom: string): FareRule => ({
  id,
  lineId,
  validFrom,
  method: { kind: 'flat', cents: 100 },
  roundingCents: 1,
  minimumCents: 0,
  pairs: [],
});

const LINES = [
  { id: 13, name: 'M38', routeStart: 'Miesto', routeEnd: 'Viduj' },
  { id: 2, name: 'M5', routeStart: 'Anykščiai', routeEnd: 'Surdegis' },
  { id: 20, name: 'M24', routeStart: null, routeEnd: null },
];

describe('the fare rules grouped by line', () => {
  it('orders the lines as staff count them and tells each rule where it stands today', () => {
    const groups = rulesByLine(
      [
        rule(1, 13, '2026-01-01'),
        rule(2, 20, '2027-01-01'),
        rule(3, 13, '2026-12-06'),
        rule(4, 2, '2026-11-29'),
        rule(5, 13, '2026-06-01'),
      ],
      LINES,
      '2026-11-29',
    );
    expect(
      groups.map((g) => [g.name, g.ends, g.rules.map((r) => `${r.rule.validFrom} ${r.status}`)]),
    ).toEqual([
      ['M5', 'Anykščiai – Surdegis', ['2026-11-29 current']],
      ['M24', null, ['2027-01-01 upcoming']],
      ['M38', 'Miesto – Viduj', ['2026-01-01 past', '2026-06-01 current', '2026-12-06 upcoming']],
    ]);
  });

  it('names a line it does not know by its id', () => {
    expect(rulesByLine([rule(1, 99, '2026-01-01')], LINES, '2026-11-29')[0]?.name).toBe('99');
  });
});

describe('the line filter in the address', () => {
  it.each([
    ['', null],
    ['?line=13', 13],
    ['line=2', 2],
    ['?line=0', null],
    ['?line=-3', null],
    ['?line=1e3', null],
    ['?line=abc', null],
  ])('%j', (search, lineId) => {
    expect(lineOfSearch(search)).toBe(lineId);
  });
});
