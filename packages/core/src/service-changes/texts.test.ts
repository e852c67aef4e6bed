import { describe, expect, it } from 'vitest';
import { changeDatesText, defaultNoticeText } from './texts.ts';

describe('a change’s dates in words', () => {
  it.each([
    ['2026-12-03', '2026-12-03', 'gruodžio 3 d.', '3 December'],
    ['2026-12-03', '2026-12-05', 'gruodžio 3–5 d.', '3–5 December'],
    [
      '2026-12-28',
      '2027-01-03',
      '2026 m. gruodžio 28 d. – 2027 m. sausio 3 d.',
      '28 December 2026 – 3 January 2027',
    ],
    ['2026-12-03', null, 'nuo gruodžio 3 d.', 'from 3 December'],
    [null, '2026-12-03', 'iki gruodžio 3 d.', 'until 3 December'],
    [null, null, '', ''],
    ['2027-02-01', '2027-02-02', '2027 m. vasario 1–2 d.', '1–2 February 2027'],
  ])('%s..%s: %s / %s', (from, until, lt, en) => {
    expect(changeDatesText(from, until, 'lt', 2026)).toBe(lt);
    expect(changeDatesText(from, until, 'en', 2026)).toBe(en);
  });
});

describe('the notice a change writes for itself', () => {
  const facts = {
    trips: [{ time: '07:10', lineName: 'M35' }],
    stopName: (id: number) => (id === 1 ? 'A. Baranausko a.' : 'Ligoninė'),
    thisYear: 2026,
  };
  const base = {
    from: '2026-12-03',
    until: '2026-12-03',
    tripIds: [5],
    stopIds: [],
    insteadStopId: null,
    shiftMinutes: null,
    stopTimes: [],
    reason: null,
  };
  it.each([
    [
      { ...base, kind: 'cancel' as const, reason: 'kelio darbai' },
      facts,
      {
        titleLt: 'Atšauktas reisas 07:10 (M35)',
        textLt: 'Gruodžio 3 d. šis reisas nevyksta. Priežastis: kelio darbai.',
        titleEn: 'Trip cancelled: 07:10 (M35)',
        textEn: 'On 3 December this trip does not run. Reason: kelio darbai.',
      },
    ],
    [
      { ...base, kind: 'cancel' as const, until: '2026-12-05' },
      { ...facts, trips: [...facts.trips, { time: '08:20', lineName: 'M35' }] },
      {
        titleLt: 'Atšaukti reisai 07:10, 08:20 (M35)',
        textLt: 'Gruodžio 3–5 d. šie reisai nevyksta.',
        titleEn: 'Trips cancelled: 07:10, 08:20 (M35)',
        textEn: 'On 3–5 December these trips do not run.',
      },
    ],
    [
      { ...base, kind: 'retime' as const, shiftMinutes: 15 },
      facts,
      {
        titleLt: 'Pakeistas reiso 07:10 (M35) laikas',
        textLt: 'Gruodžio 3 d. šis reisas važiuoja 15 min. vėliau.',
        titleEn: 'Changed times: 07:10 (M35)',
        textEn: 'On 3 December this trip runs 15 min later.',
      },
    ],
    [
      { ...base, kind: 'closure' as const, tripIds: [], stopIds: [1], insteadStopId: 2, until: null },
      { ...facts, trips: [] },
      {
        titleLt: 'Stotelė „A. Baranausko a.“ uždaryta',
        textLt:
          'Nuo gruodžio 3 d. autobusai stotelėje „A. Baranausko a.“ nestoja. Naudokitės stotele „Ligoninė“.',
        titleEn: 'Stop A. Baranausko a. closed',
        textEn: 'From 3 December buses do not call at A. Baranausko a. Use Ligoninė instead.',
      },
    ],
  ])('%j', (change, given, words) => {
    expect(defaultNoticeText(change, given)).toEqual(words);
  });
});
