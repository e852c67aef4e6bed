import { describe, expect, it } from 'vitest';
import type { DepartureItem } from '../departures.ts';
import { dayChanges } from './day-changes.ts';
import { departureNotices, departuresWithChanges, type PlannedTrip, publicNotice } from './departures.ts';
import { aServiceChange } from './test-changes.ts';
import type { ServiceChange } from './types.ts';

const DATE = '2026-12-03';
// Changes holding on DATE only, unless a test says otherwise.
const change = (over: Partial<ServiceChange>): ServiceChange =>
  aServiceChange({ from: DATE, until: DATE, ...over });

const item = (tripId: number, timeDepart: string, lineName = 'M1', lineId = 1): DepartureItem => ({
  lineName,
  routeType: 'Regional Bus',
  tooLate: false,
  lineId,
  schedId: 1,
  tripId,
  timeDepart,
  name: 'Utena',
});

// Stop 5 is the departure stop. Trip 11 leaves it at 07:10 (index 1); trip 12 at 08:00
// (index 0); trip 13 is a loop passing it at 09:00 (index 0) and 09:40 (index 2).
const TRIPS = new Map<number, PlannedTrip>([
  [11, { stops: [4, 5, 6], minutes: [420, 430, 440] }],
  [12, { stops: [5, 6, 7], minutes: [480, 490, null] }],
  [13, { stops: [5, 6, 5, 8], minutes: [540, 560, 580, 600] }],
]);
const ITEMS: readonly DepartureItem[] = [
  item(11, '07:10'),
  item(12, '08:00', 'M2', 2),
  item(13, '09:00'),
  item(13, '09:40'),
];

/** The items with the changes on DATE; tooLate: before 08:30. */
function apply(changes: ServiceChange[], items: readonly DepartureItem[] = ITEMS, from = 5) {
  return departuresWithChanges(items, dayChanges(changes, DATE), {
    from,
    plannedTrip: (id) => TRIPS.get(id),
    tooLate: (minute) => minute < 510,
  });
}

const brief = (items: readonly DepartureItem[]) =>
  items.map((i) => {
    let text = `${i.tripId} ${i.timeDepart}`;
    if (i.plannedTime) text += ` (${i.plannedTime})`;
    if (i.cancelled) text += ` cancelled#${i.changeId}: ${i.reason}`;
    if (i.notServed) text += ` not served#${i.changeId}`;
    if (i.tooLate) text += ' left';
    return text;
  });

