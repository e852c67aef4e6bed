import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AdminStop, describeFeedProblem, type FeedProblem } from '@bus/core';
import { listChanges, openDatabase, readTimetable, replaceTimetable, restoreStopRow } from '@bus/db';
import { unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadDefaultDataset } from '../src/import/default-dataset.ts';
import type { PublishingOverview } from '../src/public-read/gtfs/published.ts';
import { type AdminTestApp, adminApp, adminClient, versionNow } from './admin-helpers.ts';
import { runCliCaptured } from './cli-helpers.ts';
import { makeFeedReady, SETTINGS, TIME_FIXES, WRONG_WAY } from './gtfs-helpers.ts';
import { fixedClock } from './helpers.ts';

/**
 * The feed through its doors: GET /gtfs.zip, the Publishing procedures, the stop position in
 * the stops editor, and the command line (export-gtfs, validate-gtfs, import-stop-positions),
 * on the real Anykščiai data.
 */

const CLOCK = fixedClock('2026-11-25T10:00:00Z');

let t: AdminTestApp;
let admin: ReturnType<typeof adminClient>;

beforeEach(async () => {
  t = await adminApp({ clock: CLOCK });
  admin = adminClient(t.app, t.adminToken);
});
afterEach(async () => {
  await t.app.close();
  await t.db.kysely.destroy();
});

async function overview(): Promise<PublishingOverview> {
  const res = await admin.query<PublishingOverview>('admin.publishing.get');
  expect(res.status).toBe(200);
  return res.data;
}

async function saveSettings(base: string | null, changes: Partial<typeof SETTINGS> = {}) {
  return admin.mutate<PublishingOverview>('admin.publishing.save', {
    ...SETTINGS,
    ...changes,
    baseSavedAt: base,
  });
}

async function makeReady(): Promise<void> {
  await makeFeedReady(t, admin);
}

describe('GET /gtfs.zip', () => {
  it('is 404 while the feed is not ready, saying only that: the problems are for staff', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/gtfs.zip' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      status: 404,
      error: 'Not Found',
      message: 'The GTFS feed is not published yet',
    });
    // Staff see every problem on the Publishing screen, from the same build.
    const problems = (await overview()).problems.map(describeFeedProblem);
    expect(problems).toContain('Publishing settings: the site address is not set');
    expect(problems).toContain('Stop Anykščių AS (stop 1) has no position');
    expect(problems.some((p) => p.includes('trip 25: the time goes backwards'))).toBe(true);
    expect(problems).toContain(
      'Line M17, schedule 9, trip 18: City bound, but it starts at Anykščių AS and ends at Kurkliai II k',
    );
  });

  it('serves the zip when ready, with an ETag, answers 304 to it, and changes after a save', async () => {
    await makeReady();
    const res = await t.app.inject({ method: 'GET', url: '/gtfs.zip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['cache-control']).toBe('public, no-cache');
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"gtfs-/);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files).sort()).toEqual([
      'agency.txt',
      'calendar.txt',
      'calendar_dates.txt',
      'feed_info.txt',
      'routes.txt',
      'stop_times.txt',
      'stops.txt',
      'trips.txt',
    ]);
    const feedInfo = new TextDecoder().decode(files['feed_info.txt']);
    expect(feedInfo).toContain(
      'Anykščių rajono savivaldybė,https://autobusai.anyksciai.lt,lt,20261125,20271124,',
    );
    const agency = new TextDecoder().decode(files['agency.txt']);
    expect(agency).toContain(
      'transporto-centras,Transporto Centras,https://www.anyksciutc.lt,Europe/Vilnius,lt,+370 381 51333',
    );

    const again = await t.app.inject({ method: 'GET', url: '/gtfs.zip', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // The one tag matcher of every public answer (RFC 9110): a list, a weak tag, `*`.
    for (const header of [`"other", ${etag}`, `W/${etag}`, `"x", W/${etag}`, '*']) {
      const listed = await t.app.inject({
        method: 'GET',
        url: '/gtfs.zip',
        headers: { 'if-none-match': header },
      });
      expect(listed.statusCode, header).toBe(304);
      expect(listed.headers.etag).toBe(etag);
    }
    const others = await t.app.inject({
      method: 'GET',
      url: '/gtfs.zip',
      headers: { 'if-none-match': '"a", W/"b"' },
    });
    expect(others.statusCode).toBe(200);

    // An admin save changes the data: the next answer is the new feed, not the kept one.
    const stops = (await admin.query<AdminStop[]>('admin.stops.list')).data;
    const stop = stops.find((s) => s.id === 1) as AdminStop;
    const saved = await admin.mutate('admin.stops.save', {
      ...stop,
      baseVersion: await versionNow(t, { kind: 'stop', id: 1 }),
      position: '55.52, 25.10',
      searchNames: undefined,
    });
    expect(saved.status).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/gtfs.zip', headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    const stopsTxt = new TextDecoder().decode(unzipSync(new Uint8Array(after.rawPayload))['stops.txt']);
    expect(stopsTxt).toContain('\r\n1,Anykščių AS,');
    expect(stopsTxt).toMatch(/\r\n1,Anykščių AS,[^\r\n]*,55\.52,25\.1,0\r\n/);
  });

  it('gives the same bytes twice for unchanged data', async () => {
    await makeReady();
    const a = await t.app.inject({ method: 'GET', url: '/gtfs.zip' });
    const b = await t.app.inject({ method: 'GET', url: '/gtfs.zip' });
    expect(Buffer.compare(a.rawPayload, b.rawPayload)).toBe(0);
  });
});

