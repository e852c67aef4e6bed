import { describe, expect, it } from 'vitest';
import { formatTime, parseTime } from '../time.ts';
import { buildDayNetwork } from './network.ts';
import { planJourneys } from './plan.ts';
import { referenceEarliestArrival } from './reference-planner.ts';
import { type ChangeRules, NO_CHANGE_RULES, type PlannedJourney, type RideTrip } from './types.ts';

/** A trip of line `line` through [stop, 'HH:MM'] visits. */
function trip(tripId: number, line: number, visits: [number, string][]): RideTrip {
  return {
    tripId,
    lineId: line,
    stops: visits.map(([s]) => s),
    minutes: visits.map(([, t]) => parseTime(t) as number),
  };
}

/** The same trip on a bus marked low-floor with a ramp. */
const lowFloor = (t: RideTrip): RideTrip => ({ ...t, stepFree: true });

/** Journeys as short text: "08:00-08:30 1:A>B 2:B>C" (trip:from>to per leg). */
function text(journeys: PlannedJourney[]): string[] {
  return journeys.map(
    (j) =>
      `${formatTime(j.depart)}-${formatTime(j.arrive)} ${j.legs.map((l) => `${l.tripId}:${l.fromStopId}>${l.toStopId}`).join(' ')}`,
  );
}

interface PlanOptions {
  arriveBy?: boolean;
  rules?: ChangeRules;
  /** The stops marked step-free, and whether the plan is step-free only (issue 41). */
  stepFreeStops?: number[];
  stepFree?: boolean;
}

function plan(
  trips: RideTrip[],
  from: number,
  to: number,
  time: string,
  options: PlanOptions = {},
): string[] {
  const network = buildDayNetwork(trips, options.rules ?? NO_CHANGE_RULES, options.stepFreeStops);
  return text(
    planJourneys(network, {
      from,
      to,
      time: parseTime(time) as number,
      arriveBy: options.arriveBy ?? false,
      ...(options.stepFree ? { stepFree: true } : {}),
    }),
  );
}

const rules = (over: Partial<ChangeRules>): ChangeRules => ({ ...NO_CHANGE_RULES, ...over });

// Stops: 1 A, 2 B, 3 C, 4 D, 5 B' (across the road from B).
const feeder = trip(1, 10, [
  [1, '08:00'],
  [2, '08:10'],
]);
const tooSoon = trip(2, 20, [
  [2, '08:11'],
  [3, '08:40'],
]);
const later = trip(3, 20, [
  [2, '08:30'],
  [3, '09:00'],
]);

