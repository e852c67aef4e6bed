import { describe, expect, it } from 'vitest';
import { nextBusesEn } from '../../../i18n/next-buses-en.ts';
import { nextBusesLt } from '../../../i18n/next-buses-lt.ts';
import { hasLeft, minuteOf, nowSlot, otherPasses, showsNextBuses } from './countdown.ts';
import { buildHourGrid } from './hour-grid.ts';
import { comes, nextDepartures, vilniusInstant, waitParts } from './next-departures.ts';

const at = (timeDepart: string, tripId = 1) => ({ timeDepart, tripId, tooLate: false });
const times = (list: { item: { timeDepart: string } }[]) => list.map((u) => u.item.timeDepart);
const hm = (h: number, m: number) => h * 60 + m;

describe('minuteOf', () => {
  it.each([
    ['00:00', 0],
    ['07:50', 470],
    ['07:50:30', 470],
    ['23:59', 1439],
    ['7:05', 425],
    ['24:00', null],
    ['07:60', null],
    ['', null],
    ['ab:cd', null],
  ])('%s -> %s', (time, minute) => expect(minuteOf(time)).toBe(minute));
});

describe('nextDepartures', () => {
  const day = [at('05:30'), at('07:50'), at('07:50', 2), at('09:00'), at('12:10'), at('23:59'), at('bad')];
  it.each([
    // now, expected times, expected waits
    [hm(5, 0), ['05:30', '07:50', '07:50'], [30, 170, 170]],
    [hm(7, 46), ['07:50', '07:50', '09:00'], [4, 4, 74]],
    // A bus of this very minute has not left: "now" (0 minutes).
    [hm(7, 50), ['07:50', '07:50', '09:00'], [0, 0, 70]],
    [hm(7, 51), ['09:00', '12:10', '23:59'], [69, 259, 968]],
    [hm(12, 11), ['23:59'], [708]],
    [hm(23, 59), ['23:59'], [0]],
    // The end of the day: nothing is left.
    [hm(23, 59) + 1, [], []],
  ])('at minute %i', (now, expectedTimes, waits) => {
    const next = nextDepartures(day, { date: '2026-11-23', minutes: now });
    expect(times(next)).toEqual(expectedTimes);
    expect(next.map((u) => u.wait)).toEqual(waits);
  });

  it('takes the soonest even when the list is not in time order, and as many as asked', () => {
    const shuffled = [at('10:00'), at('08:00'), at('09:00'), at('08:30')];
    expect(times(nextDepartures(shuffled, { date: '2026-11-23', minutes: hm(8, 10) }))).toEqual([
      '08:30',
      '09:00',
      '10:00',
    ]);
    expect(times(nextDepartures(shuffled, { date: '2026-11-23', minutes: hm(7, 0) }, 1))).toEqual(['08:00']);
  });
});

describe('nextDepartures with service changes (issue 27)', () => {
  it('skips a cancelled bus and one from a closed stop, and counts a changed time', () => {
    const day = [
      { ...at('08:00', 1), cancelled: true as const },
      at('08:10', 2),
      { ...at('08:20', 3), notServed: true as const },
      // Planned 07:55, leaving at 08:25 on the date: its new time is its place.
      { ...at('08:25', 4), plannedTime: '07:55' },
      at('08:30', 5),
      at('08:40', 6),
    ];
    const next = nextDepartures(day, { date: '2026-11-23', minutes: hm(8, 0) });
    expect(next.map((u) => u.item.tripId)).toEqual([2, 4, 5]);
    expect(next.map((u) => u.wait)).toEqual([10, 25, 30]);
    expect(
      nextDepartures(
        day.slice(0, 3).filter((i) => i.tripId !== 2),
        { date: '2026-11-23', minutes: 0 },
      ),
    ).toEqual([]);
  });

  it('a bus comes unless cancelled or not served', () => {
    expect([{}, { cancelled: true as const }, { notServed: true as const }].map(comes)).toEqual([
      true,
      false,
      false,
    ]);
  });
});