describe('admin.publishing', () => {
  it('lists what keeps the feed back, and what the settings save removes from that list', async () => {
    const first = await overview();
    expect(first.savedAt).toBeNull();
    expect(first.operators).toEqual([
      expect.objectContaining({
        name: 'Transporto Centras',
        url: null,
        lines: expect.arrayContaining(['M35']),
      }),
    ]);
    const kinds = (problems: FeedProblem[]) => new Set(problems.map((p) => p.kind));
    expect(kinds(first.problems)).toEqual(
      new Set(['setting', 'operatorUrl', 'stopPosition', 'timesBackwards', 'directionMismatch']),
    );
    expect(first.problems.filter((p) => p.kind === 'timesBackwards').map((p) => p.tripId)).toEqual([
      25, 104, 131,
    ]);
    // Trips 18 and 20 run on Wednesdays in the summer school holidays, inside the feed window.
    expect(first.problems.filter((p) => p.kind === 'directionMismatch')).toEqual(
      [
        [18, 9],
        [20, 10],
      ].map(([tripId, scheduleId]) => ({
        kind: 'directionMismatch',
        lineId: 4,
        lineName: 'M17',
        scheduleId,
        tripId,
        boundFor: 'City bound',
        firstStopName: 'Anykščių AS',
        lastStopName: 'Kurkliai II k',
      })),
    );

    const saved = await saveSettings(null);
    expect(saved.status).toBe(200);
    expect(saved.data.settings.siteUrl).toBe('https://autobusai.anyksciai.lt/');
    expect(kinds(saved.data.problems)).toEqual(
      new Set(['stopPosition', 'timesBackwards', 'directionMismatch']),
    );
  });

  it('refuses a save from older settings, and bad values, changing nothing', async () => {
    const saved = await saveSettings(null);
    const stale = await saveSettings(null, { publisherName: 'Kitas' });
    expect(stale.status).toBe(409);
    expect(stale.message).toMatch(
      /^The publishing setup was changed by someone else after you opened it\. Nothing was saved/,
    );
    const bad = [
      [
        { siteUrl: 'autobusai.anyksciai.lt' },
        'siteUrl: Site address must be a web address starting with https://',
      ],
      [
        { publisherContact: 'nobody' },
        'publisherContact: Contact must be an e-mail address or a web address starting with https://',
      ],
      [
        { operators: [{ name: 'Transporto Centras', url: 'javascript:alert(1)', phone: null }] },
        'operators.0.url: Operator web address must be a web address starting with https://',
      ],
      [
        { operators: [{ name: 'Transporto Centras', url: null, phone: 'call us' }] },
        'operators.0.phone: Phone must be a number: digits, spaces, + ( ) and -',
      ],
      [{ windowDays: 10 }, 'windowDays: Feed window must be 30 to 730 days'],
    ] as const;
    for (const [changes, message] of bad) {
      const res = await saveSettings(saved.data.savedAt, changes as Partial<typeof SETTINGS>);
      expect(res.status, JSON.stringify(changes)).toBe(400);
      expect(res.message).toBe(message);
    }
    expect((await overview()).settings.publisherName).toBe(SETTINGS.publisherName);
  });

  it('is for admins only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/trpc/admin.publishing.get' });
    expect(res.statusCode).toBe(401);
  });
});