describe('planJourneys on hand-made networks', () => {
  it('refuses a change just too short (2 minutes by default), takes the next bus', () => {
    expect(plan([feeder, tooSoon, later], 1, 3, '07:50')).toEqual(['08:00-09:00 1:1>2 3:2>3']);
    const twoMinutes = trip(2, 20, [
      [2, '08:12'],
      [3, '08:40'],
    ]);
    expect(plan([feeder, twoMinutes, later], 1, 3, '07:50')).toEqual([
      '08:00-08:40 1:1>2 2:2>3',
      // The next one: a minute after 08:00 nothing leaves A, so the front is the same; none more.
    ]);
  });

  it('takes a stop’s own minimum change time', () => {
    expect(
      plan([feeder, tooSoon, later], 1, 3, '07:50', { rules: rules({ stopMinutes: new Map([[2, 1]]) }) }),
    ).toEqual(['08:00-08:40 1:1>2 2:2>3']);
    expect(
      plan(
        [
          feeder,
          trip(2, 20, [
            [2, '08:12'],
            [3, '08:40'],
          ]),
          later,
        ],
        1,
        3,
        '07:50',
        {
          rules: rules({ stopMinutes: new Map([[2, 5]]) }),
        },
      ),
    ).toEqual(['08:00-09:00 1:1>2 3:2>3']);
  });

  it('changes at a change place with the walk, not quicker', () => {
    const across = (id: number, at: string) =>
      trip(id, 30, [
        [5, at],
        [3, '09:30'],
      ]);
    const places = [{ stopA: 2, stopB: 5, walkMinutes: 5 }];
    expect(plan([feeder, across(4, '08:14')], 1, 3, '07:00', { rules: rules({ places }) })).toEqual([]);
    expect(plan([feeder, across(4, '08:15')], 1, 3, '07:00', { rules: rules({ places }) })).toEqual([
      '08:00-09:30 1:1>2 4:5>3',
    ]);
    expect(plan([feeder, across(4, '08:15')], 1, 3, '07:00')).toEqual([]);
  });

  it('keeps two equal arrivals only with the fewer changes, and a quicker one with more changes', () => {
    const direct = trip(5, 40, [
      [1, '08:05'],
      [3, '09:00'],
    ]);
    expect(plan([feeder, later, direct], 1, 3, '07:50')).toEqual(['08:05-09:00 5:1>3']);
    const quick = trip(3, 20, [
      [2, '08:30'],
      [3, '08:50'],
    ]);
    expect(plan([feeder, quick, direct], 1, 3, '07:50')).toEqual([
      '08:00-08:50 1:1>2 3:2>3',
      '08:05-09:00 5:1>3',
    ]);
  });

  it('leaves as late as it can for the same arrival (no needless waiting)', () => {
    const early = trip(6, 10, [
      [1, '07:00'],
      [2, '07:20'],
    ]);
    const second = trip(7, 10, [
      [1, '07:30'],
      [2, '07:50'],
    ]);
    const onward = trip(8, 20, [
      [2, '08:00'],
      [3, '08:30'],
    ]);
    expect(plan([early, second, onward], 1, 3, '06:50')).toEqual(['07:30-08:30 7:1>2 8:2>3']);
    // Arriving by: the same journey, found backwards; arriving as early as it can.
    expect(plan([early, second, onward], 1, 3, '08:45', { arriveBy: true })).toEqual([
      '07:30-08:30 7:1>2 8:2>3',
    ]);
  });

  it('rides a bus that visits a stop twice from either visit', () => {
    const twice = trip(9, 50, [
      [1, '08:00'],
      [2, '08:10'],
      [3, '08:20'],
      [2, '08:30'],
      [4, '08:40'],
    ]);
    expect(plan([twice], 3, 4, '08:00')).toEqual(['08:20-08:40 9:3>4']);
    // Boarding at its second visit arrives the same and leaves later.
    expect(plan([twice], 2, 4, '08:00')).toEqual(['08:30-08:40 9:2>4']);
    expect(plan([twice], 2, 3, '08:00')).toEqual(['08:10-08:20 9:2>3']);
  });

  it('goes round a loop line, changing to its next round at the terminus', () => {
    const round = (id: number, start: number) =>
      trip(id, 60, [
        [1, formatTime(start)],
        [2, formatTime(start + 10)],
        [3, formatTime(start + 20)],
        [1, formatTime(start + 30)],
      ]);
    const loops = [round(11, 480), round(12, 520)];
    expect(plan(loops, 3, 1, '08:15')).toEqual(['08:20-08:30 11:3>1', '09:00-09:10 12:3>1']);
    expect(plan(loops, 1, 3, '07:55')).toEqual(['08:00-08:20 11:1>3', '08:40-09:00 12:1>3']);
    expect(plan(loops, 3, 2, '08:15')).toEqual(['08:20-08:50 11:3>1 12:1>2']);
  });

  it('finds the last bus of the day, and nothing after it', () => {
    const last = trip(13, 70, [
      [1, '22:50'],
      [4, '23:40'],
    ]);
    expect(plan([last], 1, 4, '22:00')).toEqual(['22:50-23:40 13:1>4']);
    expect(plan([last], 1, 4, '22:51')).toEqual([]);
  });

  it('finds no journey between stops no bus joins, or backwards along a line', () => {
    expect(plan([feeder, later], 1, 4, '07:00')).toEqual([]);
    expect(plan([feeder, later], 3, 1, '07:00')).toEqual([]);
    expect(plan([feeder], 1, 99, '07:00')).toEqual([]);
  });

  it('gives the Pareto journeys, then the next ones, up to five', () => {
    const trips = Array.from({ length: 8 }, (_, i) =>
      trip(100 + i, 80, [
        [1, formatTime(360 + i * 60)],
        [4, formatTime(400 + i * 60)],
      ]),
    );
    expect(plan(trips, 1, 4, '06:30')).toEqual([
      '07:00-07:40 101:1>4',
      '08:00-08:40 102:1>4',
      '09:00-09:40 103:1>4',
      '10:00-10:40 104:1>4',
      '11:00-11:40 105:1>4',
    ]);
    expect(plan(trips, 1, 4, '10:40', { arriveBy: true })).toEqual([
      '06:00-06:40 100:1>4',
      '07:00-07:40 101:1>4',
      '08:00-08:40 102:1>4',
      '09:00-09:40 103:1>4',
      '10:00-10:40 104:1>4',
    ]);
  });

  it('changes at most three times', () => {
    const chain = [1, 2, 3, 4, 5].map((s, i) =>
      trip(200 + i, 90 + i, [
        [s, formatTime(480 + i * 20)],
        [s + 1, formatTime(490 + i * 20)],
      ]),
    );
    expect(plan(chain, 1, 5, '07:00')).toEqual(['08:00-09:10 200:1>2 201:2>3 202:3>4 203:4>5']);
    expect(plan(chain, 1, 6, '07:00')).toEqual([]);
  });

  it('agrees with the simple reference on a random network', () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const trips: RideTrip[] = [];
    for (let id = 1; id <= 300; id++) {
      const length = 2 + random(6);
      let minute = 300 + random(900);
      const visits: [number, string][] = [];
      for (let i = 0; i < length; i++) {
        visits.push([1 + random(25), formatTime(minute)]);
        minute += random(15);
      }
      trips.push(trip(id, 1 + random(10), visits));
    }
    const changeRules = rules({
      stopMinutes: new Map([
        [3, 0],
        [7, 6],
      ]),
      places: [{ stopA: 4, stopB: 9, walkMinutes: 4 }],
    });
    const network = buildDayNetwork(trips, changeRules);
    for (let q = 0; q < 400; q++) {
      const from = 1 + random(25);
      const to = 1 + random(25);
      const time = 300 + random(1000);
      const journeys = planJourneys(network, { from, to, time, arriveBy: false });
      const earliest = journeys.length === 0 ? null : Math.min(...journeys.map((j) => j.arrive));
      expect(earliest, `${from} -> ${to} at ${formatTime(time)}`).toBe(
        referenceEarliestArrival(trips, changeRules, from, to, time, 4),
      );
      for (const j of journeys) {
        expect(j.depart).toBeGreaterThanOrEqual(time);
        expect(j.changes).toBeLessThanOrEqual(3);
      }
    }
  });
});

