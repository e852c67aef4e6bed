import { describe, expect, it } from 'vitest';
import { LivePunctualityInput } from '../admin-inputs/live.ts';
import { parseCsv } from '../gtfs/csv.ts';
import { vilniusInstant } from '../vilnius-instant.ts';
import {
  clockDelayMinutes,
  type ObservedDeparture,
  PUNCTUALITY_DEFAULTS,
  type Punctuality,
  type PunctualityReport,
  punctualityCsv,
  punctualityOf,
  punctualityPeriodProblem,
  punctualityTables,
} from './punctuality.ts';

const S = 1000;
const M = 60 * S;
/** 10:00 on a Monday in Vilnius. */
const TEN = vilniusInstant('2026-11-30', 600);

describe('clockDelayMinutes and punctualityOf (defaults: 1 min early to 5 late)', () => {
  it.each<[string, number, number, Punctuality]>([
    ['to the second', 0, 0, 'onTime'],
    ['59 s late: the clock still shows 10:00', 59 * S, 0, 'onTime'],
    ['5 min 59 s late', 5 * M + 59 * S, 5, 'onTime'],
    ['6 min late', 6 * M, 6, 'late'],
    ['an hour late', 60 * M, 60, 'late'],
    ['1 s early: 9:59 on the clock', -1 * S, -1, 'onTime'],
    ['60 s early', -60 * S, -1, 'onTime'],
    ['61 s early: 9:58 on the clock', -61 * S, -2, 'early'],
    ['10 min early', -10 * M, -10, 'early'],
  ])('%s', (_name, delay, minutes, kind) => {
    expect(clockDelayMinutes(TEN, TEN + delay)).toBe(minutes);
    expect(punctualityOf(TEN, TEN + delay, PUNCTUALITY_DEFAULTS)).toBe(kind);
  });

  it.each<[string, { earlyMinutes: number; lateMinutes: number }, number, Punctuality]>([
    ['never early: 1 s before is early', { earlyMinutes: 0, lateMinutes: 5 }, -1 * S, 'early'],
    ['never early: the planned minute is on time', { earlyMinutes: 0, lateMinutes: 5 }, 30 * S, 'onTime'],
    ['to the minute: 1 min late is late', { earlyMinutes: 0, lateMinutes: 0 }, 60 * S, 'late'],
    ['3 min late allowed: 3 min 59 s', { earlyMinutes: 1, lateMinutes: 3 }, 3 * M + 59 * S, 'onTime'],
    ['3 min late allowed: 4 min', { earlyMinutes: 1, lateMinutes: 3 }, 4 * M, 'late'],
    ['2 min early allowed: 2 min early', { earlyMinutes: 2, lateMinutes: 5 }, -2 * M, 'onTime'],
    ['2 min early allowed: 2 min 1 s early', { earlyMinutes: 2, lateMinutes: 5 }, -2 * M - S, 'early'],
  ])('other bounds: %s', (_name, bounds, delay, kind) => {
    expect(punctualityOf(TEN, TEN + delay, bounds)).toBe(kind);
  });
});

describe('punctualityPeriodProblem', () => {
  it.each<[string, string, string, 'order' | 'tooLong' | null]>([
    ['one day', '2026-11-29', '2026-11-29', null],
    ['a week', '2026-11-23', '2026-11-29', null],
    ['366 days', '2026-01-01', '2027-01-01', null],
    ['367 days', '2026-01-01', '2027-01-02', 'tooLong'],
    ['366 days over a leap day', '2028-01-01', '2028-12-31', null],
    ['backwards by a day', '2026-11-29', '2026-11-28', 'order'],
    // Not dates: the dates' own check says so.
    ['not a date', '2026-02-30', '2026-03-01', null],
  ])('%s', (_name, from, until, problem) => {
    expect(punctualityPeriodProblem(from, until)).toBe(problem);
  });
});

describe('LivePunctualityInput', () => {
  const ok = (input: unknown) => LivePunctualityInput.safeParse(input);
  const messages = (input: unknown) => {
    const parsed = ok(input);
    return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
  };
  it('takes a period with the default bounds', () => {
    expect(ok({ from: '2026-11-23', until: '2026-11-29' })).toEqual({
      success: true,
      data: { from: '2026-11-23', until: '2026-11-29', earlyMinutes: 1, lateMinutes: 5 },
    });
  });

  it.each<[string, unknown, string]>([
    [
      'a period backwards',
      { from: '2026-11-29', until: '2026-11-01' },
      'The period ends before it starts: the last date must be on or after the first',
    ],
    [
      'two years',
      { from: '2025-01-01', until: '2026-12-31' },
      'The period is longer than 366 days: choose a shorter one',
    ],
    [
      'no such day',
      { from: '2026-02-30', until: '2026-03-01' },
      'date must be a calendar date written YYYY-MM-DD',
    ],
    [
      'year 9999',
      { from: '2026-01-01', until: '9999-12-31' },
      'A date must be from 2000-01-01 to 2099-12-31',
    ],
    [
      'late by 61 minutes',
      { from: '2026-11-29', until: '2026-11-29', lateMinutes: 61 },
      'Minutes late must be a whole number from 0 to 60',
    ],
    [
      'early by -1 minutes',
      { from: '2026-11-29', until: '2026-11-29', earlyMinutes: -1 },
      'Minutes early must be a whole number from 0 to 60',
    ],
    [
      'half a minute',
      { from: '2026-11-29', until: '2026-11-29', earlyMinutes: 0.5 },
      'Minutes early must be a whole number from 0 to 60',
    ],
  ])('refuses %s', (_name, input, message) => {
    expect(messages(input)).toEqual([message]);
  });
});

