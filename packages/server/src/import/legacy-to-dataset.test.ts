import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { checkTimetable, describeFinding, type TimetableDataset } from '@bus/core';
import { createTestDb, readTimetable, replaceTimetable } from '@bus/db';
import { describe, expect, it } from 'vitest';
import { REAL_DATA_COUNTS } from '../../test/real-data-counts.ts';
import { loadDefaultDataset } from './default-dataset.ts';
import { legacyDumpToDataset } from './legacy-to-dataset.ts';
import { parseMysqlDump } from './mysql-dump-parser.ts';

const DUMP_PATH = fileURLToPath(new URL('../../test/fixtures/anyksciai-mysql-dump.sql', import.meta.url));
const DUMP = readFileSync(DUMP_PATH, 'utf8');

function convert(text: string) {
  return legacyDumpToDataset(parseMysqlDump(text, 'anyksciai.sql'));
}

/** Replaces the first `from` inside the INSERT of `table`, so a test can break one row. */
function editRow(table: string, from: string, to: string, text = DUMP): string {
  const start = text.indexOf(`INSERT INTO \`${table}\``);
  const at = text.indexOf(from, start);
  if (start === -1 || at === -1) throw new Error(`${from} not found in ${table}`);
  return text.slice(0, at) + to + text.slice(at + from.length);
}

function lineOf(text: string, snippet: string): number {
  return text.slice(0, text.indexOf(snippet)).split('\n').length;
}

type Dataset = TimetableDataset;
const real = convert(DUMP);
const stops = new Map(real.dataset.stops.map((s) => [s.id, s]));
const lines = new Map(real.dataset.lines.map((l) => [l.id, l]));
const routes = new Map(real.dataset.lines.flatMap((l) => l.routes.map((r) => [r.id, r] as const)));
const schedules = new Map(real.dataset.schedules.map((s) => [s.id, s]));
const trips = new Map(real.dataset.schedules.flatMap((s) => s.trips.map((t) => [t.id, t] as const)));
const rules = new Map(real.dataset.yearlyRules.map((r) => [r.id, r]));

