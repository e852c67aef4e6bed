import { describe, expect, it } from 'vitest';
import type { Departure } from '../departures/countdown.ts';
import {
  ageMinutes,
  type BoardAnswer,
  type BoardNotice,
  boardNotices,
  boardRows,
  needsNextDay,
  noticeWords,
  shownLanguage,
} from './board-rows.ts';

const TODAY = '2026-12-01';
const TOMORROW = '2026-12-02';

const item = (tripId: number, time: string, extra: Partial<Departure> = {}): Departure => ({
  lineName: `L${tripId}`,
  routeType: 'Regional Bus',
  tooLate: false,
  lineId: tripId * 10,
  schedId: tripId * 100,
  tripId,
  timeDepart: time,
  name: `To ${tripId}`,
  ...extra,
});

type Dir = BoardAnswer['departures'][number]['dir'];
type Result = BoardAnswer['departures'][number]['result'];

/** A board answer: its stops, and per stop and direction the items (and notices). */
function answer(
  stops: { id: number; name?: string; bay?: string | null }[],
  departures: [stopId: number, dir: Dir, items: Departure[], notices?: BoardNotice[]][],
  linePlatforms: BoardAnswer['linePlatforms'] = [],
  date = TODAY,
): BoardAnswer {
  return {
    date,
    stops: stops.map((s) => ({ id: s.id, name: s.name ?? `Stop ${s.id}`, bay: s.bay ?? null })),
    unknownStops: [],
    linePlatforms,
    departures: departures.map(([stopId, dir, items, notices]) => ({
      stopId,
      dir,
      result: {
        query: { from: stopId, to: null, dir, date },
        items,
        holiday: false,
        ...(notices ? { notices } : {}),
      } as Result,
    })),
  };
}

const notice = (id: number, titleLt: string, titleEn: string | null = null): BoardNotice => ({
  id,
  kind: 'notice',
  from: TODAY,
  until: null,
  titleLt,
  textLt: null,
  titleEn,
  textEn: null,
  url: null,
});

const shown = (rows: ReturnType<typeof boardRows>) =>
  rows.map((r) => `${r.date} ${r.stopId} ${r.item.timeDepart} ${r.item.tripId}`);
const at = (time: string, date = TODAY) => ({
  date,
  minutes: Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)),
});