describe('a stop position in the stops editor', () => {
  async function stop(id: number): Promise<AdminStop & { version: number }> {
    const all = (await admin.query<{ stop: AdminStop; version: number }[]>('admin.stops.listWithUsage')).data;
    const found = all.find((s) => s.stop.id === id);
    if (!found) throw new Error(`no stop ${id}`);
    return { ...found.stop, version: found.version };
  }

  it('takes a pair pasted from a map, refuses anything else, and is recorded in the history', async () => {
    const before = await stop(5);
    const save = (position: string) =>
      admin.mutate<AdminStop>('admin.stops.save', {
        id: 5,
        name: before.name,
        coords: before.coords,
        defaultOption: before.defaultOption,
        searchNames: before.searchNames,
        baseVersion: before.version,
        position,
      });
    expect((await save('25.1043, 55.5248')).message).toBe(
      'position: Position is outside Lithuania: latitude comes first, for example 55.5248, 25.1043',
    );
    expect((await save('55.5248')).message).toBe(
      'position: Position must be latitude and longitude in degrees, for example 55.5248, 25.1043',
    );
    expect((await stop(5)).position).toBeNull();
    const ok = await save(' 55.5248123456, 25.1043 ');
    expect(ok.status).toBe(200);
    expect((await stop(5)).position).toEqual({ lat: 55.524812, lon: 25.1043 });
    const [entry] = await listChanges(t.db.kysely, { kind: 'stop', limit: 1 });
    if (!entry) throw new Error('the save was not recorded');
    expect(entry.entityId).toBe(5);
    expect((entry.before as AdminStop).position).toBeNull();
    expect((entry.after as AdminStop).position).toEqual({ lat: 55.524812, lon: 25.1043 });
  });

  it('restoring a state recorded before stops had positions keeps the position', async () => {
    const { version, ...nine } = await stop(9);
    expect(
      (await admin.mutate('admin.stops.save', { ...nine, baseVersion: version, position: '55.2, 25.3' }))
        .status,
    ).toBe(200);
    const { position: _position, ...withoutPosition } = nine;
    await restoreStopRow(t.db.kysely, { ...withoutPosition, name: 'Older name' });
    expect(await stop(9)).toMatchObject({ name: 'Older name', position: { lat: 55.2, lon: 25.3 } });
    await restoreStopRow(t.db.kysely, { ...withoutPosition, position: null });
    expect((await stop(9)).position).toBeNull();
  });

  it('an old REST save of the stop keeps its position', async () => {
    const { version, ...seven } = await stop(7);
    expect(
      (await admin.mutate('admin.stops.save', { ...seven, baseVersion: version, position: '55.1, 25.2' }))
        .status,
    ).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/busstop/save/one',
      headers: { authorization: `Bearer ${t.adminToken}`, 'content-type': 'application/json' },
      payload: JSON.stringify({
        id: 7,
        name: 'Renamed by the old client',
        coords: null,
        defaultOption: false,
      }),
    });
    expect(res.statusCode).toBe(200);
    const after = await stop(7);
    expect(after.name).toBe('Renamed by the old client');
    expect(after.position).toEqual({ lat: 55.1, lon: 25.2 });
  });
});