describe('legacyDumpToDataset on the real dump', () => {
  it('has the documented counts', () => {
    const d: Dataset = real.dataset;
    expect({
      stops: d.stops.length,
      holidays: d.holidays.length,
      yearlyRules: d.yearlyRules.length,
      timePeriods: d.yearlyRules.flatMap((r) => r.timePeriods).length,
      patternItems: d.yearlyRules.flatMap((r) => r.pattern1Params).length,
      lines: d.lines.length,
      routes: routes.size,
      schedules: d.schedules.length,
      trips: trips.size,
      stopTimes: [...trips.values()].reduce((n, t) => n + t.timeList.length, 0),
      customNotes: d.lines.flatMap((l) => l.customNotes).length,
    }).toEqual({ ...REAL_DATA_COUNTS, customNotes: 0 });
  });

  it('keeps every id, gaps included', () => {
    expect(stops.get(1)).toEqual({ id: 1, name: 'Anykščių AS', coords: null, defaultOption: true });
    expect([133, 134, 144, 152, 157].some((id) => stops.has(id))).toBe(false);
    expect(stops.has(200)).toBe(true);
    expect([...routes.keys()].sort((a, b) => a - b)).toEqual(
      Array.from({ length: 41 }, (_, i) => i + 1).filter((id) => id !== 10),
    );
    expect(schedules.has(51)).toBe(false);
    expect(trips.has(89)).toBe(false);
    expect(real.dataset.holidays.map((h) => h.id)).toEqual([1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(real.dataset.yearlyRules.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 16, 17, 18]);
  });

  it('converts the enums stored by ordinal', () => {
    expect(lines.get(1)?.routeType).toBe('Regional Bus');
    expect(lines.get(9)?.routeType).toBe('Nationial Bus');
    expect(lines.get(13)?.routeType).toBe('City Bus');
    expect(trips.get(1)?.boundFor).toBe('Out bound');
    expect(trips.get(2)?.boundFor).toBe('City bound');
    const oneWay = [...trips.values()].filter((t) => t.boundFor === 'One way');
    expect(oneWay).toHaveLength(12);
    expect(new Set(oneWay.map((t) => t.routeId))).toEqual(new Set([21, 22]));
    // desired_xday is a DayOfWeek ordinal: 1 = TUESDAY, 4 = FRIDAY.
    expect(rules.get(6)?.pattern1Params).toEqual([
      { id: 1, nthOccurenceEachMonth: 2, dayOfWeek: 'TUESDAY' },
      { id: 2, nthOccurenceEachMonth: 4, dayOfWeek: 'TUESDAY' },
    ]);
    expect(rules.get(18)?.pattern1Params.map((p) => p.dayOfWeek)).toEqual(['FRIDAY', 'FRIDAY']);
    expect(real.dataset.yearlyRules.every((r) => r.typeOfYearlyRule === null)).toBe(true);
  });

  it('keeps the trips as the old system had them, reversed City bound included', () => {
    expect(trips.get(131)).toMatchObject({ boundFor: 'City bound', routeDirReversed: true, routeId: 37 });
    expect(trips.get(131)?.timeList.slice(0, 3)).toEqual(['08:25', '08:23', '08:22']);
    const cityBound = [...trips.values()].filter((t) => t.boundFor === 'City bound');
    expect(cityBound).toHaveLength(63);
    expect(cityBound.every((t) => t.routeDirReversed)).toBe(true);
    expect(trips.get(1)?.timeList).toEqual(['06:40', '06:42', '06:44', '06:46', '06:50', '06:53']);
    for (const trip of trips.values())
      expect(trip.timeList).toHaveLength(routes.get(trip.routeId)?.stopIds.length ?? -1);
  });

  it('orders stops by position, routes and trips by id, weekdays by the calendar', () => {
    expect(routes.get(5)?.stopIds.at(-1)).toBe(1);
    expect(routes.get(15)?.stopIds[0]).toBe(78);
    expect(routes.get(15)?.stopIds[3]).toBe(1);
    expect(lines.get(7)?.routes.map((r) => r.id)).toEqual([8, 9, 11, 12, 13]);
    expect(schedules.get(4)?.runsOnWeekly).toEqual(['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY']);
    expect(schedules.get(1)?.runsOnWeekly).toEqual([
      'MONDAY',
      'TUESDAY',
      'WEDNESDAY',
      'THURSDAY',
      'FRIDAY',
      'SUNDAY',
    ]);
    expect(schedules.get(76)?.trips.map((t) => t.id)).toEqual([138, 139]);
  });

  it('maps the remaining fields: borrowed periods, bits, text (trimmed at the ends)', () => {
    expect(rules.get(16)).toMatchObject({ otherRuleId: 3, timePeriods: [] });
    expect(rules.get(17)?.otherRuleId).toBe(2);
    expect(rules.get(5)?.timePeriods).toEqual([
      { id: 9, startMonth: 11, startDay: 4, endMonth: 12, endDay: 31 },
      { id: 10, startMonth: 1, startDay: 1, endMonth: 4, endDay: 14 },
    ]);
    expect(real.dataset.schedules.filter((s) => s.runsOnPublicHolidays)).toHaveLength(12);
    expect(lines.get(13)?.enabledSeasonalYearlyRuleFilter).toBe(true);
    expect(lines.get(2)?.via).toBe('Andrioniškis, Viešintos');
    expect(stops.get(110)?.coords).toBe('Biržinė > Utena');
    expect(routes.get(41)?.routeNotes).toBe('Iki Varkujų - Be S. Elmininkų');
    expect(schedules.get(60)?.timeConstraintsDescription).toBeTypeOf('string');
    expect(real.dataset.schedules.some((s) => s.timeConstraintsDescription?.includes('\n'))).toBe(true);
  });

  it('pads the two malformed distance lists to one entry per gap, with a warning each', () => {
    expect(routes.get(22)?.distanceMeters).toEqual([...Array(14).fill(null), 0, ...Array(5).fill(null)]);
    expect(routes.get(36)?.distanceMeters).toEqual([...Array(10).fill(null), 0, ...Array(5).fill(null)]);
    expect(routes.get(1)?.distanceMeters).toEqual(Array((routes.get(1)?.stopIds.length ?? 0) - 1).fill(null));
    expect(real.warnings).toEqual([
      'route 22: the distance list has 15 entries for 21 stops; padded with 5 null to 20 entries',
      'route 36: the distance list has 11 entries for 17 stops; padded with 5 null to 16 entries',
      'stop 110: coords "Biržinė > Utena " had leading or trailing spaces; trimmed',
      'route 41: routeNotes "Iki Varkujų - Be S. Elmininkų " had leading or trailing spaces; trimmed',
    ]);
  });

  it('leaves the backwards times to the timetable check, which reports trips 25, 104 and 131', () => {
    const { findings } = checkTimetable(real.dataset, '2026-11-26');
    const backwards = findings.filter((f) => f.check === 'timesBackwards');
    expect(backwards.map(describeFinding)).toEqual([
      'trip 25: time goes backwards at stop 15 of 15 "Repšėnai" (14:24 -> 14:15)',
      'trip 104: time goes backwards at stop 10 of 18 "Vosgėliai" (15:26 -> 15:25)',
      'trip 131: time goes backwards 17 times, first at stop 2 of 18 "Aknystų kr." (08:25 -> 08:23); the times look entered in route order instead of travel order',
    ]);
  });

  it('leaves the City bound trips 18 and 20 that leave Anykščių AS to the timetable check too', () => {
    const { findings } = checkTimetable(real.dataset, '2026-11-26');
    const wrongWay = findings.filter((f) => f.check === 'directionMismatch');
    expect(wrongWay.map(describeFinding)).toEqual([
      'trip 18: City bound, but it starts at "Anykščių AS" (09:32) and ends at "Kurkliai II k" (10:05), its route driven backwards',
      'trip 20: City bound, but it starts at "Anykščių AS" (14:03) and ends at "Kurkliai II k" (14:35), its route driven backwards',
    ]);
    // As the old system stored them: route 5 is drawn from Kurkliai II k to the station.
    expect(routes.get(5)?.stopIds.at(-1)).toBe(1);
    expect([trips.get(18), trips.get(20)].map((t) => [t?.boundFor, t?.routeId, t?.routeDirReversed])).toEqual(
      [
        ['City bound', 5, true],
        ['City bound', 5, true],
      ],
    );
  });

  it('is what data/anyksciai.json holds (the committed default dataset is up to date)', async () => {
    const { kysely: db, sqlite } = await createTestDb();
    replaceTimetable(sqlite, real.dataset);
    const exported = await readTimetable(db);
    expect(await loadDefaultDataset()).toEqual(exported);
    await db.destroy();
  });
});

describe('legacyDumpToDataset refuses what it cannot convert faithfully', () => {
  const cases: [string, () => string, RegExp][] = [
    [
      'an unknown bound_for ordinal',
      () => editRow('trip1way', "(1, 1, b'0', 1, 1)", "(1, 7, b'0', 1, 1)"),
      /^anyksciai\.sql line 1722: `trip1way` `bound_for` = 7 is not a known value \(0\.\.2: City bound, Out bound, One way\)$/,
    ],
    [
      'an unknown route_type ordinal',
      () => editRow('line', "'Anykščiai', 1, NULL, b'0')", "'Anykščiai', 3, NULL, b'0')"),
      /`line` `route_type` = 3 is not a known value/,
    ],
    [
      'an unknown desired_xday',
      () => editRow('pattern1params', '(1, 1, 2, 6)', '(1, 9, 2, 6)'),
      /`desired_xday` = 9/,
    ],
    [
      'a trip on a route that is not in the dump',
      () => editRow('trip1way', "(1, 1, b'0', 1, 1)", "(1, 1, b'0', 999, 1)"),
      /line 1722: `trip1way` `route_id` = 999, but `route` has no row with that id/,
    ],
    [
      'a route stop that is not in the dump',
      () => editRow('route_busstops', '(1, 1, 0)', '(1, 133, 0)'),
      /`route_busstops` `stop_id` = 133, but `bus_stop` has no row with that id/,
    ],
    [
      'a time that is not a time of day',
      () => editRow('trip1way_time_list', "'06:40:00.000000'", "'25:40:00.000000'"),
      /`time_list` = "25:40:00.000000" is not between 00:00 and 23:59/,
    ],
    [
      'a stop without a name',
      () => editRow('bus_stop', "'Anykščių AS'", 'NULL'),
      /line 33: `bus_stop` `name` is NULL/,
    ],
    [
      'a gap in the stops of a route',
      () => editRow('route_busstops', '(1, 1, 0)', '(1, 1, 40)'),
      /route 1 has no stop at position 0/,
    ],
    [
      'a rule copying from a rule that does not exist',
      () => editRow('runs_on_yearly', 'NULL, 3),', 'NULL, 99),'),
      /`runs_on_yearly` 16 copies periods from rule 99, which does not exist/,
    ],
    [
      'a dump without the timetable tables',
      () => DUMP.slice(0, DUMP.indexOf('-- Dumping structure for table anyksciaibus.line')),
      /the dump has no table `public_holiday`/,
    ],
    [
      'a value the dataset format does not allow',
      () => editRow('pattern1params', '(1, 1, 2, 6)', '(1, 1, 6, 6)'),
      /yearlyRules\[5\]\.pattern1Params\[0\]\.nthOccurenceEachMonth: .*\(got 6\), from the `pattern1params` row at anyksciai.sql line \d+/,
    ],
    [
      'a stop name over the text limit, naming the dump line of its row',
      () => editRow('bus_stop', "'Techn. mokykla'", `'${'x'.repeat(101)}'`),
      /stops\[1\]\.name: Stop name is too long: at most 100 characters, from the `bus_stop` row at anyksciai.sql line 34$/m,
    ],
    [
      'a period outside the calendar, naming the dump line of its row',
      () => editRow('time_period', '(1, 31, 12, 1, 1, 1)', '(1, 31, 13, 1, 1, 1)'),
      /yearlyRules\[0\]\.timePeriods\[0\]\.endMonth: .*\(got 13\), from the `time_period` row at anyksciai.sql line 1693/,
    ],
  ];

  it.each(cases)('%s', (_name, text, message) => {
    expect(() => convert(text())).toThrow(message);
  });

  it('names the line of the bad row', () => {
    expect(lineOf(DUMP, "(1, 1, b'0', 1, 1)")).toBe(1722);
  });
});

describe('legacyDumpToDataset adjusts only with a warning', () => {
  it('cuts a distance list that is too long', () => {
    const { dataset, warnings } = convert(
      editRow('route_distance_meters_list', '(22, 0, 14)', '(22, 0, 14),\n\t(22, 7, 25)'),
    );
    const route = dataset.lines.flatMap((l) => l.routes).find((r) => r.id === 22);
    expect(route?.distanceMeters).toHaveLength(20);
    expect(warnings[0]).toBe(
      'route 22: the distance list has 26 entries for 21 stops; cut, dropping [null,null,null,null,null,7] to 20 entries',
    );
  });

  it('drops seconds and fills missing time positions with null, saying so', () => {
    let text = editRow('trip1way_time_list', "'06:42:00.000000', 1", "'06:42:30.000000', 1");
    text = editRow('trip1way_time_list', "\t(1, '06:44:00.000000', 2),\n", '', text);
    const { dataset, warnings } = convert(text);
    expect(dataset.schedules[0]?.trips[0]?.timeList).toEqual([
      '06:40',
      '06:42',
      null,
      '06:46',
      '06:50',
      '06:53',
    ]);
    expect(warnings).toContain('trip 1 time 2: 06:42:30.000000 has seconds; kept as 06:42');
    expect(warnings).toContain('trip 1: 1 positions are missing in the time list; left without a time');
  });

  it('lists weekdays once, in calendar order', () => {
    const text = editRow('runs_on_weekly', "(1, 'MONDAY'),", "(1, 'SUNDAY'),\n\t(1, 'MONDAY'),");
    const { dataset, warnings } = convert(text);
    expect(dataset.schedules[0]?.runsOnWeekly).toEqual([
      'MONDAY',
      'TUESDAY',
      'WEDNESDAY',
      'THURSDAY',
      'FRIDAY',
      'SUNDAY',
    ]);
    expect(warnings).toContain('schedule 1: SUNDAY is listed twice; kept once');
  });

  it('reports a legacy join row that disagrees with trip1way', () => {
    const { warnings } = convert(editRow('schedule_trips', '(1, 2),', '(3, 2),'));
    expect(warnings).toContain(
      'schedule_trips links trip 2 to schedule 3, but trip1way says schedule 1; trip1way was used',
    );
  });

  it('imports custom line notes when a dump has them', () => {
    const text = `${DUMP}
CREATE TABLE \`custom_line_note\` (\`id\` bigint NOT NULL, \`note_key\` varchar(255), \`note_value\` varchar(255), \`line_id\` bigint);
INSERT INTO \`custom_line_note\` VALUES (7, 'Kaina', '1 €', 13), (3, 'Pastaba', 'Tik vasarą', 13);
`;
    const { dataset } = convert(text);
    expect(dataset.lines.find((l) => l.id === 13)?.customNotes).toEqual([
      { id: 3, noteKey: 'Pastaba', noteValue: 'Tik vasarą' },
      { id: 7, noteKey: 'Kaina', noteValue: '1 €' },
    ]);
  });

  it('mentions tables it does not know', () => {
    const { warnings } = convert(`${DUMP}\nCREATE TABLE \`extra\` (\`id\` int);\n`);
    expect(warnings).toContain('table `extra` is not part of the old timetable and was not imported');
  });
});
