import type { RunsOnlyNote } from '@bus/core';
import { describe, expect, it } from 'vitest';
import { enPages } from '../../../i18n/en-pages.ts';
import { ltPages } from '../../../i18n/lt-pages.ts';
import { footnoteText, joinAnd, weekdaysShort } from './print-words.ts';

const note = (parts: Partial<RunsOnlyNote>): RunsOnlyNote => ({
  weekdays: [],
  patterns: [],
  periods: [],
  ruleName: null,
  notOnHolidays: false,
  dates: [],
  ...parts,
});

const schoolTerm = {
  periods: [
    { startMonth: 9, startDay: 1, endMonth: 10, endDay: 29 },
    { startMonth: 11, startDay: 4, endMonth: 12, endDay: 26 },
  ],
  ruleName: 'Mokslo metu',
};
const firstAndThirdFriday = {
  patterns: [
    { nthOccurenceEachMonth: 1, dayOfWeek: 'FRIDAY' as const },
    { nthOccurenceEachMonth: 3, dayOfWeek: 'FRIDAY' as const },
  ],
};

describe('footnoteText', () => {
  it.each([
    [note({ weekdays: ['WEDNESDAY'] }), 'Only on Wednesdays.', 'Tik trečiadieniais.'],
    [
      note({ weekdays: ['MONDAY', 'WEDNESDAY', 'FRIDAY'] }),
      'Only on Mondays, Wednesdays and Fridays.',
      'Tik pirmadieniais, trečiadieniais ir penktadieniais.',
    ],
    [
      note({ ...firstAndThirdFriday, dates: ['2026-12-04', '2026-12-18'] }),
      'Only on the 1st and 3rd Friday of the month; runs on 4 December and 18 December.',
      'Tik kiekvieno mėnesio 1-ąjį ir 3-iąjį penktadienį; kursuoja gruodžio 4 d. ir gruodžio 18 d.',
    ],
    [
      note({ ...schoolTerm }),
      'Only 1 September – 29 October, 4 November – 26 December (“Mokslo metu”).',
      'Tik rugsėjo 1 d. – spalio 29 d., lapkričio 4 d. – gruodžio 26 d. („Mokslo metu“).',
    ],
    [
      note({ weekdays: ['SUNDAY'], notOnHolidays: true }),
      'Only on Sundays; not on public holidays.',
      'Tik sekmadieniais; išskyrus švenčių dienas.',
    ],
    [
      note({ ruleName: 'Vasarą', dates: ['2027-02-28'] }),
      '(“Vasarą”); runs on 28 February.',
      '(„Vasarą“); kursuoja vasario 28 d.',
    ],
    [
      note({ weekdays: ['FRIDAY'], dates: Array.from({ length: 9 }, (_, i) => `2026-12-${10 + i}`) }),
      'Only on Fridays.',
      'Tik penktadieniais.',
    ],
  ])('%o', (n, english, lithuanian) => {
    expect(footnoteText(n, enPages.print, 'en-GB')).toBe(english);
    expect(footnoteText(n, ltPages.print, 'lt')).toBe(lithuanian);
  });
});

describe('weekdaysShort and joinAnd', () => {
  it.each([
    [['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'], 'Mon–Fri', 'Pr–Pn'],
    [['WEDNESDAY'], 'Wed', 'Tr'],
    [['MONDAY', 'TUESDAY', 'THURSDAY', 'FRIDAY'], 'Mon, Tue, Thu, Fri', 'Pr, An, Kt, Pn'],
    [['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SUNDAY'], 'Mon–Fri, Sun', 'Pr–Pn, Sk'],
  ] as const)('%o', (days, english, lithuanian) => {
    expect(weekdaysShort(days, enPages.print)).toBe(english);
    expect(weekdaysShort(days, ltPages.print)).toBe(lithuanian);
  });
  it('joins with commas and the last with the word', () => {
    expect(joinAnd([], 'and')).toBe('');
    expect(joinAnd(['a'], 'and')).toBe('a');
    expect(joinAnd(['a', 'b', 'c'], 'ir')).toBe('a, b ir c');
  });
});
