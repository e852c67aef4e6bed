import { describe, expect, it } from 'vitest';
import { readCsv } from './csv.ts';
import { type GtfsNotice, StreamedFile, validateGtfs } from './validate.ts';

const TODAY = '2026-03-01';

/** One agency, three stops, one route, one trip over the three stops, weekdays of 2026. */
function validFeed(): Map<string, string> {
  return new Map([
    [
      'agency.txt',
      'agency_id,agency_name,agency_url,agency_timezone,agency_lang,agency_phone\n' +
        'A1,Anykščių autobusai,https://autobusai.example.lt,Europe/Vilnius,lt,+370 381 00000\n',
    ],
    [
      'stops.txt',
      'stop_id,stop_name,stop_lat,stop_lon,location_type,parent_station\n' +
        'S1,Anykščiai,55.5248,25.1043,,\n' +
        'S2,Kavarskas,55.4333,24.9333,,\n' +
        'S3,Troškūnai,55.5869,24.8711,,\n',
    ],
    [
      'routes.txt',
      'route_id,agency_id,route_short_name,route_long_name,route_type,route_url\n' +
        'R1,A1,1,Anykščiai–Troškūnai,3,https://autobusai.example.lt/r/1\n',
    ],
    ['trips.txt', 'route_id,service_id,trip_id,direction_id\nR1,WD,T1,0\n'],
    [
      'stop_times.txt',
      'trip_id,arrival_time,departure_time,stop_id,stop_sequence,pickup_type,drop_off_type\n' +
        'T1,08:00:00,08:00:00,S1,1,0,1\n' +
        'T1,08:10:00,08:11:00,S2,2,0,0\n' +
        'T1,08:25:00,08:25:00,S3,3,1,0\n',
    ],
    [
      'calendar.txt',
      'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\n' +
        'WD,1,1,1,1,1,0,0,20260101,20261231\n',
    ],
    ['calendar_dates.txt', 'service_id,date,exception_type\nWD,20260501,2\n'],
    [
      'feed_info.txt',
      'feed_publisher_name,feed_publisher_url,feed_lang,feed_start_date,feed_end_date,feed_contact_email,feed_contact_url\n' +
        'Anykščių rajono savivaldybė,https://www.anyksciai.example.lt,lt,20260101,20261231,info@anyksciai.example.lt,https://www.anyksciai.example.lt/kontaktai\n',
    ],
  ]);
}

type Feed = Map<string, string>;
type Change = (feed: Feed) => void;

function text(feed: Feed, file: string): string {
  const content = feed.get(file);
  if (content === undefined) throw new Error(`the test feed has no ${file}`);
  return content;
}

/** Replaces the one occurrence of `from`; a change that matches nothing or twice is a broken test. */
function replace(file: string, from: string, to: string): Change {
  return (feed) => {
    const content = text(feed, file);
    const at = content.indexOf(from);
    if (at === -1 || content.indexOf(from, at + 1) !== -1)
      throw new Error(`'${from}' is not once in ${file}`);
    feed.set(file, content.slice(0, at) + to + content.slice(at + from.length));
  };
}

function remove(file: string): Change {
  return (feed) => {
    text(feed, file);
    feed.delete(file);
  };
}

function put(file: string, content: string): Change {
  return (feed) => feed.set(file, content);
}

function appendRow(file: string, row: string): Change {
  return (feed) => feed.set(file, `${text(feed, file)}${row}\n`);
}

/** Adds a column: its header and one value per data row. */
function addColumn(file: string, name: string, ...values: string[]): Change {
  return (feed) => {
    const lines = text(feed, file).trimEnd().split('\n');
    if (lines.length !== values.length + 1) throw new Error(`${file} has ${lines.length - 1} rows`);
    feed.set(file, `${lines.map((line, i) => `${line},${i === 0 ? name : values[i - 1]}`).join('\n')}\n`);
  };
}

function all(...changes: Change[]): Change {
  return (feed) => {
    for (const change of changes) change(feed);
  };
}

const secondAgency = appendRow('agency.txt', 'A2,Kitas vežėjas,https://kitas.example.lt,Europe/Vilnius,lt,');

/**
 * GTFS Fares v2 (issue 41): route R1 is network N1; any ride 1.50 € (pupils 0.75 €; 1.20 € by
 * card), from S1 (area A1) to S2 or S3 (area A2) the same on the weekday service, free at peak.
 */
const withFares = all(
  put(
    'timeframes.txt',
    'timeframe_group_id,start_time,end_time,service_id\nTF,,,WD\nPEAK,07:00:00,09:00:00,WD\nPEAK,16:00:00,18:00:00,WD\n',
  ),
  put(
    'rider_categories.txt',
    'rider_category_id,rider_category_name,is_default_fare_category,eligibility_url\n' +
      'ADULT,Suaugę,1,\nPUPIL,Moksleiviai,0,https://autobusai.example.lt/nuolaidos\n',
  ),
  put('fare_media.txt', 'fare_media_id,fare_media_name,fare_media_type\nTICKET,Bilietas,1\nCARD,Kortelė,2\n'),
  put(
    'fare_products.txt',
    'fare_product_id,fare_product_name,rider_category_id,fare_media_id,amount,currency\n' +
      'P150,Bilietas,ADULT,TICKET,1.50,EUR\nP150,Bilietas,PUPIL,TICKET,0.75,EUR\nP150,Bilietas,ADULT,CARD,1.20,EUR\n' +
      'FREE,Nemokamai,,,0.00,EUR\n',
  ),
  put(
    'fare_leg_rules.txt',
    'network_id,from_area_id,to_area_id,from_timeframe_group_id,to_timeframe_group_id,fare_product_id,rule_priority\n' +
      'N1,,,,,P150,0\nN1,A1,A2,TF,,P150,1\nN1,A1,A2,PEAK,,FREE,2\n',
  ),
  put('areas.txt', 'area_id,area_name\nA1,Centras\nA2,Kaimai\n'),
  put('stop_areas.txt', 'area_id,stop_id\nA1,S1\nA2,S2\nA2,S3\n'),
  put('networks.txt', 'network_id,network_name\nN1,Rajonas\n'),
  put('route_networks.txt', 'network_id,route_id\nN1,R1\n'),
);

/** The fares above with a change to them. */
const fares = (...changes: Change[]) => all(withFares, ...changes);

/**
 * The fares above with transfers (issue 41's through fares): the rules in leg groups; from the
 * A1 -> A2 group to any ride, the transfer's product alone within an hour of arriving (a through
 * fare); a second ride within 90 minutes of the first's departure free (one transfer).
 */
const withTransfers = fares(
  put(
    'fare_leg_rules.txt',
    'leg_group_id,network_id,from_area_id,to_area_id,from_timeframe_group_id,to_timeframe_group_id,fare_product_id,rule_priority\n' +
      'G0,N1,,,,,P150,0\nG1,N1,A1,A2,TF,,P150,1\n,N1,A1,A2,PEAK,,FREE,2\n',
  ),
  put(
    'fare_transfer_rules.txt',
    'from_leg_group_id,to_leg_group_id,transfer_count,duration_limit,duration_limit_type,fare_transfer_type,fare_product_id\n' +
      'G1,G0,,3600,2,2,P150\nG0,G0,1,5400,1,0,\n',
  ),
);
const transfers = (...changes: Change[]) => all(withTransfers, ...changes);

function validate(change?: Change): GtfsNotice[] {
  const feed = validFeed();
  change?.(feed);
  return validateGtfs(feed, { today: TODAY });
}