describe('step-free only (issue 41)', () => {
  // Stops 1 A, 2 B, 3 C, 4 D, 5 B' (across the road from B). Marked step-free: all but B.
  const marked = [1, 3, 4, 5];
  const stepFree = (over: PlanOptions = {}): PlanOptions => ({
    stepFreeStops: marked,
    stepFree: true,
    ...over,
  });
  const aToD = trip(30, 100, [
    [1, '08:00'],
    [4, '08:50'],
  ]);
  const aToB = trip(31, 101, [
    [1, '07:00'],
    [2, '07:10'],
  ]);
  const bToD = trip(32, 102, [
    [2, '07:20'],
    [4, '07:40'],
  ]);

  it.each<[string, RideTrip[], number, number, string, PlanOptions, string[]]>([
    [
      'rides a low-floor bus between two step-free stops',
      [lowFloor(aToD)],
      1,
      4,
      '07:00',
      stepFree(),
      ['08:00-08:50 30:1>4'],
    ],
    ['never a bus not marked low-floor', [aToD], 1, 4, '07:00', stepFree(), []],
    // Not known is not step-free: only what staff marked 'yes' counts.
    [
      'never a stop not marked step-free',
      [lowFloor(aToD)],
      1,
      4,
      '07:00',
      stepFree({ stepFreeStops: [1] }),
      [],
    ],
    // The quicker change at B is refused (B is not step-free): the later direct bus instead.
    [
      'changes only at a step-free stop',
      [lowFloor(aToB), lowFloor(bToD), lowFloor(aToD)],
      1,
      4,
      '06:50',
      stepFree(),
      ['08:00-08:50 30:1>4'],
    ],
    [
      'the same without step-free only changes at B',
      [lowFloor(aToB), lowFloor(bToD), lowFloor(aToD)],
      1,
      4,
      '06:50',
      { stepFreeStops: marked },
      ['07:00-07:40 31:1>2 32:2>4', '08:00-08:50 30:1>4'],
    ],
    // A bus passing B is ridden past it (B is neither boarded nor left).
    [
      'rides past a stop that is not step-free',
      [
        lowFloor(
          trip(33, 103, [
            [1, '09:00'],
            [2, '09:10'],
            [3, '09:20'],
          ]),
        ),
      ],
      1,
      3,
      '08:00',
      stepFree(),
      ['09:00-09:20 33:1>3'],
    ],
    // Of two buses of the same line, the one that is not low-floor is skipped, both ways.
    [
      'skips the earlier bus that is not low-floor',
      [
        aToD,
        lowFloor(
          trip(34, 100, [
            [1, '09:00'],
            [4, '09:50'],
          ]),
        ),
      ],
      1,
      4,
      '07:00',
      stepFree(),
      ['09:00-09:50 34:1>4'],
    ],
    [
      'arriving by, skips the later bus that is not low-floor',
      [
        lowFloor(aToD),
        trip(34, 100, [
          [1, '09:00'],
          [4, '09:50'],
        ]),
      ],
      1,
      4,
      '10:00',
      stepFree({ arriveBy: true }),
      ['08:00-08:50 30:1>4'],
    ],
  ])('%s', (_what, trips, from, to, time, options, expected) => {
    expect(plan(trips, from, to, time, options)).toEqual(expected);
  });

  it('walks between a change place’s stops only when both are step-free', () => {
    const toB = lowFloor(
      trip(40, 110, [
        [1, '08:00'],
        [2, '08:10'],
      ]),
    );
    const fromAcross = lowFloor(
      trip(41, 111, [
        [5, '08:20'],
        [3, '08:40'],
      ]),
    );
    const toC = lowFloor(
      trip(42, 112, [
        [1, '08:00'],
        [4, '08:10'],
      ]),
    );
    const places = [
      { stopA: 2, stopB: 5, walkMinutes: 5 },
      { stopA: 4, stopB: 5, walkMinutes: 5 },
    ];
    // B (not step-free) to B': refused. D to B', both step-free: taken.
    expect(plan([toB, fromAcross], 1, 3, '07:00', stepFree({ rules: rules({ places }) }))).toEqual([]);
    expect(plan([toB, fromAcross], 1, 3, '07:00', { rules: rules({ places }) })).toEqual([
      '08:00-08:40 40:1>2 41:5>3',
    ]);
    expect(plan([toC, fromAcross], 1, 3, '07:00', stepFree({ rules: rules({ places }) }))).toEqual([
      '08:00-08:40 42:1>4 41:5>3',
    ]);
  });

  it('agrees with the simple reference on a random network with random marks', () => {
    // A 32-bit generator taking its high bits (the one above loses its low bits to rounding).
    let seed = 41;
    const random = (n: number) => {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      return Math.floor((seed / 2 ** 32) * n);
    };
    const trips: RideTrip[] = [];
    for (let id = 1; id <= 400; id++) {
      const length = 2 + random(6);
      let minute = 300 + random(900);
      const visits: [number, string][] = [];
      for (let i = 0; i < length; i++) {
        visits.push([1 + random(25), formatTime(minute)]);
        minute += random(15);
      }
      // Two buses in three low-floor; lines 1-5 have few of them (a pattern's trips mixed).
      const t = trip(id, 1 + random(10), visits);
      trips.push(random(3) === 0 || (t.lineId <= 5 && random(2) === 0) ? t : lowFloor(t));
    }
    // Three stops in four step-free.
    const marks = Array.from({ length: 25 }, (_, i) => i + 1).filter(() => random(4) !== 0);
    const changeRules = rules({
      stopMinutes: new Map([
        [3, 0],
        [7, 6],
      ]),
      places: [
        { stopA: 4, stopB: 9, walkMinutes: 4 },
        { stopA: 5, stopB: 6, walkMinutes: 3 },
      ],
    });
    const network = buildDayNetwork(trips, changeRules, marks);
    const marked = new Set(marks);
    const byId = new Map(trips.map((t) => [t.tripId, t]));
    let reached = 0;
    for (let q = 0; q < 400; q++) {
      const from = 1 + random(25);
      const to = 1 + random(25);
      const time = 300 + random(1000);
      const arriveBy = q % 4 === 3;
      const journeys = planJourneys(network, { from, to, time, arriveBy, stepFree: true });
      if (!arriveBy) {
        const earliest = journeys.length === 0 ? null : Math.min(...journeys.map((j) => j.arrive));
        expect(earliest, `${from} -> ${to} at ${formatTime(time)}`).toBe(
          referenceEarliestArrival(trips, changeRules, from, to, time, 4, marked),
        );
      }
      if (journeys.length > 0) reached++;
      for (const j of journeys) {
        if (arriveBy) expect(j.arrive).toBeLessThanOrEqual(time);
        else expect(j.depart).toBeGreaterThanOrEqual(time);
        for (const leg of j.legs) {
          expect(byId.get(leg.tripId)?.stepFree, `trip ${leg.tripId}`).toBe(true);
          expect(
            marked.has(leg.fromStopId) && marked.has(leg.toStopId),
            `${leg.fromStopId}>${leg.toStopId}`,
          ).toBe(true);
        }
      }
    }
    // Not a comparison of empty answers.
    expect(reached).toBeGreaterThan(100);
  });
});
