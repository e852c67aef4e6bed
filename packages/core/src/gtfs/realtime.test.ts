import { describe, expect, it } from 'vitest';
import type { ServiceChange } from '../service-changes/types.ts';
import { type RtSources, tripUpdatesFeed } from './realtime.ts';
import { alertsFeed } from './realtime-alerts.ts';
import { build, change, TOWN_CANCEL, TOWN_RETIME, table, town } from './test-town.ts';

/** In the town (test-town.ts): trip 1 runs 1 -> 2 -> 3 on weekdays (07:00, 07:20, 07:30), trip 2 back. */
const CHANGES: ServiceChange[] = [
  TOWN_CANCEL,
  TOWN_RETIME,
  change({ id: 7, kind: 'closure', from: '2026-12-03', until: '2026-12-06', stopIds: [2], effect: 'DETOUR' }),
  change({
    id: 8,
    kind: 'notice',
    from: null,
    until: '2026-12-24',
    titleLt: 'Šventinis eismas',
    textLt: 'Gruodžio 24 d. autobusai važiuoja rečiau.',
    titleEn: 'Holiday service',
    cause: 'HOLIDAY',
    effect: 'REDUCED_SERVICE',
    url: 'https://example.lt/sventes',
  }),
  change({ id: 9, kind: 'notice', from: '2026-11-01', until: '2026-11-30', titleLt: 'Praėjęs' }),
  change({ id: 10, kind: 'notice', from: '2026-12-10', until: null, lineIds: [20], stopIds: [4] }),
];

function sources(today: string, changes = CHANGES): RtSources {
  const feed = build({ changes });
  return {
    dataset: town(),
    changes,
    ids: feed.ids,
    today,
    windowEnd: feed.summary.end,
    timestamp: 1_800_000_000,
  };
}

/** POSIX seconds of a UTC instant. */
const at = (iso: string) => Date.parse(iso) / 1000;

describe('tripUpdatesFeed', () => {
  it('is an empty FULL_DATASET when nothing changes today or tomorrow', () => {
    expect(tripUpdatesFeed(sources('2026-12-01', CHANGES.slice(3)))).toEqual({
      header: { gtfsRealtimeVersion: '2.0', incrementality: 'FULL_DATASET', timestamp: 1_800_000_000 },
      entity: [],
    });
  });

  it("cancels today's trip; tomorrow's changed times and closed stop are /gtfs.zip's variants', not updates of the regular trips", () => {
    // Tomorrow trip 1 runs retimed and without stop 2, trip 2 without stop 2: /gtfs.zip runs
    // their variants that day ('1-r5-x2', '2-x2'), so an update naming '1' or '2' would name a
    // trip that does not run then (issue 40).
    const { entity } = tripUpdatesFeed(sources('2026-12-02'));
    expect(entity).toEqual([
      {
        id: '20261202-1',
        tripUpdate: {
          trip: { tripId: '1', routeId: '10', startDate: '20261202', scheduleRelationship: 'CANCELED' },
          stopTimeUpdate: [],
          timestamp: 1_800_000_000,
        },
      },
    ]);
    expect(table(build({ changes: CHANGES }).files, 'trips.txt').map((t) => t.trip_id)).toEqual(
      expect.arrayContaining(['1', '1-r6-x2', '2-x2']),
    );
  });

  it('names only trips that run that date by the regular timetable; one left with one stop is cancelled', () => {
    // 2026-12-05 is a Saturday, 12-06 a Sunday, both with stop 2 closed: trips 1 and 2 run on
    // weekdays only; trip 3 (1 -> 2) on winter Sundays, left with stop 1 alone: it carries
    // nobody, and /gtfs.zip does not run it that day.
    const { entity } = tripUpdatesFeed(sources('2026-12-05'));
    expect(entity.map((e) => [e.id, e.tripUpdate?.trip.scheduleRelationship])).toEqual([
      ['20261206-3', 'CANCELED'],
    ]);
  });
});