describe('validateGtfs', () => {
  it('finds nothing wrong in a valid feed', () => {
    expect(validate()).toEqual([]);
  });

  it.each<[string, Change]>([
    [
      'CRLF line ends and a BOM',
      (feed) => feed.set('stops.txt', `\uFEFF${text(feed, 'stops.txt').replaceAll('\n', '\r\n')}`),
    ],
    [
      'a quoted value with a comma and a quote',
      replace('stops.txt', 'S2,Kavarskas,', 'S2,"Kavarskas, ""centras""",'),
    ],
    [
      'times past midnight and with one-digit hours',
      replace('stop_times.txt', '08:25:00,08:25:00', '8:25:00,25:10:00'),
    ],
    [
      'stop_times listed backwards, ordered by stop_sequence',
      (feed) => {
        const [header, ...rows] = text(feed, 'stop_times.txt').trimEnd().split('\n');
        feed.set('stop_times.txt', `${[header, ...rows.reverse()].join('\n')}\n`);
      },
    ],
    ['a middle stop time without times', replace('stop_times.txt', 'T1,08:10:00,08:11:00', 'T1,,')],
    [
      'one agency without agency_id',
      all(
        replace('agency.txt', 'agency_id,agency_name', 'agency_name'),
        replace('agency.txt', 'A1,Anykščių', 'Anykščių'),
        replace('routes.txt', 'route_id,agency_id,', 'route_id,'),
        replace('routes.txt', 'R1,A1,', 'R1,'),
      ),
    ],
    [
      'an unused station and a nameless generic node',
      all(
        appendRow('stops.txt', 'ST1,Anykščių stotis,55.525,25.104,1,'),
        appendRow('stops.txt', 'N1,,,,3,ST1'),
        replace('stops.txt', 'S1,Anykščiai,55.5248,25.1043,,', 'S1,Anykščiai,55.5248,25.1043,0,ST1'),
      ),
    ],
    [
      'a trip whose service is only in calendar_dates.txt',
      all(
        appendRow('calendar_dates.txt', 'HOL,20260302,1'),
        appendRow('trips.txt', 'R1,HOL,T2,0'),
        appendRow('stop_times.txt', 'T2,10:00:00,10:00:00,S1,1,0,1'),
        appendRow('stop_times.txt', 'T2,10:30:00,10:30:00,S3,2,1,0'),
      ),
    ],
    [
      'only calendar_dates.txt',
      all(
        remove('calendar.txt'),
        put('calendar_dates.txt', 'service_id,date,exception_type\nWD,20260302,1\n'),
      ),
    ],
    ['a zone Node 20 does not list (Europe/Kyiv)', replace('agency.txt', 'Europe/Vilnius', 'Europe/Kyiv')],
    ['UTC as the time zone', replace('agency.txt', 'Europe/Vilnius', 'UTC')],
    ['a feed that ends in exactly 30 days', replace('feed_info.txt', '20261231,info', '20260331,info')],
    ['an extended route type', replace('routes.txt', ',3,https', ',700,https')],
    [
      'another standard file (shapes.txt)',
      put('shapes.txt', 'shape_id,shape_pt_lat,shape_pt_lon,shape_pt_sequence\nSH,55.5,25.1,1\n'),
    ],
    ['fares (GTFS Fares v2)', withFares],
    ['fares with transfer rules (through fares)', withTransfers],
    [
      'fares with the network in routes.txt',
      fares(
        remove('networks.txt'),
        remove('route_networks.txt'),
        addColumn('routes.txt', 'network_id', 'N1'),
      ),
    ],
    [
      'fares for any rider, without rider categories, fare media, timeframes or rule priorities',
      all(
        put('fare_products.txt', 'fare_product_id,amount,currency\nP1,1.00,EUR\nP0,0,JPY\n'),
        put('fare_leg_rules.txt', 'network_id,fare_product_id\n,P1\n'),
      ),
    ],
    [
      'an empty is_default_fare_category (not the default)',
      fares(replace('rider_categories.txt', 'PUPIL,Moksleiviai,0,', 'PUPIL,Moksleiviai,,')),
    ],
    [
      'a timeframe until 24:00:00, after one that ends when it starts',
      fares(appendRow('timeframes.txt', 'PEAK,18:00:00,24:00:00,WD')),
    ],
    [
      'the same timeframe times on another service',
      fares(
        appendRow('calendar_dates.txt', 'HOL,20260302,1'),
        appendRow('timeframes.txt', 'PEAK,07:00:00,09:00:00,HOL'),
      ),
    ],
  ])('finds nothing wrong with %s', (_, change) => {
    expect(validate(change)).toEqual([]);
  });

  interface Case {
    change: Change;
    expected: Omit<GtfsNotice, 'message'>;
    /** False where the change also causes other notices of the same severity (the comment says which). */
    alone?: boolean;
  }

  const cases: [string, Case][] = [
    ...['agency.txt', 'stops.txt', 'routes.txt', 'trips.txt', 'stop_times.txt'].map(
      (file): [string, Case] => [
        `no ${file}`,
        { change: remove(file), expected: { code: 'missing_required_file', severity: 'ERROR', file } },
      ],
    ),
    [
      'neither calendar file',
      {
        change: all(remove('calendar.txt'), remove('calendar_dates.txt')),
        expected: { code: 'missing_calendar_and_calendar_date_files', severity: 'ERROR' },
      },
    ],
    [
      'agency.txt without agency_timezone',
      {
        change: replace('agency.txt', 'agency_timezone', 'timezone'),
        expected: {
          code: 'missing_required_column',
          severity: 'ERROR',
          file: 'agency.txt',
          field: 'agency_timezone',
        },
      },
    ],
    [
      'stops.txt without stop_id',
      {
        change: replace('stops.txt', 'stop_id', 'stop_code'),
        expected: { code: 'missing_required_column', severity: 'ERROR', file: 'stops.txt', field: 'stop_id' },
      },
    ],
    [
      'routes.txt without route_type',
      {
        change: replace('routes.txt', 'route_type', 'route_kind'),
        expected: {
          code: 'missing_required_column',
          severity: 'ERROR',
          file: 'routes.txt',
          field: 'route_type',
        },
      },
    ],
    [
      'trips.txt without service_id',
      {
        change: replace('trips.txt', 'service_id', 'service'),
        expected: {
          code: 'missing_required_column',
          severity: 'ERROR',
          file: 'trips.txt',
          field: 'service_id',
        },
      },
    ],
    [
      'stop_times.txt without stop_sequence',
      {
        change: replace('stop_times.txt', 'stop_sequence', 'sequence'),
        expected: {
          code: 'missing_required_column',
          severity: 'ERROR',
          file: 'stop_times.txt',
          field: 'stop_sequence',
        },
      },
    ],
    [
      'calendar.txt without monday',
      {
        change: replace('calendar.txt', 'monday', 'mon'),
        expected: {
          code: 'missing_required_column',
          severity: 'ERROR',
          file: 'calendar.txt',
          field: 'monday',
        },
      },
    ],
    [
      'calendar_dates.txt without exception_type',
      {
        change: replace('calendar_dates.txt', 'exception_type', 'type'),
        expected: {
          code: 'missing_required_column',
          severity: 'ERROR',
          file: 'calendar_dates.txt',
          field: 'exception_type',
        },
      },
    ],
    [
      'feed_info.txt without feed_lang',
      {
        change: replace('feed_info.txt', 'feed_lang', 'lang'),
        expected: {
          code: 'missing_required_column',
          severity: 'ERROR',
          file: 'feed_info.txt',
          field: 'feed_lang',
        },
      },
    ],
    [
      'two agencies and no agency_id column',
      {
        change: all(
          replace('agency.txt', 'agency_id,agency_name', 'agency_name'),
          replace('agency.txt', 'A1,Anykščių', 'Anykščių'),
          appendRow('agency.txt', 'Kitas vežėjas,https://kitas.example.lt,Europe/Vilnius,lt,'),
          replace('routes.txt', 'route_id,agency_id,', 'route_id,'),
          replace('routes.txt', 'R1,A1,', 'R1,'),
        ),
        expected: {
          code: 'missing_required_column',
          severity: 'ERROR',
          file: 'agency.txt',
          field: 'agency_id',
        },
        // routes.txt then lacks the column too.
        alone: false,
      },
    ],
    [
      'an empty stop_name',
      {
        change: replace('stops.txt', 'S2,Kavarskas,', 'S2,,'),
        expected: {
          code: 'missing_required_field',
          severity: 'ERROR',
          file: 'stops.txt',
          row: 3,
          field: 'stop_name',
        },
      },
    ],
    [
      'an empty stop_lat of a stop',
      {
        change: replace('stops.txt', 'S1,Anykščiai,55.5248,', 'S1,Anykščiai,,'),
        expected: {
          code: 'missing_required_field',
          severity: 'ERROR',
          file: 'stops.txt',
          row: 2,
          field: 'stop_lat',
        },
      },
    ],
    [
      'an empty stop_lon of a station',
      {
        change: appendRow('stops.txt', 'ST1,Anykščių stotis,55.525,,1,'),
        expected: {
          code: 'missing_required_field',
          severity: 'ERROR',
          file: 'stops.txt',
          row: 5,
          field: 'stop_lon',
        },
      },
    ],
    [
      'an empty agency_name',
      {
        change: replace('agency.txt', 'A1,Anykščių autobusai,', 'A1,,'),
        expected: {
          code: 'missing_required_field',
          severity: 'ERROR',
          file: 'agency.txt',
          row: 2,
          field: 'agency_name',
        },
      },
    ],
    [
      'an empty agency_id among two agencies',
      {
        change: appendRow('agency.txt', ',Kitas vežėjas,https://kitas.example.lt,Europe/Vilnius,lt,'),
        expected: {
          code: 'missing_required_field',
          severity: 'ERROR',
          file: 'agency.txt',
          row: 3,
          field: 'agency_id',
        },
      },
    ],
    [
      'a route without agency_id when there are two agencies',
      {
        change: all(secondAgency, replace('routes.txt', 'R1,A1,', 'R1,,')),
        expected: {
          code: 'missing_required_field',
          severity: 'ERROR',
          file: 'routes.txt',
          row: 2,
          field: 'agency_id',
        },
      },
    ],
    [
      'an unterminated quote',
      {
        change: replace('calendar_dates.txt', 'WD,20260501', 'WD,"20260501'),
        expected: { code: 'csv_parsing_failed', severity: 'ERROR', file: 'calendar_dates.txt', row: 2 },
      },
    ],
    [
      'a row with an extra value',
      {
        change: replace('calendar_dates.txt', 'WD,20260501,2', 'WD,20260501,2,x'),
        expected: { code: 'invalid_row_length', severity: 'ERROR', file: 'calendar_dates.txt', row: 2 },
      },
    ],
    [
      'a route of an unknown agency',
      {
        change: replace('routes.txt', 'R1,A1,', 'R1,A9,'),
        expected: {
          code: 'foreign_key_violation',
          severity: 'ERROR',
          file: 'routes.txt',
          row: 2,
          field: 'agency_id',
        },
      },
    ],
    [
      'a trip of an unknown route',
      {
        change: replace('trips.txt', 'R1,WD,', 'R9,WD,'),
        expected: {
          code: 'foreign_key_violation',
          severity: 'ERROR',
          file: 'trips.txt',
          row: 2,
          field: 'route_id',
        },
      },
    ],
    [
      'a trip of an unknown service',
      {
        change: replace('trips.txt', 'R1,WD,', 'R1,XX,'),
        expected: {
          code: 'foreign_key_violation',
          severity: 'ERROR',
          file: 'trips.txt',
          row: 2,
          field: 'service_id',
        },
      },
    ],
    [
      'a stop time of an unknown trip',
      {
        change: replace('stop_times.txt', 'T1,08:25:00', 'T9,08:25:00'),
        expected: {
          code: 'foreign_key_violation',
          severity: 'ERROR',
          file: 'stop_times.txt',
          row: 4,
          field: 'trip_id',
        },
      },
    ],
    [
      'a stop time at an unknown stop (S3 becomes S9)',
      {
        change: replace('stop_times.txt', ',S3,', ',S9,'),
        expected: {
          code: 'foreign_key_violation',
          severity: 'ERROR',
          file: 'stop_times.txt',
          row: 4,
          field: 'stop_id',
        },
      },
    ],
    [
      'an unknown parent_station',
      {
        change: replace('stops.txt', '24.8711,,', '24.8711,,S9'),
        expected: {
          code: 'foreign_key_violation',
          severity: 'ERROR',
          file: 'stops.txt',
          row: 4,
          field: 'parent_station',
        },
      },
    ],
    [
      'a repeated agency_id',
      {
        change: appendRow('agency.txt', 'A1,Kitas vežėjas,https://kitas.example.lt,Europe/Vilnius,lt,'),
        expected: {
          code: 'duplicate_key',
          severity: 'ERROR',
          file: 'agency.txt',
          row: 3,
          field: 'agency_id',
        },
      },
    ],
    [
      'a repeated stop_id',
      {
        change: appendRow('stops.txt', 'S3,Troškūnų kaimas,55.6,24.9,,'),
        expected: { code: 'duplicate_key', severity: 'ERROR', file: 'stops.txt', row: 5, field: 'stop_id' },
      },
    ],
    [
      'a repeated route_id',
      {
        change: appendRow('routes.txt', 'R1,A1,2,Anykščiai–Kavarskas,3,'),
        expected: { code: 'duplicate_key', severity: 'ERROR', file: 'routes.txt', row: 3, field: 'route_id' },
      },
    ],
    [
      'a repeated trip_id',
      {
        change: appendRow('trips.txt', 'R1,WD,T1,1'),
        expected: { code: 'duplicate_key', severity: 'ERROR', file: 'trips.txt', row: 3, field: 'trip_id' },
      },
    ],
    [
      'a repeated trip_id and stop_sequence',
      {
        change: appendRow('stop_times.txt', 'T1,08:30:00,08:30:00,S3,3,1,0'),
        expected: {
          code: 'duplicate_key',
          severity: 'ERROR',
          file: 'stop_times.txt',
          row: 5,
          field: 'stop_sequence',
        },
      },
    ],
    [
      'a repeated calendar service_id',
      {
        change: appendRow('calendar.txt', 'WD,0,0,0,0,0,1,1,20260101,20261231'),
        expected: {
          code: 'duplicate_key',
          severity: 'ERROR',
          file: 'calendar.txt',
          row: 3,
          field: 'service_id',
        },
      },
    ],
    [
      'a repeated calendar_dates service_id and date',
      {
        change: appendRow('calendar_dates.txt', 'WD,20260501,1'),
        expected: {
          code: 'duplicate_key',
          severity: 'ERROR',
          file: 'calendar_dates.txt',
          row: 3,
          field: 'date',
        },
      },
    ],
    [
      'a departure_time with one-digit minutes',
      {
        change: replace('stop_times.txt', '08:10:00,08:11:00', '08:10:00,8:1:00'),
        expected: {
          code: 'invalid_time',
          severity: 'ERROR',
          file: 'stop_times.txt',
          row: 3,
          field: 'departure_time',
        },
      },
    ],
    [
      'an arrival_time with 60 minutes',
      {
        change: replace('stop_times.txt', '08:10:00,08:11:00', '08:60:00,08:11:00'),
        expected: {
          code: 'invalid_time',
          severity: 'ERROR',
          file: 'stop_times.txt',
          row: 3,
          field: 'arrival_time',
        },
      },
    ],
    [
      'a calendar start_date of 29 February 2026',
      {
        change: replace('calendar.txt', '20260101,', '20260229,'),
        expected: {
          code: 'invalid_date',
          severity: 'ERROR',
          file: 'calendar.txt',
          row: 2,
          field: 'start_date',
        },
      },
    ],
    [
      'a calendar_dates date in month 13',
      {
        change: replace('calendar_dates.txt', '20260501', '20261301'),
        expected: {
          code: 'invalid_date',
          severity: 'ERROR',
          file: 'calendar_dates.txt',
          row: 2,
          field: 'date',
        },
      },
    ],
    [
      'a feed_end_date written with dashes',
      {
        change: replace('feed_info.txt', '20261231', '2026-12-31'),
        expected: {
          code: 'invalid_date',
          severity: 'ERROR',
          file: 'feed_info.txt',
          row: 2,
          field: 'feed_end_date',
        },
      },
    ],
    [
      'an agency_timezone that is no zone',
      {
        change: replace('agency.txt', 'Europe/Vilnius', 'Europe/Anyksciai'),
        expected: {
          code: 'invalid_timezone',
          severity: 'ERROR',
          file: 'agency.txt',
          row: 2,
          field: 'agency_timezone',
        },
      },
    ],
    [
      'an agency_timezone in the wrong case',
      {
        change: replace('agency.txt', 'Europe/Vilnius', 'europe/vilnius'),
        expected: {
          code: 'invalid_timezone',
          severity: 'ERROR',
          file: 'agency.txt',
          row: 2,
          field: 'agency_timezone',
        },
      },
    ],
    [
      'a stop_timezone that is an offset',
      {
        change: addColumn('stops.txt', 'stop_timezone', '', '', '+02:00'),
        expected: {
          code: 'invalid_timezone',
          severity: 'ERROR',
          file: 'stops.txt',
          row: 4,
          field: 'stop_timezone',
        },
      },
    ],
    [
      'an agency_url without a scheme',
      {
        change: replace('agency.txt', 'https://autobusai.example.lt,', 'autobusai.example.lt,'),
        expected: { code: 'invalid_url', severity: 'ERROR', file: 'agency.txt', row: 2, field: 'agency_url' },
      },
    ],
    [
      'an agency_fare_url with mailto:',
      {
        change: addColumn('agency.txt', 'agency_fare_url', 'mailto:info@example.lt'),
        expected: {
          code: 'invalid_url',
          severity: 'ERROR',
          file: 'agency.txt',
          row: 2,
          field: 'agency_fare_url',
        },
      },
    ],
    [
      'an ftp route_url',
      {
        change: replace('routes.txt', 'https://autobusai.example.lt/r/1', 'ftp://autobusai.example.lt/r/1'),
        expected: { code: 'invalid_url', severity: 'ERROR', file: 'routes.txt', row: 2, field: 'route_url' },
      },
    ],
    [
      'a relative stop_url',
      {
        change: addColumn('stops.txt', 'stop_url', '/stops/1', '', ''),
        expected: { code: 'invalid_url', severity: 'ERROR', file: 'stops.txt', row: 2, field: 'stop_url' },
      },
    ],
    [
      'a feed_publisher_url with a space in the host',
      {
        change: replace(
          'feed_info.txt',
          'https://www.anyksciai.example.lt,',
          'https://www.anyksciai example.lt,',
        ),
        expected: {
          code: 'invalid_url',
          severity: 'ERROR',
          file: 'feed_info.txt',
          row: 2,
          field: 'feed_publisher_url',
        },
      },
    ],
    [
      'a feed_contact_url that is not a URL',
      {
        change: replace('feed_info.txt', 'https://www.anyksciai.example.lt/kontaktai', 'kontaktai'),
        expected: {
          code: 'invalid_url',
          severity: 'ERROR',
          file: 'feed_info.txt',
          row: 2,
          field: 'feed_contact_url',
        },
      },
    ],
    [
      'a feed_contact_email without a domain dot',
      {
        change: replace('feed_info.txt', 'info@anyksciai.example.lt', 'info@localhost'),
        expected: {
          code: 'invalid_email',
          severity: 'ERROR',
          file: 'feed_info.txt',
          row: 2,
          field: 'feed_contact_email',
        },
      },
    ],
    [
      'an agency_email with a space',
      {
        change: addColumn('agency.txt', 'agency_email', 'info @example.lt'),
        expected: {
          code: 'invalid_email',
          severity: 'ERROR',
          file: 'agency.txt',
          row: 2,
          field: 'agency_email',
        },
      },
    ],
    [
      'a fractional stop_sequence',
      {
        change: replace('stop_times.txt', 'S2,2,', 'S2,2.5,'),
        expected: {
          code: 'invalid_integer',
          severity: 'ERROR',
          file: 'stop_times.txt',
          row: 3,
          field: 'stop_sequence',
        },
      },
    ],
    [
      'a route_type in words',
      {
        change: replace('routes.txt', ',3,https', ',bus,https'),
        expected: {
          code: 'invalid_integer',
          severity: 'ERROR',
          file: 'routes.txt',
          row: 2,
          field: 'route_type',
        },
      },
    ],
    [
      'a stop_lat in words',
      {
        change: replace('stops.txt', '55.4333', 'north'),
        expected: { code: 'invalid_float', severity: 'ERROR', file: 'stops.txt', row: 3, field: 'stop_lat' },
      },
    ],
    [
      'a stop_lon with two decimal points',
      {
        change: replace('stops.txt', '24.9333', '24.93.33'),
        expected: { code: 'invalid_float', severity: 'ERROR', file: 'stops.txt', row: 3, field: 'stop_lon' },
      },
    ],
    ...(
      [
        ['route_type 9', replace('routes.txt', ',3,https', ',9,https'), 'routes.txt', 2, 'route_type'],
        ['route_type 1703', replace('routes.txt', ',3,https', ',1703,https'), 'routes.txt', 2, 'route_type'],
        ['direction_id 2', replace('trips.txt', 'T1,0', 'T1,2'), 'trips.txt', 2, 'direction_id'],
        [
          'pickup_type 4',
          replace('stop_times.txt', 'S2,2,0,0', 'S2,2,4,0'),
          'stop_times.txt',
          3,
          'pickup_type',
        ],
        [
          'drop_off_type 4',
          replace('stop_times.txt', 'S2,2,0,0', 'S2,2,0,4'),
          'stop_times.txt',
          3,
          'drop_off_type',
        ],
        [
          'stop_sequence -1',
          replace('stop_times.txt', 'S1,1,', 'S1,-1,'),
          'stop_times.txt',
          2,
          'stop_sequence',
        ],
        ['location_type 5', replace('stops.txt', '24.9333,,', '24.9333,5,'), 'stops.txt', 3, 'location_type'],
        [
          'exception_type 3',
          replace('calendar_dates.txt', '20260501,2', '20260501,3'),
          'calendar_dates.txt',
          2,
          'exception_type',
        ],
        ['monday 2', replace('calendar.txt', 'WD,1,', 'WD,2,'), 'calendar.txt', 2, 'monday'],
        ['stop_lat 91', replace('stops.txt', '55.4333', '91'), 'stops.txt', 3, 'stop_lat'],
        ['stop_lon -181', replace('stops.txt', '24.9333', '-181'), 'stops.txt', 3, 'stop_lon'],
      ] as const
    ).map(([name, change, file, row, field]): [string, Case] => [
      name,
      { change, expected: { code: 'number_out_of_range', severity: 'ERROR', file, row, field } },
    ]),
    [
      'an arrival before the previous departure',
      {
        change: replace('stop_times.txt', 'T1,08:10:00,08:11:00', 'T1,07:50:00,08:11:00'),
        expected: {
          code: 'stop_time_with_arrival_before_previous_departure_time',
          severity: 'ERROR',
          file: 'stop_times.txt',
          row: 3,
          field: 'arrival_time',
        },
      },
    ],
    [
      'an arrival before the last departure given, past a stop without times',
      {
        change: all(
          replace('stop_times.txt', 'T1,08:10:00,08:11:00', 'T1,,'),
          replace('stop_times.txt', 'T1,08:25:00', 'T1,07:59:00'),
        ),
        expected: {
          code: 'stop_time_with_arrival_before_previous_departure_time',
          severity: 'ERROR',
          file: 'stop_times.txt',
          row: 4,
          field: 'arrival_time',
        },
      },
    ],
    [
      'a first stop without arrival_time',
      {
        change: replace('stop_times.txt', 'T1,08:00:00,08:00:00', 'T1,,08:00:00'),
        expected: {
          code: 'missing_trip_edge',
          severity: 'ERROR',
          file: 'stop_times.txt',
          row: 2,
          field: 'arrival_time',
        },
      },
    ],
    [
      'a last stop without departure_time',
      {
        change: replace('stop_times.txt', 'T1,08:25:00,08:25:00', 'T1,08:25:00,'),
        expected: {
          code: 'missing_trip_edge',
          severity: 'ERROR',
          file: 'stop_times.txt',
          row: 4,
          field: 'departure_time',
        },
      },
    ],
    [
      'a route without names',
      {
        change: replace('routes.txt', 'R1,A1,1,Anykščiai–Troškūnai,', 'R1,A1,,,'),
        expected: {
          code: 'route_both_short_and_long_name_missing',
          severity: 'ERROR',
          file: 'routes.txt',
          row: 2,
        },
      },
    ],
    [
      'agencies in two time zones',
      {
        change: appendRow('agency.txt', 'A2,Rygos autobusai,https://riga.example.lv,Europe/Riga,lv,'),
        expected: {
          code: 'inconsistent_agency_timezone',
          severity: 'ERROR',
          file: 'agency.txt',
          row: 3,
          field: 'agency_timezone',
        },
      },
    ],
    [
      'a stop_name with a leading space',
      {
        change: replace('stops.txt', 'S2,Kavarskas,', 'S2, Kavarskas,'),
        expected: {
          code: 'leading_or_trailing_whitespaces',
          severity: 'ERROR',
          file: 'stops.txt',
          row: 3,
          field: 'stop_name',
        },
      },
    ],
    [
      'a stop_id reference with a trailing tab (still found once trimmed)',
      {
        change: replace('stop_times.txt', ',S2,', ',S2\t,'),
        expected: {
          code: 'leading_or_trailing_whitespaces',
          severity: 'ERROR',
          file: 'stop_times.txt',
          row: 3,
          field: 'stop_id',
        },
      },
    ],
    [
      'a quoted stop_name with a line break',
      {
        change: replace('stops.txt', 'S2,Kavarskas,', 'S2,"Kavars\nkas",'),
        expected: {
          code: 'new_line_in_value',
          severity: 'ERROR',
          file: 'stops.txt',
          row: 3,
          field: 'stop_name',
        },
      },
    ],
    [
      'a stop_name with a lone carriage return',
      {
        change: replace('stops.txt', 'S2,Kavarskas,', 'S2,Kavars\rkas,'),
        expected: {
          code: 'new_line_in_value',
          severity: 'ERROR',
          file: 'stops.txt',
          row: 3,
          field: 'stop_name',
        },
      },
    ],
    [
      'a calendar that ends before it starts',
      {
        change: replace('calendar.txt', '20260101,20261231', '20261231,20260101'),
        expected: {
          code: 'start_and_end_range_out_of_order',
          severity: 'ERROR',
          file: 'calendar.txt',
          row: 2,
          field: 'start_date',
        },
      },
    ],
    [
      'a feed that ends before it starts',
      {
        change: replace('feed_info.txt', '20260101,20261231', '20270101,20261231'),
        expected: {
          code: 'start_and_end_range_out_of_order',
          severity: 'ERROR',
          file: 'feed_info.txt',
          row: 2,
          field: 'feed_start_date',
        },
      },
    ],
    [
      'a feed that ends in 29 days',
      {
        change: replace('feed_info.txt', '20261231,info', '20260330,info'),
        expected: {
          code: 'feed_expiration_date30_days',
          severity: 'WARNING',
          file: 'feed_info.txt',
          row: 2,
          field: 'feed_end_date',
        },
      },
    ],
    [
      'a feed that ends in 7 days (not 7 days short yet)',
      {
        change: replace('feed_info.txt', '20261231,info', '20260308,info'),
        expected: {
          code: 'feed_expiration_date30_days',
          severity: 'WARNING',
          file: 'feed_info.txt',
          row: 2,
          field: 'feed_end_date',
        },
      },
    ],
    [
      'a feed that ends in 6 days',
      {
        change: replace('feed_info.txt', '20261231,info', '20260307,info'),
        expected: {
          code: 'feed_expiration_date7_days',
          severity: 'WARNING',
          file: 'feed_info.txt',
          row: 2,
          field: 'feed_end_date',
        },
      },
    ],
    [
      'a feed that has ended',
      {
        change: replace('feed_info.txt', '20261231,info', '20260201,info'),
        expected: {
          code: 'feed_expiration_date7_days',
          severity: 'WARNING',
          file: 'feed_info.txt',
          row: 2,
          field: 'feed_end_date',
        },
      },
    ],
    [
      'an empty feed_start_date',
      {
        change: replace('feed_info.txt', ',20260101,', ',,'),
        expected: {
          code: 'missing_feed_info_date',
          severity: 'WARNING',
          file: 'feed_info.txt',
          row: 2,
          field: 'feed_start_date',
        },
      },
    ],
    [
      'no feed_end_date column',
      {
        change: put(
          'feed_info.txt',
          'feed_publisher_name,feed_publisher_url,feed_lang,feed_start_date\nSavivaldybė,https://example.lt,lt,20260101\n',
        ),
        expected: {
          code: 'missing_feed_info_date',
          severity: 'WARNING',
          file: 'feed_info.txt',
          row: 2,
          field: 'feed_end_date',
        },
      },
    ],
    [
      'a trip without stop times',
      {
        change: appendRow('trips.txt', 'R1,WD,T2,1'),
        expected: { code: 'unused_trip', severity: 'WARNING', file: 'trips.txt', row: 3, field: 'trip_id' },
      },
    ],
    [
      'a trip with one stop time',
      {
        change: all(
          appendRow('trips.txt', 'R1,WD,T2,1'),
          appendRow('stop_times.txt', 'T2,09:00:00,09:00:00,S1,1,0,0'),
        ),
        expected: { code: 'unusable_trip', severity: 'WARNING', file: 'trips.txt', row: 3, field: 'trip_id' },
      },
    ],
    [
      'a stop no trip uses',
      {
        change: appendRow('stops.txt', 'S4,Svėdasai,55.6833,25.3667,0,'),
        expected: { code: 'unused_stop', severity: 'WARNING', file: 'stops.txt', row: 5, field: 'stop_id' },
      },
    ],
    [
      'two routes with the same names',
      {
        change: appendRow('routes.txt', 'R2,A1,1,Anykščiai–Troškūnai,3,'),
        expected: { code: 'duplicate_route_name', severity: 'WARNING', file: 'routes.txt', row: 3 },
      },
    ],
    [
      'a header-only calendar_dates.txt',
      {
        change: put('calendar_dates.txt', 'service_id,date,exception_type\n'),
        expected: { code: 'empty_file', severity: 'WARNING', file: 'calendar_dates.txt' },
      },
    ],
    [
      'a blank calendar_dates.txt',
      {
        change: put('calendar_dates.txt', ''),
        expected: { code: 'empty_file', severity: 'WARNING', file: 'calendar_dates.txt' },
      },
    ],
    // GTFS Fares v2 (issue 41).
    [
      'fare_leg_rules.txt without fare_product_id',
      {
        change: fares(replace('fare_leg_rules.txt', ',fare_product_id,', ',product,')),
        expected: {
          code: 'missing_required_column',
          severity: 'ERROR',
          file: 'fare_leg_rules.txt',
          field: 'fare_product_id',
        },
      },
    ],
    [
      'a fare leg rule without a product',
      {
        change: fares(replace('fare_leg_rules.txt', 'N1,,,,,P150,0', 'N1,,,,,,0')),
        expected: {
          code: 'missing_required_field',
          severity: 'ERROR',
          file: 'fare_leg_rules.txt',
          row: 2,
          field: 'fare_product_id',
        },
      },
    ],
    [
      'rider_categories.txt without is_default_fare_category',
      {
        change: fares(
          put(
            'rider_categories.txt',
            'rider_category_id,rider_category_name\nADULT,Suaugę\nPUPIL,Moksleiviai\n',
          ),
        ),
        expected: {
          code: 'missing_required_column',
          severity: 'ERROR',
          file: 'rider_categories.txt',
          field: 'is_default_fare_category',
        },
      },
    ],
    [
      'a rider category without a name',
      {
        change: fares(replace('rider_categories.txt', 'PUPIL,Moksleiviai,', 'PUPIL,,')),
        expected: {
          code: 'missing_required_field',
          severity: 'ERROR',
          file: 'rider_categories.txt',
          row: 3,
          field: 'rider_category_name',
        },
      },
    ],
    [
      'is_default_fare_category 2',
      {
        change: fares(replace('rider_categories.txt', 'PUPIL,Moksleiviai,0,', 'PUPIL,Moksleiviai,2,')),
        expected: {
          code: 'number_out_of_range',
          severity: 'ERROR',
          file: 'rider_categories.txt',
          row: 3,
          field: 'is_default_fare_category',
        },
      },
    ],
    [
      'an eligibility_url that is not one',
      {
        change: fares(replace('rider_categories.txt', 'https://autobusai.example.lt/nuolaidos', 'nuolaidos')),
        expected: {
          code: 'invalid_url',
          severity: 'ERROR',
          file: 'rider_categories.txt',
          row: 3,
          field: 'eligibility_url',
        },
      },
    ],
    [
      'fare_media_type 5',
      {
        change: fares(replace('fare_media.txt', 'TICKET,Bilietas,1', 'TICKET,Bilietas,5')),
        expected: {
          code: 'number_out_of_range',
          severity: 'ERROR',
          file: 'fare_media.txt',
          row: 2,
          field: 'fare_media_type',
        },
      },
    ],
    [
      'a transit card without a name',
      {
        change: fares(replace('fare_media.txt', 'CARD,Kortelė,2', 'CARD,,2')),
        expected: {
          code: 'missing_recommended_field',
          severity: 'WARNING',
          file: 'fare_media.txt',
          row: 3,
          field: 'fare_media_name',
        },
      },
    ],
    [
      'two fare media of the same name and type',
      {
        change: fares(appendRow('fare_media.txt', 'PAPER,Bilietas,1')),
        expected: { code: 'duplicate_fare_media', severity: 'WARNING', file: 'fare_media.txt', row: 4 },
      },
    ],
    [
      'two fare media of one id',
      {
        change: fares(appendRow('fare_media.txt', 'CARD,Kita kortelė,2')),
        expected: {
          code: 'duplicate_key',
          severity: 'ERROR',
          file: 'fare_media.txt',
          row: 4,
          field: 'fare_media_id',
        },
      },
    ],
    [
      'an amount that is not a number',
      {
        change: fares(replace('fare_products.txt', 'TICKET,1.50,EUR', 'TICKET,1,50 €,EUR')),
        expected: { code: 'invalid_row_length', severity: 'ERROR', file: 'fare_products.txt', row: 2 },
      },
    ],
    [
      'an amount written with words',
      {
        change: fares(replace('fare_products.txt', 'TICKET,1.50,EUR', 'TICKET,pusantro,EUR')),
        expected: {
          code: 'invalid_float',
          severity: 'ERROR',
          file: 'fare_products.txt',
          row: 2,
          field: 'amount',
        },
      },
    ],
    [
      'an amount without the currency’s two decimal places',
      {
        change: fares(replace('fare_products.txt', 'TICKET,1.50,EUR', 'TICKET,1.5,EUR')),
        expected: {
          code: 'invalid_currency_amount',
          severity: 'ERROR',
          file: 'fare_products.txt',
          row: 2,
          field: 'amount',
        },
      },
    ],
    [
      'yen with decimal places',
      {
        change: fares(replace('fare_products.txt', 'FREE,Nemokamai,,,0.00,EUR', 'FREE,Nemokamai,,,0.00,JPY')),
        expected: {
          code: 'invalid_currency_amount',
          severity: 'ERROR',
          file: 'fare_products.txt',
          row: 5,
          field: 'amount',
        },
      },
    ],
    [
      'a currency that is none',
      {
        change: fares(replace('fare_products.txt', 'TICKET,1.50,EUR', 'TICKET,1.50,Eur')),
        expected: {
          code: 'invalid_currency',
          severity: 'ERROR',
          file: 'fare_products.txt',
          row: 2,
          field: 'currency',
        },
      },
    ],
    [
      'a fare product without a currency',
      {
        change: fares(replace('fare_products.txt', 'TICKET,1.50,EUR', 'TICKET,1.50,')),
        expected: {
          code: 'missing_required_field',
          severity: 'ERROR',
          file: 'fare_products.txt',
          row: 2,
          field: 'currency',
        },
      },
    ],
    [
      'a fare product twice for the same riders and medium',
      {
        change: fares(appendRow('fare_products.txt', 'P150,Bilietas,PUPIL,TICKET,0.80,EUR')),
        expected: {
          code: 'duplicate_key',
          severity: 'ERROR',
          file: 'fare_products.txt',
          row: 6,
          field: 'fare_media_id',
        },
      },
    ],
    [
      'a fare product for any rider and medium twice',
      {
        change: fares(appendRow('fare_products.txt', 'FREE,Nemokamai,,,0.00,EUR')),
        expected: {
          code: 'duplicate_key',
          severity: 'ERROR',
          file: 'fare_products.txt',
          row: 6,
          field: 'fare_media_id',
        },
      },
    ],
    [
      'a fare product with two default rider categories',
      {
        change: fares(
          appendRow('rider_categories.txt', 'SENIOR,Senjorai,1,'),
          appendRow('fare_products.txt', 'P150,Bilietas,SENIOR,TICKET,0.50,EUR'),
        ),
        expected: {
          code: 'fare_product_with_multiple_default_rider_categories',
          severity: 'ERROR',
          file: 'fare_products.txt',
          row: 6,
          field: 'rider_category_id',
        },
      },
    ],
    [
      'a fare product of an unknown rider category',
      {
        change: fares(replace('fare_products.txt', 'P150,Bilietas,PUPIL,', 'P150,Bilietas,PUPILS,')),
        expected: {
          code: 'foreign_key_violation',
          severity: 'ERROR',
          file: 'fare_products.txt',
          row: 3,
          field: 'rider_category_id',
        },
      },
    ],
    [
      'fare products of rider categories without rider_categories.txt',
      {
        change: fares(remove('rider_categories.txt')),
        expected: {
          code: 'foreign_key_violation',
          severity: 'ERROR',
          file: 'fare_products.txt',
          row: 2,
          field: 'rider_category_id',
        },
        // Each product row that names one: three.
        alone: false,
      },
    ],
    [
      'a fare product of an unknown fare medium',
      {
        change: fares(replace('fare_products.txt', 'ADULT,CARD,', 'ADULT,APP,')),
        expected: {
          code: 'foreign_key_violation',
          severity: 'ERROR',
          file: 'fare_products.txt',
          row: 4,
          field: 'fare_media_id',
        },
      },
    ],
    [
      'a fare leg rule of an unknown product',
      {
        change: fares(replace('fare_leg_rules.txt', 'PEAK,,FREE,', 'PEAK,,GRATIS,')),
        expected: {
          code: 'foreign_key_violation',
          severity: 'ERROR',
          file: 'fare_leg_rules.txt',
          row: 4,
          field: 'fare_product_id',
        },
      },
    ],
    [
      'a fare leg rule from an unknown area',
      {
        change: fares(replace('fare_leg_rules.txt', 'N1,A1,A2,TF', 'N1,A9,A2,TF')),
        expected: {
          code: 'foreign_key_violation',
          severity: 'ERROR',
          file: 'fare_leg_rules.txt',
          row: 3,
          field: 'from_area_id',
        },
      },
    ],
    [
      'a fare leg rule to an area without areas.txt',
      {
        change: fares(
          remove('areas.txt'),
          put('stop_areas.txt', 'area_id,stop_id\n'),
          put('fare_leg_rules.txt', 'network_id,to_area_id,fare_product_id\nN1,A2,P150\n'),
        ),
        expected: {
          code: 'foreign_key_violation',
          severity: 'ERROR',
          file: 'fare_leg_rules.txt',
          row: 2,
          field: 'to_area_id',
        },
        // stop_areas.txt has a header only (empty_file, a warning); the leg rules lost their timeframes.
        alone: false,
      },
    ],
    [
      'a fare leg rule in an unknown timeframe',
      {
        change: fares(replace('fare_leg_rules.txt', 'N1,A1,A2,TF,', 'N1,A1,A2,NIGHT,')),
        expected: {
          code: 'foreign_key_violation',
          severity: 'ERROR',
          file: 'fare_leg_rules.txt',
          row: 3,
          field: 'from_timeframe_group_id',
        },
      },
    ],
    [
      'a fare leg rule ending in an unknown timeframe',
      {
        change: fares(replace('fare_leg_rules.txt', 'N1,A1,A2,TF,,', 'N1,A1,A2,TF,NIGHT,')),
        expected: {
          code: 'foreign_key_violation',
          severity: 'ERROR',
          file: 'fare_leg_rules.txt',
          row: 3,
          field: 'to_timeframe_group_id',
        },
      },
    ],
    [
      'a fare leg rule of an unknown network',
      {
        change: fares(replace('fare_leg_rules.txt', 'N1,,,,,P150', 'N2,,,,,P150')),
        expected: {
          code: 'foreign_key_violation',
          severity: 'ERROR',
          file: 'fare_leg_rules.txt',
          row: 2,
          field: 'network_id',
        },
      },
    ],
    [
      'a fare leg rule of a network no route has, without networks.txt',
      {
        change: fares(
          remove('networks.txt'),
          remove('route_networks.txt'),
          addColumn('routes.txt', 'network_id', 'N2'),
        ),
        expected: {
          code: 'foreign_key_violation',
          severity: 'ERROR',
          file: 'fare_leg_rules.txt',
          row: 2,
          field: 'network_id',
        },
        // Every rule names N1.
        alone: false,
      },
    ],
    [
      'the same fare leg rule twice',
      {
        change: fares(appendRow('fare_leg_rules.txt', 'N1,,,,,P150,3')),
        expected: {
          code: 'duplicate_key',
          severity: 'ERROR',
          file: 'fare_leg_rules.txt',
          row: 5,
          field: 'fare_product_id',
        },
      },
    ],
    [
      'a transfer from a leg group no leg rule has',
      {
        change: transfers(replace('fare_transfer_rules.txt', 'G1,G0,,', 'G9,G0,,')),
        expected: {
          code: 'foreign_key_violation',
          severity: 'ERROR',
          file: 'fare_transfer_rules.txt',
          row: 2,
          field: 'from_leg_group_id',
        },
      },
    ],
    [
      'a transfer to a leg group no leg rule has',
      {
        change: transfers(replace('fare_transfer_rules.txt', 'G0,G0,1', 'G0,G7,')),
        expected: {
          code: 'foreign_key_violation',
          severity: 'ERROR',
          file: 'fare_transfer_rules.txt',
          row: 3,
          field: 'to_leg_group_id',
        },
      },
    ],
    [
      'a transfer product that is not in fare_products.txt',
      {
        change: transfers(replace('fare_transfer_rules.txt', ',2,2,P150', ',2,2,P999')),
        expected: {
          code: 'foreign_key_violation',
          severity: 'ERROR',
          file: 'fare_transfer_rules.txt',
          row: 2,
          field: 'fare_product_id',
        },
      },
    ],
    [
      'a transfer without fare_transfer_type',
      {
        change: transfers(replace('fare_transfer_rules.txt', ',2,2,P150', ',2,,P150')),
        expected: {
          code: 'missing_required_field',
          severity: 'ERROR',
          file: 'fare_transfer_rules.txt',
          row: 2,
          field: 'fare_transfer_type',
        },
      },
    ],
    [
      'a fare_transfer_type that is none',
      {
        change: transfers(replace('fare_transfer_rules.txt', ',2,2,P150', ',2,3,P150')),
        expected: {
          code: 'number_out_of_range',
          severity: 'ERROR',
          file: 'fare_transfer_rules.txt',
          row: 2,
          field: 'fare_transfer_type',
        },
      },
    ],
    [
      'a duration limit of no time',
      {
        change: transfers(replace('fare_transfer_rules.txt', ',3600,', ',0,')),
        expected: {
          code: 'number_out_of_range',
          severity: 'ERROR',
          file: 'fare_transfer_rules.txt',
          row: 2,
          field: 'duration_limit',
        },
      },
    ],
    [
      'a duration limit without its type',
      {
        change: transfers(replace('fare_transfer_rules.txt', ',3600,2,', ',3600,,')),
        expected: {
          code: 'fare_transfer_rule_duration_limit_without_type',
          severity: 'ERROR',
          file: 'fare_transfer_rules.txt',
          row: 2,
          field: 'duration_limit_type',
        },
      },
    ],
    [
      'a duration limit type without a limit',
      {
        change: transfers(replace('fare_transfer_rules.txt', ',3600,2,', ',,2,')),
        expected: {
          code: 'fare_transfer_rule_duration_limit_type_without_duration_limit',
          severity: 'ERROR',
          file: 'fare_transfer_rules.txt',
          row: 2,
          field: 'duration_limit',
        },
      },
    ],
    [
      'a transfer within one leg group without a transfer_count',
      {
        change: transfers(replace('fare_transfer_rules.txt', 'G0,G0,1,', 'G0,G0,,')),
        expected: {
          code: 'fare_transfer_rule_missing_transfer_count',
          severity: 'ERROR',
          file: 'fare_transfer_rules.txt',
          row: 3,
          field: 'transfer_count',
        },
      },
    ],
    [
      'a transfer between two leg groups with a transfer_count',
      {
        change: transfers(replace('fare_transfer_rules.txt', 'G1,G0,,', 'G1,G0,2,')),
        expected: {
          code: 'fare_transfer_rule_with_forbidden_transfer_count',
          severity: 'ERROR',
          file: 'fare_transfer_rules.txt',
          row: 2,
          field: 'transfer_count',
        },
      },
    ],
    [
      'a transfer_count of 0',
      {
        change: transfers(replace('fare_transfer_rules.txt', 'G0,G0,1,', 'G0,G0,0,')),
        expected: {
          code: 'number_out_of_range',
          severity: 'ERROR',
          file: 'fare_transfer_rules.txt',
          row: 3,
          field: 'transfer_count',
        },
      },
    ],
    [
      'the same transfer rule twice',
      {
        change: transfers(appendRow('fare_transfer_rules.txt', 'G1,G0,,3600,2,0,P150')),
        expected: {
          code: 'duplicate_key',
          severity: 'ERROR',
          file: 'fare_transfer_rules.txt',
          row: 4,
          field: 'duration_limit',
        },
      },
    ],
    [
      'a negative rule_priority',
      {
        change: fares(replace('fare_leg_rules.txt', 'P150,0', 'P150,-1')),
        expected: {
          code: 'number_out_of_range',
          severity: 'ERROR',
          file: 'fare_leg_rules.txt',
          row: 2,
          field: 'rule_priority',
        },
      },
    ],
    [
      'an area twice',
      {
        change: fares(appendRow('areas.txt', 'A1,Centras vėl')),
        expected: { code: 'duplicate_key', severity: 'ERROR', file: 'areas.txt', row: 4, field: 'area_id' },
      },
    ],
    [
      'a stop in an unknown area',
      {
        change: fares(replace('stop_areas.txt', 'A2,S3', 'A3,S3')),
        expected: {
          code: 'foreign_key_violation',
          severity: 'ERROR',
          file: 'stop_areas.txt',
          row: 4,
          field: 'area_id',
        },
      },
    ],
    [
      'an unknown stop in an area',
      {
        change: fares(replace('stop_areas.txt', 'A2,S3', 'A2,S9')),
        expected: {
          code: 'foreign_key_violation',
          severity: 'ERROR',
          file: 'stop_areas.txt',
          row: 4,
          field: 'stop_id',
        },
      },
    ],
    [
      'a stop in an area twice',
      {
        change: fares(appendRow('stop_areas.txt', 'A2,S2')),
        expected: {
          code: 'duplicate_key',
          severity: 'ERROR',
          file: 'stop_areas.txt',
          row: 5,
          field: 'stop_id',
        },
      },
    ],
    [
      'a network twice',
      {
        change: fares(appendRow('networks.txt', 'N1,Kitas')),
        expected: {
          code: 'duplicate_key',
          severity: 'ERROR',
          file: 'networks.txt',
          row: 3,
          field: 'network_id',
        },
      },
    ],
    [
      'a route in two networks',
      {
        change: fares(appendRow('networks.txt', 'N2,Miestas'), appendRow('route_networks.txt', 'N2,R1')),
        expected: {
          code: 'duplicate_key',
          severity: 'ERROR',
          file: 'route_networks.txt',
          row: 3,
          field: 'route_id',
        },
      },
    ],
    [
      'an unknown route in a network',
      {
        change: fares(appendRow('route_networks.txt', 'N1,R9')),
        expected: {
          code: 'foreign_key_violation',
          severity: 'ERROR',
          file: 'route_networks.txt',
          row: 3,
          field: 'route_id',
        },
      },
    ],
    [
      'a route in an unknown network',
      {
        change: fares(replace('route_networks.txt', 'N1,R1', 'N2,R1')),
        expected: {
          code: 'foreign_key_violation',
          severity: 'ERROR',
          file: 'route_networks.txt',
          row: 2,
          field: 'network_id',
        },
        // N1 is then no route's network: the rules naming it break too.
        alone: false,
      },
    ],
    [
      'the networks in routes.txt and in networks.txt and route_networks.txt',
      {
        change: fares(addColumn('routes.txt', 'network_id', 'N1')),
        expected: {
          code: 'route_networks_specified_in_more_than_one_file',
          severity: 'ERROR',
          file: 'route_networks.txt',
          field: 'network_id',
        },
        // And once for networks.txt.
        alone: false,
      },
    ],
    [
      'a timeframe with a start and no end',
      {
        change: fares(replace('timeframes.txt', 'TF,,,WD', 'TF,06:00:00,,WD')),
        expected: {
          code: 'timeframe_only_start_or_end_time_specified',
          severity: 'ERROR',
          file: 'timeframes.txt',
          row: 2,
          field: 'start_time',
        },
      },
    ],
    [
      'a timeframe ending after midnight',
      {
        change: fares(replace('timeframes.txt', 'PEAK,16:00:00,18:00:00', 'PEAK,16:00:00,25:00:00')),
        expected: {
          code: 'timeframe_start_or_end_time_greater_than_twenty_four_hours',
          severity: 'ERROR',
          file: 'timeframes.txt',
          row: 4,
          field: 'end_time',
        },
      },
    ],
    [
      'overlapping timeframes of a group and service',
      {
        change: fares(appendRow('timeframes.txt', 'PEAK,08:30:00,10:00:00,WD')),
        expected: { code: 'timeframe_overlap', severity: 'ERROR', file: 'timeframes.txt', row: 5 },
      },
    ],
    [
      'a whole-day timeframe beside a part of the day',
      {
        change: fares(appendRow('timeframes.txt', 'PEAK,,,WD')),
        expected: { code: 'timeframe_overlap', severity: 'ERROR', file: 'timeframes.txt', row: 3 },
      },
    ],
    [
      'a timeframe of an unknown service',
      {
        change: fares(replace('timeframes.txt', 'TF,,,WD', 'TF,,,SAT')),
        expected: {
          code: 'foreign_key_violation',
          severity: 'ERROR',
          file: 'timeframes.txt',
          row: 2,
          field: 'service_id',
        },
      },
    ],
    [
      'a timeframe time that is none',
      {
        change: fares(replace('timeframes.txt', 'PEAK,07:00:00,', 'PEAK,7 ryte,')),
        expected: {
          code: 'invalid_time',
          severity: 'ERROR',
          file: 'timeframes.txt',
          row: 3,
          field: 'start_time',
        },
      },
    ],
    [
      'the same timeframe twice',
      {
        change: fares(appendRow('timeframes.txt', 'TF,,,WD')),
        expected: {
          code: 'duplicate_key',
          severity: 'ERROR',
          file: 'timeframes.txt',
          row: 5,
          field: 'service_id',
        },
        // Two whole days of one group and service overlap, too.
        alone: false,
      },
    ],
    [
      'a file GTFS does not know',
      {
        change: put('notes.txt', 'note\nhello\n'),
        expected: { code: 'unknown_file', severity: 'WARNING', file: 'notes.txt' },
      },
    ],
  ];

  it.each(cases)('reports %s', (_, { change, expected, alone = true }) => {
    const notices = validate(change);
    expect(notices).toContainEqual({ ...expected, message: expect.any(String) });
    const found = notices.find(
      (n) => n.code === expected.code && n.row === expected.row && n.file === expected.file,
    );
    if (expected.file !== undefined) expect(found?.message).toContain(expected.file);
    if (expected.row !== undefined) expect(found?.message).toContain(`line ${expected.row}`);
    if (!alone) return;
    const errors = notices.filter((n) => n.severity === 'ERROR');
    if (expected.severity === 'ERROR') {
      expect(errors).toHaveLength(1);
    } else {
      expect(errors).toEqual([]);
      expect(notices).toHaveLength(1);
    }
  });

  /**
   * The files a feed writer streams, checked a piece at a time (one piece per group of rows, as
   * the writer ends pieces between trips and services) in place of their text.
   */
  function validateStreamed(change?: Change): GtfsNotice[] {
    const feed = validFeed();
    change?.(feed);
    const streamed: StreamedFile[] = [];
    for (const [file, group] of [
      ['stop_times.txt', 'trip_id'],
      ['trips.txt', 'trip_id'],
      ['calendar_dates.txt', 'service_id'],
    ] as const) {
      const content = feed.get(file);
      if (content === undefined) continue;
      const [header = '', ...rows] = content.replace(/^\uFEFF/, '').split(/(?<=\n)/);
      const columns = header.trimEnd().split(',');
      const check = new StreamedFile(file, columns);
      const at = columns.indexOf(group);
      let piece = '';
      let last: string | undefined;
      for (const row of rows) {
        const value = at === -1 ? '' : readCsv(row).rows[0]?.[at];
        if (piece !== '' && value !== last) {
          check.piece(piece);
          piece = '';
        }
        piece += row;
        last = value;
      }
      check.piece(piece);
      streamed.push(check);
      feed.delete(file);
    }
    return validateGtfs(feed, { today: TODAY, streamed });
  }

  it('finds nothing wrong in a valid feed checked while written', () => {
    expect(validateStreamed()).toEqual([]);
  });

  // What a whole file's check finds, the check of a file written in pieces finds too: every
  // case above but those whose file cannot be read as rows at all (a quote never closed).
  it.each(cases.filter(([, c]) => c.expected.code !== 'csv_parsing_failed'))(
    'checked while written, reports %s',
    (_, { change, expected }) => {
      expect(validateStreamed(change)).toContainEqual({ ...expected, message: expect.any(String) });
    },
  );

  it('says so when a group of rows comes back after other rows, as a file written in pieces cannot check it whole', () => {
    const notices = validateStreamed(
      all(
        appendRow('trips.txt', 'R1,WD,T2,0'),
        appendRow('stop_times.txt', 'T2,09:00:00,09:00:00,S1,1,0,1'),
        appendRow('stop_times.txt', 'T2,09:10:00,09:10:00,S2,2,1,0'),
        appendRow('stop_times.txt', 'T1,08:30:00,08:30:00,S1,4,1,0'),
      ),
    );
    expect(notices).toContainEqual({
      code: 'duplicate_key',
      severity: 'ERROR',
      file: 'stop_times.txt',
      row: 7,
      field: 'trip_id',
      message: "stop_times.txt line 7: trip_id 'T1' is already on line 2, before other rows",
    });
  });

  it('covers every notice code it implements', () => {
    const covered = new Set(cases.map(([, c]) => c.expected.code));
    expect([...covered].sort()).toEqual(
      [
        'csv_parsing_failed',
        'duplicate_fare_media',
        'duplicate_key',
        'duplicate_route_name',
        'empty_file',
        'feed_expiration_date30_days',
        'feed_expiration_date7_days',
        'fare_product_with_multiple_default_rider_categories',
        'fare_transfer_rule_duration_limit_type_without_duration_limit',
        'fare_transfer_rule_duration_limit_without_type',
        'fare_transfer_rule_missing_transfer_count',
        'fare_transfer_rule_with_forbidden_transfer_count',
        'foreign_key_violation',
        'inconsistent_agency_timezone',
        'invalid_currency',
        'invalid_currency_amount',
        'invalid_date',
        'invalid_email',
        'invalid_float',
        'invalid_integer',
        'invalid_row_length',
        'invalid_time',
        'invalid_timezone',
        'invalid_url',
        'leading_or_trailing_whitespaces',
        'missing_calendar_and_calendar_date_files',
        'missing_feed_info_date',
        'missing_recommended_field',
        'missing_required_column',
        'missing_required_field',
        'missing_required_file',
        'missing_trip_edge',
        'new_line_in_value',
        'number_out_of_range',
        'route_both_short_and_long_name_missing',
        'route_networks_specified_in_more_than_one_file',
        'start_and_end_range_out_of_order',
        'stop_time_with_arrival_before_previous_departure_time',
        'timeframe_only_start_or_end_time_specified',
        'timeframe_overlap',
        'timeframe_start_or_end_time_greater_than_twenty_four_hours',
        'unknown_file',
        'unused_stop',
        'unused_trip',
        'unusable_trip',
      ].sort(),
    );
  });

  it('reports each missing feed_info date, and nothing about expiry without an end date', () => {
    const notices = validate(replace('feed_info.txt', ',20260101,20261231,', ',,,'));
    expect(notices.map((n) => [n.code, n.field])).toEqual([
      ['missing_feed_info_date', 'feed_start_date'],
      ['missing_feed_info_date', 'feed_end_date'],
    ]);
  });

  it('says which stop a stop time points at and where', () => {
    const [notice] = validate(replace('stop_times.txt', ',S3,', ',S9,')).filter(
      (n) => n.severity === 'ERROR',
    );
    expect(notice?.message).toBe("stop_times.txt line 4: stop_id 'S9' is not in stops.txt");
  });

  it('counts lines of a quoted value with line breaks in the rows after it', () => {
    const notices = validate(
      all(
        replace('stops.txt', 'S2,Kavarskas,', 'S2,"Kavars\r\nkas",'),
        replace('stops.txt', 'S3,Troškūnai,', 'S3,,'),
      ),
    );
    expect(notices).toContainEqual(
      expect.objectContaining({ code: 'missing_required_field', row: 5, field: 'stop_name' }),
    );
  });

  it('does not judge references into a file it could not read to the end', () => {
    const notices = validate(replace('stops.txt', 'S2,Kavarskas,', 'S2,"Kavarskas,'));
    expect(notices.map((n) => n.code)).toEqual(['csv_parsing_failed']);
  });

  it('reports a row of the wrong length once and leaves it out of the other checks', () => {
    const notices = validate(replace('stops.txt', 'S2,Kavarskas,55.4333,24.9333,,', 'S2,Kavarskas,55.4333'));
    expect(notices.map((n) => [n.code, n.file, n.row])).toEqual([
      ['invalid_row_length', 'stops.txt', 3],
      ['foreign_key_violation', 'stop_times.txt', 3],
    ]);
  });

  it('refuses a today that is not a date', () => {
    expect(() => validateGtfs(validFeed(), { today: '2026-02-30' })).toThrow(RangeError);
  });

  it('validates 300,000 stop times without slowing down quadratically', () => {
    const feed = validFeed();
    const trips = ['route_id,service_id,trip_id,direction_id'];
    const stopTimes = ['trip_id,arrival_time,departure_time,stop_id,stop_sequence,pickup_type,drop_off_type'];
    for (let t = 0; t < 20_000; t++) {
      trips.push(`R1,WD,T${t},0`);
      for (let s = 0; s < 15; s++) {
        const time = `${String(5 + Math.floor(s / 6)).padStart(2, '0')}:${String((s % 6) * 10).padStart(2, '0')}:00`;
        stopTimes.push(`T${t},${time},${time},S${(s % 3) + 1},${s + 1},0,0`);
      }
    }
    feed.set('trips.txt', `${trips.join('\n')}\n`);
    feed.set('stop_times.txt', `${stopTimes.join('\n')}\n`);
    const started = performance.now();
    expect(validateGtfs(feed, { today: TODAY })).toEqual([]);
    // Generous for slow CI machines; a quadratic step would take minutes, not seconds.
    expect(performance.now() - started).toBeLessThan(15_000);
  }, 30_000);
});
