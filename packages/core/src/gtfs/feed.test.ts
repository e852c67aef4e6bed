import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';
import { agencyId, describeFeedProblem } from './feed.ts';
import { EMPTY_PUBLISHING_SETTINGS } from './publishing.ts';
import { build, stopTimeLines, table, town } from './test-town.ts';

describe('buildFeed', () => {
  it('builds a feed the validator passes, with no problems', () => {
    const feed = build();
    expect(feed.problems).toEqual([]);
    expect(feed.warnings).toEqual([]);
    expect(feed.summary).toEqual({
      start: '2026-12-01',
      end: '2027-01-29',
      version: '20261120T080000Z',
      agencies: 1,
      stops: 3,
      routes: 2,
      trips: 3,
      stopTimes: 8,
      services: 2,
    });
  });

  it('writes the stop times in travel order, without untimed stops, nobody boarding at the end', () => {
    const rows = stopTimeLines(build().files);
    expect(rows).toEqual([
      // Out: 1 -> (4, no time) -> 2 -> 3
      '1 1 0 07:00:00 0 1',
      '1 2 2 07:20:00 0 0',
      '1 3 3 07:30:00 1 0',
      // Back, the route reversed: 3 -> 2 -> (4, no time) -> 1
      '2 3 0 16:00:00 0 1',
      '2 2 1 16:10:00 0 0',
      '2 1 3 16:30:00 1 0',
      '3 1 0 09:00:00 0 1',
      '3 2 1 09:05:00 1 0',
    ]);
    expect(table(build().files, 'stops.txt').map((s) => s.stop_id)).toEqual(['1', '2', '3']);
  });

  it('says step-free travel as staff set it: 1 yes, 2 no, 0 not known (issue 41)', () => {
    const dataset = town();
    const [first, second] = dataset.stops;
    if (first) first.stepFree = 'yes';
    if (second) second.stepFree = 'no';
    const schedule = dataset.schedules[0];
    if (schedule) schedule.stepFree = 'yes';
    const feed = build({ dataset });
    expect(feed.problems).toEqual([]);
    expect(table(feed.files, 'stops.txt').map((s) => [s.stop_id, s.wheelchair_boarding])).toEqual([
      ['1', '1'],
      ['2', '2'],
      ['3', '0'],
    ]);
    const trips = table(feed.files, 'trips.txt');
    const ofSchedule = new Set(schedule?.trips.map((t) => String(t.id)));
    for (const trip of trips)
      expect(trip.wheelchair_accessible, `trip ${trip.trip_id}`).toBe(
        ofSchedule.has(trip.trip_id ?? '') ? '1' : '0',
      );
  });

  it('names trips by their last stop and direction, routes by line, agencies by operator', () => {
    const { files } = build();
    expect(table(files, 'trips.txt')).toEqual([
      {
        route_id: '10',
        service_id: '1000',
        trip_id: '1',
        trip_headsign: 'Miškas, "Pušynas"',
        direction_id: '0',
        wheelchair_accessible: '0',
      },
      {
        route_id: '10',
        service_id: '1000',
        trip_id: '2',
        trip_headsign: 'Stotis',
        direction_id: '1',
        wheelchair_accessible: '0',
      },
      {
        route_id: '20',
        service_id: '2000',
        trip_id: '3',
        trip_headsign: 'Kaimas',
        direction_id: '',
        wheelchair_accessible: '0',
      },
    ]);
    expect(table(files, 'routes.txt')[0]).toEqual({
      route_id: '10',
      agency_id: 'uab-vezejas',
      route_short_name: 'M1',
      route_long_name: 'Stotis – Miškas',
      route_type: '3',
      route_url: 'https://autobusai.example.lt/browse/10',
    });
    expect(table(files, 'agency.txt')).toEqual([
      {
        agency_id: 'uab-vezejas',
        agency_name: 'UAB „Vežėjas“',
        agency_url: 'https://vezejas.example.lt',
        agency_timezone: 'Europe/Vilnius',
        agency_lang: 'lt',
        agency_phone: '',
      },
    ]);
    expect(table(files, 'feed_info.txt')).toEqual([
      {
        feed_publisher_name: 'Savivaldybė',
        feed_publisher_url: 'https://autobusai.example.lt',
        feed_lang: 'lt',
        feed_start_date: '20261201',
        feed_end_date: '20270129',
        feed_version: '20261120T080000Z',
        feed_contact_email: '',
        feed_contact_url: 'https://example.lt/kontaktai',
      },
    ]);
  });

  it('compiles the services: weekdays less the holiday, winter Sundays with the holiday', () => {
    const { files } = build();
    expect(table(files, 'calendar.txt')).toEqual([
      {
        service_id: '1000',
        monday: '1',
        tuesday: '1',
        wednesday: '1',
        thursday: '1',
        friday: '1',
        saturday: '0',
        sunday: '0',
        start_date: '20261201',
        end_date: '20270129',
      },
      {
        service_id: '2000',
        monday: '0',
        tuesday: '0',
        wednesday: '0',
        thursday: '0',
        friday: '0',
        saturday: '0',
        sunday: '1',
        start_date: '20261206',
        end_date: '20270124',
      },
    ]);
    // 2027-01-01 is a Friday and a holiday: schedule 1000 does not run; 2000 runs on Sundays only.
    expect(table(files, 'calendar_dates.txt')).toEqual([
      { service_id: '1000', date: '20270101', exception_type: '2' },
    ]);
  });

  it('quotes what needs quoting', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          { a: 'x, "y"', b: 1 },
          { a: null, b: 'line\nbreak' },
        ],
      ),
    ).toBe('a,b\r\n"x, ""y""",1\r\n,"line\nbreak"\r\n');
    expect(agencyId('UAB „Vežėjas“')).toBe('uab-vezejas');
    expect(agencyId('„“')).toBe('operator');
  });

  it('names every problem that keeps the feed back', () => {
    const dataset = town();
    (dataset.stops[1] as { position?: unknown }).position = undefined;
    (dataset.lines[1] as { operator: string | null }).operator = null;
    const trip = dataset.schedules[0]?.trips[0];
    if (trip) trip.timeList = ['07:00', null, '07:20', '07:10'];
    const feed = build({ dataset, settings: { ...EMPTY_PUBLISHING_SETTINGS, windowDays: 60 } });
    expect(feed.problems).toEqual([
      { kind: 'setting', field: 'siteUrl' },
      { kind: 'setting', field: 'publisherName' },
      { kind: 'setting', field: 'publisherContact' },
      {
        kind: 'timesBackwards',
        lineId: 10,
        lineName: 'M1',
        scheduleId: 1000,
        tripId: 1,
        stopName: 'Miškas, "Pušynas"',
        from: '07:20',
        to: '07:10',
      },
      { kind: 'lineOperator', lineId: 20, lineName: 'M2' },
      { kind: 'operatorUrl', operator: 'UAB „Vežėjas“' },
      { kind: 'stopPosition', stopId: 2, stopName: 'Kaimas' },
    ]);
    expect(feed.problems.map(describeFeedProblem)).toEqual([
      'Publishing settings: the site address is not set',
      'Publishing settings: the publisher name is not set',
      'Publishing settings: the publisher contact is not set',
      'Line M1, schedule 1000, trip 1: the time goes backwards at Miškas, "Pušynas" (07:20 -> 07:10)',
      'Line M2 (line 20) has no operator',
      'Publishing settings: operator UAB „Vežėjas“ has no web address',
      'Stop Kaimas (stop 2) has no position',
    ]);
  });

  it('names a running trip whose direction contradicts its stop order, not one outside the window', () => {
    const dataset = town();
    // Trip 2 is City bound but now drives from the station outwards; trip 4 (summer only, not in
    // the window) becomes an Out bound trip ending at the station.
    const [first, , summer] = dataset.schedules;
    if (first?.trips[1]) first.trips[1].routeDirReversed = false;
    if (first?.trips[1]) first.trips[1].timeList = ['16:00', null, '16:10', '16:30'];
    if (summer?.trips[0]) Object.assign(summer.trips[0], { boundFor: 'Out bound', routeDirReversed: true });
    const feed = build({ dataset });
    expect(feed.problems).toEqual([
      {
        kind: 'directionMismatch',
        lineId: 10,
        lineName: 'M1',
        scheduleId: 1000,
        tripId: 2,
        boundFor: 'City bound',
        firstStopName: 'Stotis',
        lastStopName: 'Miškas, "Pušynas"',
      },
    ]);
    expect(feed.problems.map(describeFeedProblem)).toEqual([
      'Line M1, schedule 1000, trip 2: City bound, but it starts at Stotis and ends at Miškas, "Pušynas"',
    ]);
  });

  it('a window in which nothing runs is a problem of its own', () => {
    const dataset = town();
    dataset.schedules = dataset.schedules.filter((s) => s.id === 3000);
    expect(build({ dataset }).problems).toEqual([{ kind: 'noService' }]);
  });
});