describe('alertsFeed', () => {
  it('makes every current and upcoming change an alert, past ones left out', () => {
    const { header, entity } = alertsFeed(sources('2026-12-02'));
    expect(header.incrementality).toBe('FULL_DATASET');
    expect(entity.map((e) => e.id)).toEqual(['change-5', 'change-6', 'change-7', 'change-8', 'change-10']);
    expect(alertsFeed(sources('2026-12-03')).entity.map((e) => e.id)).not.toContain('change-5');
  });

  it('gives the Vilnius days as the active period, an open end left out', () => {
    const alerts = new Map(alertsFeed(sources('2026-12-02')).entity.map((e) => [e.id, e.alert]));
    expect(alerts.get('change-6')?.activePeriod).toEqual([
      { start: at('2026-12-02T22:00:00Z'), end: at('2026-12-04T22:00:00Z') },
    ]);
    expect(alerts.get('change-7')?.activePeriod).toEqual([
      { start: at('2026-12-02T22:00:00Z'), end: at('2026-12-06T22:00:00Z') },
    ]);
    expect(alerts.get('change-10')?.activePeriod).toEqual([{ start: at('2026-12-09T22:00:00Z') }]);
    expect(alerts.get('change-8')?.activePeriod).toEqual([{ end: at('2026-12-24T22:00:00Z') }]);
  });

  it('names the dated trips of a cancel or retime, a closed stop, the lines and stops of a notice, the network by agency', () => {
    const alerts = new Map(alertsFeed(sources('2026-12-02')).entity.map((e) => [e.id, e.alert]));
    expect(alerts.get('change-5')?.informedEntity).toEqual([
      { trip: { tripId: '1', routeId: '10', startDate: '20261202' } },
    ]);
    expect(alerts.get('change-6')?.informedEntity).toEqual([
      { trip: { tripId: '1', routeId: '10', startDate: '20261203' } },
      { trip: { tripId: '1', routeId: '10', startDate: '20261204' } },
    ]);
    expect(alerts.get('change-7')?.informedEntity).toEqual([{ stopId: '2' }]);
    expect(alerts.get('change-8')?.informedEntity).toEqual([{ agencyId: 'uab-vezejas' }]);
    // Stop 4 has no time in any trip, so the static feed does not hold it.
    expect(alerts.get('change-10')?.informedEntity).toEqual([{ routeId: '20' }]);
  });

  it('says it in Lithuanian and English (English falls back to Lithuanian), with cause, effect and link', () => {
    const alerts = new Map(alertsFeed(sources('2026-12-02')).entity.map((e) => [e.id, e.alert]));
    expect(alerts.get('change-8')).toMatchObject({
      cause: 'HOLIDAY',
      effect: 'REDUCED_SERVICE',
      url: { translation: [{ text: 'https://example.lt/sventes' }] },
      headerText: {
        translation: [
          { text: 'Šventinis eismas', language: 'lt' },
          { text: 'Holiday service', language: 'en' },
        ],
      },
      descriptionText: {
        translation: [
          { text: 'Gruodžio 24 d. autobusai važiuoja rečiau.', language: 'lt' },
          { text: 'Gruodžio 24 d. autobusai važiuoja rečiau.', language: 'en' },
        ],
      },
    });
    expect(alerts.get('change-10')?.headerText.translation).toEqual([
      { text: 'Pakeitimas 10', language: 'lt' },
      { text: 'Pakeitimas 10', language: 'en' },
    ]);
    expect(alerts.get('change-10')?.descriptionText).toBeUndefined();
  });

  // Issue 37: a change saved before dates were bounded ("until 9999-12-31") failed the whole
  // feed with 'Year out of range: 10000' for everyone.
  it.each([
    [
      'until 9999-12-31',
      { from: '2026-12-01', until: '9999-12-31' },
      { start: '2026-11-30T22:00:00Z', end: '2099-12-31T22:00:00Z' },
    ],
    [
      'from 0001-01-01',
      { from: '0001-01-01', until: '2026-12-24' },
      { start: '1999-12-31T22:00:00Z', end: '2026-12-24T22:00:00Z' },
    ],
    [
      'from 0000-01-01 until 9999-12-31',
      { from: '0000-01-01', until: '9999-12-31' },
      { start: '1999-12-31T22:00:00Z', end: '2099-12-31T22:00:00Z' },
    ],
    ['dates that are none (2100-02-29)', { from: '2100-02-29', until: 'soon' }, null],
  ])('reads a stored change %s inside the stored dates, never throwing', (_what, dates, period) => {
    const stored = change({ id: 11, kind: 'notice', ...dates, lineIds: [10], titleLt: 'Ilgai' });
    const feed = alertsFeed(sources('2026-12-02', [stored]));
    expect(feed.entity.map((e) => e.id)).toEqual(['change-11']);
    expect(feed.entity[0]?.alert?.activePeriod).toEqual(
      period === null ? [] : [{ start: at(period.start), end: at(period.end) }],
    );
  });
});