describe('departures with the day changes', () => {
  it('leaves the very same array when nothing touches it (no change, other dates, other trips and stops)', () => {
    expect(apply([])).toBe(ITEMS);
    expect(apply([change({ kind: 'cancel', tripIds: [11], from: '2026-12-04', until: '2026-12-04' })])).toBe(
      ITEMS,
    );
    expect(apply([change({ kind: 'cancel', tripIds: [99] })])).toBe(ITEMS);
    expect(apply([change({ kind: 'closure', stopIds: [6] })])).toBe(ITEMS);
    expect(apply([change({ kind: 'notice', lineIds: [1] })])).toBe(ITEMS);
  });

  it.each<[string, ServiceChange[], string[]]>([
    [
      'a cancel marks the trip in its place, with the reason',
      [change({ id: 3, kind: 'cancel', tripIds: [12], reason: 'kelio darbai' })],
      ['11 07:10', '12 08:00 cancelled#3: kelio darbai', '13 09:00', '13 09:40'],
    ],
    [
      'a cancel without a reason gives its Lithuanian title',
      [change({ id: 3, kind: 'cancel', tripIds: [12], titleLt: 'Atšauktas reisas 08:00 (M2)' })],
      ['11 07:10', '12 08:00 cancelled#3: Atšauktas reisas 08:00 (M2)', '13 09:00', '13 09:40'],
    ],
    [
      'a loop trip is cancelled at both its passes',
      [change({ id: 4, kind: 'cancel', tripIds: [13], reason: 'x' })],
      ['11 07:10', '12 08:00', '13 09:00 cancelled#4: x', '13 09:40 cancelled#4: x'],
    ],
    [
      'a shift moves the time, keeps the planned one, reorders, and tooLate follows the new time',
      [change({ id: 5, kind: 'retime', tripIds: [11], shiftMinutes: 85 })],
      ['12 08:00', '11 08:35 (07:10)', '13 09:00', '13 09:40'],
    ],
    [
      'an earlier time that has left by now is too late',
      [change({ id: 5, kind: 'retime', tripIds: [13], shiftMinutes: -60 })],
      ['11 07:10', '13 08:00 (09:00) left', '12 08:00', '13 08:40 (09:40)'],
    ],
    [
      'a typed time at the stop wins over the shift; at another stop it does not move this one',
      [
        change({
          id: 6,
          kind: 'retime',
          tripIds: [11, 13],
          shiftMinutes: 5,
          stopTimes: [
            { tripId: 11, index: 1, time: '07:30' },
            { tripId: 13, index: 1, time: '09:30' },
          ],
        }),
      ],
      ['11 07:30 (07:10) left', '12 08:00', '13 09:05 (09:00)', '13 09:45 (09:40)'],
    ],
    [
      "a typed time at the loop trip's second pass moves that pass only",
      [
        change({
          id: 7,
          kind: 'retime',
          tripIds: [13],
          stopTimes: [{ tripId: 13, index: 2, time: '09:50' }],
        }),
      ],
      ['11 07:10', '12 08:00', '13 09:00', '13 09:50 (09:40)'],
    ],
    [
      'a closure of the departure stop marks every departure not served',
      [change({ id: 8, kind: 'closure', stopIds: [5] })],
      ['11 07:10 not served#8', '12 08:00 not served#8', '13 09:00 not served#8', '13 09:40 not served#8'],
    ],
    [
      'a cancel wins over a closure; a retimed departure at a closed stop keeps its new time',
      [
        change({ id: 8, kind: 'closure', stopIds: [5] }),
        change({ id: 9, kind: 'cancel', tripIds: [12], reason: 'r' }),
        change({ id: 10, kind: 'retime', tripIds: [11], shiftMinutes: 10 }),
      ],
      [
        '11 07:20 (07:10) not served#8 left',
        '12 08:00 cancelled#9: r',
        '13 09:00 not served#8',
        '13 09:40 not served#8',
      ],
    ],
    [
      'a cancel wins over a retime of the same trip',
      [
        change({ id: 11, kind: 'retime', tripIds: [12], shiftMinutes: 30 }),
        change({ id: 12, kind: 'cancel', tripIds: [12], reason: 'r' }),
      ],
      ['11 07:10', '12 08:00 cancelled#12: r', '13 09:00', '13 09:40'],
    ],
  ])('%s', (_name, changes, expected) => {
    const result = apply(changes);
    expect(result).not.toBe(ITEMS);
    expect(brief(result)).toEqual(expected);
    // The answer it was laid over is not changed (other dates share it).
    expect(brief(ITEMS)).toEqual(['11 07:10', '12 08:00', '13 09:00', '13 09:40']);
  });

  it('an unchanged item keeps its object and key order; a changed one adds its fields at the end', () => {
    const result = apply([change({ id: 5, kind: 'retime', tripIds: [11], shiftMinutes: 85 })]);
    expect(result[0]).toBe(ITEMS[1]);
    expect(Object.keys(result[1] as DepartureItem)).toEqual([
      ...Object.keys(ITEMS[0] as DepartureItem),
      'plannedTime',
      'changeId',
    ]);
  });

  it('a retime of a trip whose visit is not found (or not known) leaves the departure as planned', () => {
    const odd = [item(12, '08:01'), item(14, '10:00')];
    expect(apply([change({ kind: 'retime', tripIds: [12, 14], shiftMinutes: 5 })], odd)).toBe(odd);
  });
});

describe('the notices of a departures answer', () => {
  const notices = (changes: ServiceChange[], items = ITEMS, from = 5) =>
    departureNotices(dayChanges(changes, DATE), from, items).map((c) => c.id);

  it.each<[string, ServiceChange[], number[]]>([
    ['none holding', [change({ id: 1, from: '2026-12-04', until: null })], []],
    ['the whole network', [change({ id: 1 })], [1]],
    ['a line shown', [change({ id: 1, lineIds: [2] }), change({ id: 2, lineIds: [3] })], [1]],
    [
      'a trip shown',
      [change({ id: 2, kind: 'cancel', tripIds: [13] }), change({ id: 1, tripIds: [99] })],
      [2],
    ],
    [
      'the stop',
      [change({ id: 1, kind: 'closure', stopIds: [5] }), change({ id: 2, kind: 'closure', stopIds: [6] })],
      [1],
    ],
    ['the stop to use instead', [change({ id: 3, kind: 'closure', stopIds: [9], insteadStopId: 5 })], [3]],
    ['oldest first', [change({ id: 7 }), change({ id: 2, lineIds: [1] })], [2, 7]],
  ])('%s', (_name, changes, ids) => {
    expect(notices(changes)).toEqual(ids);
  });

  it('a public notice: the texts and dates, and for a closure the stop to use instead', () => {
    const closure = change({
      id: 3,
      kind: 'closure',
      stopIds: [9],
      insteadStopId: 5,
      url: 'https://example.lt',
    });
    expect(publicNotice(closure, (id) => `stop ${id}`)).toEqual({
      id: 3,
      kind: 'closure',
      from: DATE,
      until: DATE,
      titleLt: 'Pranešimas',
      textLt: null,
      titleEn: null,
      textEn: null,
      url: 'https://example.lt',
      insteadStopId: 5,
      insteadStopName: 'stop 5',
    });
    expect(Object.keys(publicNotice(change({ id: 1 }), String))).not.toContain('insteadStopId');
  });
});