describe('the command line', () => {
  let dir: string;
  let dbPath: string;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bus-gtfs-cli-'));
    dbPath = join(dir, 'timetable.sqlite');
    const { kysely, sqlite } = openDatabase(dbPath);
    const { migrateToLatest } = await import('@bus/db');
    await migrateToLatest(kysely);
    replaceTimetable(sqlite, await loadDefaultDataset());
    await kysely.destroy();
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const cli = (...argv: string[]) => runCliCaptured(argv, { env: { DB_PATH: dbPath }, cwd: dir });

  it('export-gtfs refuses a feed with problems, lists them and writes nothing', async () => {
    const result = await cli('export-gtfs', 'feed.zip');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('error: the GTFS feed cannot be published yet');
    expect(result.stderr).toContain('Stop Anykščių AS (stop 1) has no position');
    expect(existsSync(join(dir, 'feed.zip'))).toBe(false);
  });

  it('import-stop-positions is all or nothing, naming the bad line', async () => {
    const write = (text: string) => writeFileSync(join(dir, 'positions.csv'), text);
    const cases = [
      ['stop,lat,lon\n1,55.5,25.1\n', 'positions.csv line 1: the header must be stop_id,lat,lon'],
      [
        'stop_id,lat,lon\n1,55.5,25.1\n9999,55.5,25.1\n',
        'positions.csv line 3: there is no stop 9999; nothing was changed',
      ],
      [
        'stop_id,lat,lon\n1,55.5,25.1\n2,55,5,25.1\n',
        'positions.csv line 3: expected 3 values (stop_id,lat,lon), found 4',
      ],
      [
        'stop_id,lat,lon\n1,55.5,25.1\n\n2,abc,25.1\n',
        'positions.csv line 4: lat "abc" is not a number of degrees',
      ],
      [
        'stop_id,lat,lon\n1,25.1,55.5\n',
        "positions.csv line 2: 25.1, 55.5 is outside Lithuania's surroundings",
      ],
    ];
    for (const [text, message] of cases) {
      write(text as string);
      const result = await cli('import-stop-positions', 'positions.csv');
      expect(result.code, text).toBe(1);
      expect(result.stderr).toContain(`error: ${message}`);
    }
    const { kysely } = openDatabase(dbPath);
    const positioned = await kysely.selectFrom('stop').select('id').where('lat', 'is not', null).execute();
    await kysely.destroy();
    expect(positioned).toEqual([]);

    write('stop_id,lat,lon\r\n1,55.5248,25.1043\r\n2,55.53,25.11\r\n');
    const ok = await cli('import-stop-positions', 'positions.csv');
    expect(ok.stdout).toContain('set the positions of 2 stops from positions.csv (0 already had them)');
    expect(ok.code).toBe(0);
    const again = await cli('import-stop-positions', 'positions.csv');
    expect(again.stdout).toContain('set the positions of 0 stops from positions.csv (2 already had them)');
  });

  it('exports a ready feed that validate-gtfs accepts, and validate-gtfs finds errors in a broken one', async () => {
    const dataset = await loadDefaultDataset();
    const lines = ['stop_id,lat,lon', ...dataset.stops.map((s) => `${s.id},${55 + s.id / 1000},25.1`)];
    writeFileSync(join(dir, 'positions.csv'), lines.join('\n'));
    expect((await cli('import-stop-positions', 'positions.csv')).code).toBe(0);
    // The three trips with times going backwards, put right as staff would.
    const { kysely, sqlite } = openDatabase(dbPath);
    const current = await readTimetable(kysely);
    for (const schedule of current.schedules)
      for (const trip of schedule.trips) {
        const fix = TIME_FIXES[trip.id];
        if (fix) trip.timeList = trip.timeList.map((time, i) => fix[i] ?? time);
        if (trip.id === 131) trip.timeList = [...trip.timeList].reverse();
        if (WRONG_WAY.has(trip.id)) trip.routeDirReversed = false;
      }
    replaceTimetable(sqlite, current);
    const { putPublishingSettings } = await import('@bus/db');
    await putPublishingSettings(
      kysely,
      { ...SETTINGS, operators: [...SETTINGS.operators] },
      '2026-11-25T09:00:00.000Z',
    );
    await kysely.destroy();

    const exported = await cli('export-gtfs', 'feed.zip');
    expect(exported.stderr).toBe('');
    expect(exported.code).toBe(0);
    expect(exported.stdout).toMatch(
      /1 agencies, 21 routes, \d+ stops, \d+ trips, \d+ stop times, \d+ services/,
    );
    const validated = await cli('validate-gtfs', 'feed.zip');
    expect(validated.code).toBe(0);
    expect(validated.stdout).toContain('feed.zip: 0 errors, 0 warnings');

    // The same feed with a stop time pointing at a stop that is not there.
    const files = unzipSync(new Uint8Array(readFileSync(join(dir, 'feed.zip'))));
    const stopTimes = new TextDecoder().decode(files['stop_times.txt']).split('\r\n');
    stopTimes[1] = (stopTimes[1] as string).replace(/^(\d+,[^,]*,[^,]*,)\d+/, '$199999');
    const { zipSync, strToU8 } = await import('fflate');
    writeFileSync(
      join(dir, 'broken.zip'),
      zipSync({ ...files, 'stop_times.txt': strToU8(stopTimes.join('\r\n')) }),
    );
    const broken = await cli('validate-gtfs', 'broken.zip');
    expect(broken.code).toBe(1);
    expect(broken.stdout).toContain('error: foreign_key_violation');
    expect(broken.stdout).toMatch(/broken\.zip: 1 errors, \d+ warnings/);

    writeFileSync(join(dir, 'not-a-zip.zip'), 'hello');
    const notZip = await cli('validate-gtfs', 'not-a-zip.zip');
    expect(notZip.code).toBe(1);
    expect(notZip.stderr).toContain('error: not a readable zip file');
  });
});