describe('the wait in words', () => {
  it.each([
    [0, [0, 0], 'now', 'dabar'],
    [1, [0, 1], 'in 1 min', 'po 1 min.'],
    [4, [0, 4], 'in 4 min', 'po 4 min.'],
    [59, [0, 59], 'in 59 min', 'po 59 min.'],
    [60, [1, 0], 'in 1 h', 'po 1 val.'],
    [72, [1, 12], 'in 1 h 12 min', 'po 1 val. 12 min.'],
    [928, [15, 28], 'in 15 h 28 min', 'po 15 val. 28 min.'],
  ] as const)('%i minutes', (wait, parts, english, lithuanian) => {
    expect(waitParts(wait)).toEqual(parts);
    expect(nextBusesEn.wait(...waitParts(wait))).toBe(english);
    expect(nextBusesLt.wait(...waitParts(wait))).toBe(lithuanian);
  });
});

describe('hasLeft (tooLate kept current on today)', () => {
  const now = { date: '2026-11-26', minutes: hm(14, 32) };
  it.each([
    ['2026-11-26', '14:31', false, true],
    ['2026-11-26', '14:32', true, false], // this minute: not gone, whatever the server said
    ['2026-11-26', '14:33', false, false],
    ['2026-11-26', '00:00', false, true],
    // A later date: the server's flag stands.
    ['2026-11-27', '05:00', false, false],
    // A date before today has left whole, also when its answer came before midnight (flag false).
    ['2026-11-25', '23:00', true, true],
    ['2026-11-25', '23:59', false, true],
    ['2025-12-31', '05:00', false, true],
  ])('%s %s (server %s) -> %s', (date, time, serverFlag, left) => {
    expect(hasLeft({ timeDepart: time, tooLate: serverFlag }, date, now)).toBe(left);
  });
});

describe('nowSlot (the "now" marker in the hour grid)', () => {
  const rows = buildHourGrid([at('06:10'), at('07:05'), at('07:40'), at('09:15')]);
  it.each([
    [hm(7, 0), { hour: 7, index: 0 }], // before the row's first bus
    [hm(7, 5), { hour: 7, index: 0 }], // a bus of this minute is still ahead
    [hm(7, 6), { hour: 7, index: 1 }],
    [hm(7, 59), { hour: 7, index: 2 }], // after the row's last bus: at its end
    [hm(8, 30), { hour: 8, index: 0 }], // an hour without buses
    [hm(2, 0), { hour: 6, index: 0 }], // before the grid's first row (06): at its start
    [hm(0, 0), { hour: 6, index: 0 }],
  ])('minute %i', (now, slot) => expect(nowSlot(rows, now)).toEqual(slot));

  it('starts at the first row of a grid widened to an early bus, and is nowhere in an empty grid', () => {
    const early = buildHourGrid([at('04:50'), at('07:00')]);
    expect(nowSlot(early, hm(3, 10))).toEqual({ hour: 4, index: 0 });
    expect(nowSlot(early, hm(4, 51))).toEqual({ hour: 4, index: 1 });
    expect(nowSlot([], hm(3, 10))).toBeNull();
  });
});

describe('otherPasses (a loop bus passing the stop twice)', () => {
  it.each([
    // trips with times -> for each item, the time of the same bus's other pass
    [
      [
        [1, '07:50'],
        [2, '08:00'],
        [3, '09:00'],
      ],
      [undefined, undefined, undefined],
    ],
    [
      [
        [1, '07:50'],
        [2, '08:00'],
        [1, '08:04'],
      ],
      ['08:04', undefined, '07:50'],
    ],
    [
      [
        [5, '06:00'],
        [5, '06:30'],
        [5, '07:00'],
        [6, '07:10'],
      ],
      ['06:30', '07:00', '06:00', undefined],
    ],
    [[], []],
  ] as [number, string][][][])('%j', (passes, others) => {
    const items = passes.map(([tripId, time]) => at(time as string, tripId as number));
    const other = otherPasses(items);
    expect(items.map((item) => other.get(item))).toEqual(others);
  });
});

describe('showsNextBuses: the panel is for today only', () => {
  it.each([
    ['departures of today', '2026-11-23', '2026-11-23', true],
    ['of tomorrow', '2026-11-24', '2026-11-23', false],
    ['of yesterday (the page left open past midnight)', '2026-11-22', '2026-11-23', false],
    ['no departures yet', undefined, '2026-11-23', false],
  ])('%s', (_name, date, today, expected) => {
    expect(showsNextBuses(date, today)).toBe(expected);
  });
});