describe('boardRows: the departures of several stops merged by time (issue 42)', () => {
  it('merges both directions of every stop by time, then line, then stop order, then trip', () => {
    const a = answer(
      [{ id: 27 }, { id: 1 }],
      [
        [27, 'Out bound', [item(5, '10:10'), item(6, '10:30')]],
        [27, 'City bound', [item(7, '10:05'), item(8, '10:10', { lineName: 'A' })]],
        [1, 'Out bound', [item(9, '10:10'), item(4, '10:10')]],
        [1, 'City bound', [item(3, '10:00')]],
      ],
    );
    expect(shown(boardRows([{ date: TODAY, answer: a }], at('09:00'), 20))).toEqual([
      `${TODAY} 1 10:00 3`,
      `${TODAY} 27 10:05 7`,
      `${TODAY} 27 10:10 8`,
      // The same line name (L...) sorts by its name first: L4 < L5 < L9.
      `${TODAY} 1 10:10 4`,
      `${TODAY} 27 10:10 5`,
      `${TODAY} 1 10:10 9`,
      `${TODAY} 27 10:30 6`,
    ]);
  });

  it('a trip in both directions’ answers (One way) is listed once; one passing the stop twice, twice', () => {
    const oneWay = item(5, '10:10');
    const a = answer(
      [{ id: 27 }],
      [
        [27, 'Out bound', [oneWay, item(6, '08:00'), item(6, '11:00')]],
        [27, 'City bound', [oneWay]],
      ],
    );
    expect(shown(boardRows([{ date: TODAY, answer: a }], at('07:00'), 20))).toEqual([
      `${TODAY} 27 08:00 6`,
      `${TODAY} 27 10:10 5`,
      `${TODAY} 27 11:00 6`,
    ]);
  });

  it('drops what has left by the home’s rule: a bus of this minute stays; a late followed bus stays until it has left', () => {
    const a = answer(
      [{ id: 1 }],
      [
        [
          1,
          'Out bound',
          [
            item(1, '09:59'),
            item(2, '10:00'),
            // 4 minutes late, still at the stop: shown until it leaves.
            item(3, '09:56', {
              live: { expectedTime: '10:00', delayMinutes: 4, positionAge: 0, departed: false },
            }),
            // Left early: gone, whatever its time.
            item(4, '10:20', {
              tooLate: true,
              live: { expectedTime: '10:20', delayMinutes: 0, positionAge: 0, departed: true },
            }),
            // No live data any more: its planned time counts again.
            item(5, '09:58', {
              live: {
                expectedTime: '09:58',
                delayMinutes: null,
                positionAge: 300,
                departed: false,
                noLiveData: true,
              },
            }),
            // Cancelled, still to come: shown, marked.
            item(6, '10:30', { cancelled: true, reason: 'kelio darbai', changeId: 1 }),
          ],
        ],
        [1, 'City bound', []],
      ],
    );
    expect(shown(boardRows([{ date: TODAY, answer: a }], at('10:00'), 20))).toEqual([
      `${TODAY} 1 09:56 3`,
      `${TODAY} 1 10:00 2`,
      `${TODAY} 1 10:30 6`,
    ]);
  });

  it('at most `rows`; today’s first, then the next day’s', () => {
    const today = answer([{ id: 1 }], [[1, 'Out bound', [item(1, '23:30'), item(2, '23:50')]]]);
    const tomorrow = answer(
      [{ id: 1 }],
      [[1, 'Out bound', [item(3, '05:10'), item(4, '06:00'), item(5, '07:00')]]],
    );
    const days = [
      { date: TODAY, answer: today },
      { date: TOMORROW, answer: tomorrow },
    ];
    expect(shown(boardRows(days, at('23:40'), 3))).toEqual([
      `${TODAY} 1 23:50 2`,
      `${TOMORROW} 1 05:10 3`,
      `${TOMORROW} 1 06:00 4`,
    ]);
    // After midnight the clock's date is the next day: yesterday's have all left.
    expect(shown(boardRows(days, at('00:10', TOMORROW), 3))).toEqual([
      `${TOMORROW} 1 05:10 3`,
      `${TOMORROW} 1 06:00 4`,
      `${TOMORROW} 1 07:00 5`,
    ]);
  });

  it('asks for the next day only once today has fewer than `rows` left', () => {
    const today = {
      date: TODAY,
      answer: answer([{ id: 1 }], [[1, 'Out bound', [item(1, '22:00'), item(2, '23:00')]]]),
    };
    expect(needsNextDay(today, at('21:00'), 2)).toBe(false);
    expect(needsNextDay(today, at('22:30'), 2)).toBe(true);
    expect(needsNextDay(undefined, at('22:30'), 2)).toBe(false);
  });

  it('keys stay the same from one answer to the next (the rows are not made anew)', () => {
    const make = () => answer([{ id: 1 }], [[1, 'Out bound', [item(1, '10:00'), item(1, '12:00')]]]);
    const first = boardRows([{ date: TODAY, answer: make() }], at('09:00'), 5).map((r) => r.key);
    const again = boardRows([{ date: TODAY, answer: make() }], at('09:30'), 5).map((r) => r.key);
    expect(again).toEqual(first);
    expect(new Set(first).size).toBe(2);
  });

  it('where each leaves from: the stop’s bay, else at the home station the line’s platform', () => {
    const a = answer(
      [{ id: 1 }, { id: 27, bay: 'B' }, { id: 30 }],
      [
        [1, 'Out bound', [item(1, '10:00'), item(2, '10:01')]],
        [27, 'Out bound', [item(3, '10:02')]],
        [30, 'Out bound', [item(4, '10:03')]],
      ],
      [
        { lineId: 10, platform: '5' },
        { lineId: 40, platform: '6' },
      ],
    );
    expect(boardRows([{ date: TODAY, answer: a }], at('09:00'), 10).map((r) => [r.stopName, r.bay])).toEqual([
      ['Stop 1', '5'],
      ['Stop 1', null],
      ['Stop 27', 'B'],
      // Line 40 has a platform at the home station, not here.
      ['Stop 30', null],
    ]);
  });
});

describe('the notices, the age and the language', () => {
  it('each notice once, whichever answers brought it, oldest first', () => {
    const a = answer(
      [{ id: 1 }, { id: 27 }],
      [
        [1, 'Out bound', [], [notice(4, 'Ketvirtas'), notice(2, 'Antras')]],
        [1, 'City bound', [], [notice(2, 'Antras')]],
        [27, 'Out bound', [], [notice(3, 'Trečias')]],
      ],
    );
    expect(boardNotices(a).map((n) => n.id)).toEqual([2, 3, 4]);
    expect(boardNotices(undefined)).toEqual([]);
  });

  it('a notice in English when it has English words, else in Lithuanian', () => {
    expect(noticeWords(notice(1, 'Stotelė perkelta', 'The stop has moved'), 'en')).toEqual({
      lang: 'en',
      title: 'The stop has moved',
      text: null,
    });
    expect(noticeWords(notice(1, 'Stotelė perkelta'), 'en')).toMatchObject({
      lang: 'lt',
      title: 'Stotelė perkelta',
    });
    expect(noticeWords(notice(1, 'Stotelė perkelta', 'The stop has moved'), 'lt').title).toBe(
      'Stotelė perkelta',
    );
  });

  it.each([
    [0, null],
    [59_999, null],
    [60_000, 1],
    [179_000, 2],
    [180_000, 3],
    [2 * 3_600_000 + 5 * 60_000, 125],
  ])('an answer %i ms old: %s min', (age, minutes) => {
    expect(ageMinutes(1_000_000, 1_000_000 + age)).toBe(minutes);
  });

  it('a bilingual board turns every 10 s; the others keep theirs', () => {
    expect([0, 9_999, 10_000, 19_999, 20_000].map((t) => shownLanguage('both', t))).toEqual([
      'lt',
      'lt',
      'en',
      'en',
      'lt',
    ]);
    expect(shownLanguage('en', 10_000)).toBe('en');
    expect(shownLanguage('lt', 10_000)).toBe('lt');
  });
});
