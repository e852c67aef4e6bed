import type { TimetableDataset } from '../dataset.ts';
import type { ServiceChange } from '../service-changes/types.ts';
import { staticRule } from '../test-rules.ts';
import { parseCsv } from './csv.ts';
import { buildFeed, type FeedInput } from './feed.ts';
import type { PublishingSettings } from './publishing.ts';

// The small town the GTFS feed tests build their feeds of (feed.test.ts, feed-changes.test.ts,
// realtime.test.ts).

/**
 * A small town: the station (1), two villages (2, 3) and a stop no trip has a time at (4).
 * Line 10 runs out and back on weekdays; line 20 runs only in winter, on Sundays.
 */
export function town(): TimetableDataset {
  const position = (lat: number) => ({ lat, lon: 25.1 });
  return {
    format: 'bus-timetable',
    version: 1,
    stops: [
      { id: 1, name: 'Stotis', coords: null, defaultOption: true, position: position(55.5) },
      { id: 2, name: 'Kaimas', coords: 'prie bažnyčios', defaultOption: false, position: position(55.6) },
      { id: 3, name: 'Miškas, "Pušynas"', coords: null, defaultOption: false, position: position(55.7) },
      { id: 4, name: 'Niekur', coords: null, defaultOption: false, position: position(55.8) },
    ],
    holidays: [{ id: 1, name: 'Naujieji metai', month: 1, day: 1 }],
    yearlyRules: [
      { ...staticRule(1), periodName: 'Visus metus' },
      {
        id: 2,
        periodName: 'Žiemą',
        typeOfYearlyRule: null,
        otherRuleId: null,
        timePeriods: [{ id: 1, startMonth: 11, startDay: 4, endMonth: 4, endDay: 14 }],
        pattern1Params: [],
      },
      {
        id: 3,
        periodName: 'Vasarą',
        typeOfYearlyRule: null,
        otherRuleId: null,
        timePeriods: [{ id: 2, startMonth: 6, startDay: 1, endMonth: 8, endDay: 31 }],
        pattern1Params: [],
      },
    ],
    lines: [
      {
        id: 10,
        name: 'M1',
        routeStart: 'Stotis',
        routeEnd: 'Miškas',
        routeType: 'Regional Bus',
        operator: 'UAB „Vežėjas“',
        anykStationPlatform: null,
        price: null,
        via: null,
        enabledSeasonalYearlyRuleFilter: false,
        customNotes: [],
        routes: [
          { id: 100, routeNotes: 'pagrindinis', stopIds: [1, 4, 2, 3], distanceMeters: [null, null, null] },
        ],
      },
      {
        id: 20,
        name: 'M2',
        routeStart: 'Stotis',
        routeEnd: 'Kaimas',
        routeType: 'City Bus',
        operator: 'UAB „Vežėjas“',
        anykStationPlatform: null,
        price: null,
        via: null,
        enabledSeasonalYearlyRuleFilter: false,
        customNotes: [],
        routes: [{ id: 200, routeNotes: 'ratu', stopIds: [1, 2], distanceMeters: [null] }],
      },
    ],
    schedules: [
      {
        id: 1000,
        lineId: 10,
        runsOnWeekly: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'],
        runsOnYearlyId: 1,
        runsOnPublicHolidays: false,
        timeConstraintsDescription: null,
        trips: [
          {
            id: 1,
            boundFor: 'Out bound',
            routeId: 100,
            routeDirReversed: false,
            timeList: ['07:00', null, '07:20', '07:30'],
          },
          {
            id: 2,
            boundFor: 'City bound',
            routeId: 100,
            routeDirReversed: true,
            timeList: ['16:00', '16:10', null, '16:30'],
          },
        ],
      },
      {
        id: 2000,
        lineId: 20,
        runsOnWeekly: ['SUNDAY'],
        runsOnYearlyId: 2,
        runsOnPublicHolidays: true,
        timeConstraintsDescription: null,
        trips: [
          { id: 3, boundFor: 'One way', routeId: 200, routeDirReversed: false, timeList: ['09:00', '09:05'] },
        ],
      },
      {
        // Summer only: never in a window from December to February.
        id: 3000,
        lineId: 20,
        runsOnWeekly: ['SATURDAY'],
        runsOnYearlyId: 3,
        runsOnPublicHolidays: false,
        timeConstraintsDescription: null,
        trips: [
          { id: 4, boundFor: 'One way', routeId: 200, routeDirReversed: false, timeList: ['10:00', '10:05'] },
        ],
      },
    ],
  };
}

export const SETTINGS: PublishingSettings = {
  siteUrl: 'https://autobusai.example.lt/',
  publisherName: 'Savivaldybė',
  publisherContact: 'https://example.lt/kontaktai',
  operators: [{ name: 'UAB „Vežėjas“', url: 'https://vezejas.example.lt', phone: null }],
  windowDays: 60,
};

export function build(overrides: Partial<FeedInput> = {}) {
  return buildFeed({
    dataset: town(),
    settings: SETTINGS,
    start: '2026-12-01',
    version: '20261120T080000Z',
    ...overrides,
  });
}

/** A file of the feed as records, by column name. */
export function table(files: Map<string, string>, name: string): Record<string, string>[] {
  const text = files.get(name);
  if (text === undefined) throw new Error(`no ${name}`);
  const [header = [], ...rows] = parseCsv(text).rows;
  return rows.map((row) => Object.fromEntries(header.map((column, i) => [column, row[i] ?? ''])));
}

/** A service change as the admin save stores it; the notice words do not matter here. */
export function change(fields: Partial<ServiceChange> & Pick<ServiceChange, 'id' | 'kind'>): ServiceChange {
  const none = { from: null, until: null, shiftMinutes: null, insteadStopId: null, reason: null, url: null };
  const names = { lineIds: [], stopIds: [], tripIds: [], stopTimes: [] };
  const words = { titleLt: `Pakeitimas ${fields.id}`, textLt: null, titleEn: null, textEn: null };
  return { ...none, ...names, ...words, cause: 'UNKNOWN_CAUSE', effect: 'NO_SERVICE', ...fields };
}

/** Trip 1 cancelled on 2026-12-02, and 15 minutes later on 12-03 and 12-04 with 07:50 typed at its last stop. */
export const TOWN_CANCEL = change({
  id: 5,
  kind: 'cancel',
  from: '2026-12-02',
  until: '2026-12-02',
  tripIds: [1],
  lineIds: [10],
});
export const TOWN_RETIME = change({
  id: 6,
  kind: 'retime',
  from: '2026-12-03',
  until: '2026-12-04',
  tripIds: [1],
  lineIds: [10],
  shiftMinutes: 15,
  stopTimes: [{ tripId: 1, index: 3, time: '07:50' }],
  effect: 'SIGNIFICANT_DELAYS',
});

/** stop_times.txt as 'trip stop sequence departure pickup drop-off' lines. */
export function stopTimeLines(files: Map<string, string>): string[] {
  return table(files, 'stop_times.txt').map((r) =>
    [r.trip_id, r.stop_id, r.stop_sequence, r.departure_time, r.pickup_type, r.drop_off_type].join(' '),
  );
}