describe('vilniusInstant: a Vilnius wall-clock minute as a real instant', () => {
  it.each([
    ['winter time (UTC+2)', '2026-11-23', hm(9, 0), '2026-11-23T07:00:00.000Z'],
    ['summer time (UTC+3)', '2026-07-01', hm(9, 0), '2026-07-01T06:00:00.000Z'],
    ['just before the clocks go forward', '2026-03-29', hm(2, 59), '2026-03-29T00:59:00.000Z'],
    ['a minute the clock skips: as winter time', '2026-03-29', hm(3, 30), '2026-03-29T01:30:00.000Z'],
    ['just after the clocks went forward', '2026-03-29', hm(4, 0), '2026-03-29T01:00:00.000Z'],
    ['a minute shown twice: the first', '2026-10-25', hm(3, 30), '2026-10-25T00:30:00.000Z'],
    ['after the clocks went back', '2026-10-25', hm(4, 0), '2026-10-25T02:00:00.000Z'],
    ['midnight', '2026-12-25', 0, '2026-12-24T22:00:00.000Z'],
  ])('%s: %s minute %i', (_name, date, minute, expected) => {
    expect(new Date(vilniusInstant(date, minute)).toISOString()).toBe(expected);
  });
});

describe('nextDepartures: the wait in real minutes across the clock change', () => {
  const night = [at('01:30'), at('05:00'), at('08:00')];
  it.each([
    // now, the waits: on an ordinary night the wall-clock difference.
    ['an ordinary night', '2026-11-23', hm(1, 0), [30, 240, 420]],
    // The clocks go forward at 03:00: an hour less than the wall clock says, for buses after it.
    ['the clocks go forward', '2026-03-29', hm(1, 0), [30, 180, 360]],
    // The clocks go back at 04:00: an hour more.
    ['the clocks go back', '2026-10-25', hm(1, 0), [30, 300, 480]],
    // Once past the change, the wall-clock difference again.
    ['after the change', '2026-10-25', hm(4, 30), [30, 210]],
  ])('%s', (_name, date, now, waits) => {
    expect(nextDepartures(night, { date, minutes: now }).map((u) => u.wait)).toEqual(waits);
  });
});

describe('a followed bus (issue 40): its expected time counts, and it has left when it has left', () => {
  const live = (expectedTime: string, extra: { departed?: boolean; noLiveData?: true } = {}) => ({
    expectedTime,
    delayMinutes: 4,
    positionAge: 0,
    departed: false,
    ...extra,
  });
  const today = { date: '2026-11-29', minutes: hm(12, 0) };
  // Planned 11:59 and 12:01, 4 minutes late; a bus gone at 11:58; one not heard from, planned 11:57.
  const late = { ...at('11:59', 1), live: live('12:03') };
  const later = { ...at('12:01', 2), live: live('12:05') };
  const gone = { ...at('11:58', 3), live: live('12:02', { departed: true }) };
  const quiet = { ...at('11:57', 4), live: live('11:57', { noLiveData: true }) };
  const planned = at('12:04', 5);

  it('Next buses count down to the expected times, soonest first, the gone bus and the quiet past one left out', () => {
    const next = nextDepartures([planned, later, late, gone, quiet], today);
    expect(next.map((u) => [u.item.tripId, u.wait])).toEqual([
      [1, 3],
      [5, 4],
      [2, 5],
    ]);
  });

  it('a late bus expected in a minute gone by, and not gone yet, is due now', () => {
    const overdue = { ...at('11:50', 6), live: live('11:54') };
    expect(nextDepartures([overdue], today).map((u) => u.wait)).toEqual([0]);
  });

  it('has left: when it has left the stop, not by its planned time; without live data, by that time', () => {
    expect(hasLeft(late, today.date, today)).toBe(false);
    expect(hasLeft(gone, today.date, today)).toBe(true);
    expect(hasLeft({ ...at('12:30', 7), live: live('12:34', { departed: true }) }, today.date, today)).toBe(
      true,
    );
    expect(hasLeft(quiet, today.date, today)).toBe(true);
  });
});