/** One observation: line, stop, planned minute of 2026-11-30 and seconds late. */
const seen = (lineId: number, stopId: number, minute: number, lateSeconds: number): ObservedDeparture => {
  const plannedAt = vilniusInstant('2026-11-30', minute);
  return { lineId, stopId, plannedAt, observedAt: plannedAt + lateSeconds * S };
};

describe('punctualityTables', () => {
  it('counts per line, per hour of the planned time in Vilnius and per stop, with the average delay', () => {
    const tables = punctualityTables(
      [
        // Line 7: 07:58 on time, 08:10 late (6 min), 08:20 early (2 min).
        seen(7, 1, 478, 30),
        seen(7, 2, 490, 360),
        seen(7, 1, 500, -120),
        // Line 3: 08:05 a minute late (on time), 23:59 on time.
        seen(3, 2, 485, 60),
        seen(3, 9, 1439, 0),
      ],
      PUNCTUALITY_DEFAULTS,
    );
    expect(tables.total).toEqual({
      observed: 5,
      onTime: 3,
      early: 1,
      late: 1,
      onTimeShare: 0.6,
      // (30 + 360 - 120 + 60 + 0) / 5 s = 66 s = 1.1 min.
      averageDelayMinutes: 1.1,
    });
    expect(tables.byLine.map((r) => [r.lineId, r.observed, r.onTime, r.early, r.late])).toEqual([
      [3, 2, 2, 0, 0],
      [7, 3, 1, 1, 1],
    ]);
    expect(tables.byHour.map((r) => [r.hour, r.observed, r.onTime, r.averageDelayMinutes])).toEqual([
      [7, 1, 1, 0.5],
      [8, 3, 1, 1.7],
      [23, 1, 1, 0],
    ]);
    expect(tables.byStop.map((r) => [r.stopId, r.observed, r.onTimeShare])).toEqual([
      [1, 2, 0.5],
      [2, 2, 0.5],
      [9, 1, 1],
    ]);
  });

  it('nothing observed: zero counts and no share or average', () => {
    expect(punctualityTables([], PUNCTUALITY_DEFAULTS)).toEqual({
      total: { observed: 0, onTime: 0, early: 0, late: 0, onTimeShare: null, averageDelayMinutes: null },
      byLine: [],
      byHour: [],
      byStop: [],
    });
  });

  it('an average of a few seconds early is 0, never -0', () => {
    const { total } = punctualityTables([seen(1, 1, 600, -2)], PUNCTUALITY_DEFAULTS);
    expect(Object.is(total.averageDelayMinutes, 0)).toBe(true);
  });

  it.each([
    // The night clocks go forward (29 March 2026, 03:00 -> 04:00) and back (25 October 2026).
    ['2026-03-29', 120, 2],
    ['2026-03-29', 240, 4],
    ['2026-10-25', 179, 2],
    ['2026-10-25', 181, 3],
    ['2026-07-01', 0, 0],
  ])('the hour of %s minute %i in Vilnius is %i', (date, minute, hour) => {
    const plannedAt = vilniusInstant(date, minute);
    const { byHour } = punctualityTables([{ lineId: 1, stopId: 1, plannedAt, observedAt: plannedAt }], {
      earlyMinutes: 1,
      lateMinutes: 5,
    });
    expect(byHour.map((r) => r.hour)).toEqual([hour]);
  });
});

describe('punctualityCsv', () => {
  const counts = { observed: 4, onTime: 3, early: 0, late: 1, onTimeShare: 0.75, averageDelayMinutes: 2.25 };
  const report: PunctualityReport = {
    from: '2026-11-23',
    until: '2026-11-29',
    earlyMinutes: 1,
    lateMinutes: 5,
    total: counts,
    byLine: [{ ...counts, lineId: 7, lineName: 'Anykščiai–Kurkliai, "per Skiemonis"' }],
    byHour: [{ ...counts, hour: 7 }],
    byStop: [{ ...counts, stopId: 12, stopName: 'Šventoji, tiltas' }],
  };

  it('writes one row per table row, quoting as RFC 4180 says, with a BOM and CRLF', () => {
    const text = punctualityCsv(report);
    expect(text.startsWith('\uFEFFtable,line_id,line,hour,stop_id,stop,observed,on_time,early,late,')).toBe(
      true,
    );
    expect(text.split('\r\n')).toEqual([
      '\uFEFFtable,line_id,line,hour,stop_id,stop,observed,on_time,early,late,on_time_percent,average_delay_minutes',
      'total,,,,,,4,3,0,1,75.0,2.3',
      'line,7,"Anykščiai–Kurkliai, ""per Skiemonis""",,,,4,3,0,1,75.0,2.3',
      'hour,,,07,,,4,3,0,1,75.0,2.3',
      'stop,,,,12,"Šventoji, tiltas",4,3,0,1,75.0,2.3',
      '',
    ]);
  });

  it('reads back with the project’s CSV reader', () => {
    const { rows } = parseCsv(punctualityCsv(report));
    expect(rows[2]?.[2]).toBe('Anykščiai–Kurkliai, "per Skiemonis"');
    expect(rows[4]?.[5]).toBe('Šventoji, tiltas');
  });

  it('an empty period: the total row with empty share and average', () => {
    const empty = { observed: 0, onTime: 0, early: 0, late: 0, onTimeShare: null, averageDelayMinutes: null };
    const text = punctualityCsv({ ...report, total: empty, byLine: [], byHour: [], byStop: [] });
    expect(text.split('\r\n')[1]).toBe('total,,,,,,0,0,0,0,,');
  });
});
