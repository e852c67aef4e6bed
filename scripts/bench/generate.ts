import {
  type BoundFor,
  DATASET_FORMAT,
  DATASET_VERSION,
  formatTime,
  HOME_STOP_ID,
  type RouteType,
  type TimetableDataset,
  WEEKDAYS,
  type Weekday,
} from '@bus/core';
import type {
  DatasetHoliday,
  DatasetLine,
  DatasetRoute,
  DatasetSchedule,
  DatasetStop,
  DatasetTrip,
} from '../../packages/server/src/import/dataset-parts.ts';
import {
  cityRoute,
  type District,
  detourVariation,
  nationalRoute,
  regionalRoute,
  shortVariation,
} from './generate-routes.ts';
import { generateRules, pickRule } from './generate-rules.ts';
import {
  HOME_TOWN,
  HUB_TOWNS,
  LINE_NOTES,
  OPERATORS,
  TIME_CONSTRAINT_NOTES,
  TOWN_STOP_NAMES,
  VILLAGE_STOP_FORMS,
  villageName,
} from './names.ts';
import { Rng } from './prng.ts';

/**
 * A deterministic national-scale timetable in the project's own format (TimetableDataset),
 * shaped like the real thing: 31 district hubs (stop 1 = Anykščių AS) with town stops,
 * villages strung along corridors that radiate from each hub, city lines looping through
 * a town, regional lines running out along a corridor, national express lines chaining
 * hubs. Lines get 2-3 route variations that share most stops; schedules carry an
 * 'Out bound' + reversed 'City bound' pair or one 'One way' trip.
 */

export interface BenchSizes {
  stops: number;
  lines: number;
  schedules: number;
  /** Street and landmark stops of each hub town. */
  townStopsPerHub: number;
}

/** Full scale is 15,000 stops, 1,500 lines, 150,000 schedules; `scale` shrinks them all. */
export function sizesFor(scale: number): BenchSizes {
  return {
    stops: Math.max(600, Math.round(15_000 * scale)),
    lines: Math.max(40, Math.round(1_500 * scale)),
    schedules: Math.max(400, Math.round(150_000 * scale)),
    townStopsPerHub: Math.max(10, Math.min(TOWN_STOP_NAMES.length, Math.round(40 * Math.sqrt(scale)))),
  };
}

/** What the query phases need to know about the data, kept after the dataset itself is dropped. */
export interface DatasetProfile {
  stopCount: number;
  /** Stop name by id (index 0 unused). */
  stopNames: string[];
  /** Trip visits per stop over the whole dataset (index = stop id): how busy a stop is. */
  visits: Int32Array;
  /** Ids of the hubs (stop 1 first). */
  hubIds: number[];
  /** Stops that some outgoing trip reaches after leaving stop 1: sensible destinations. */
  homeDestinations: number[];
  holidays: { month: number; day: number }[];
  /** Totals of what was generated, before import. */
  generated: {
    stops: number;
    lines: number;
    routes: number;
    schedules: number;
    trips: number;
    stopTimes: number;
  };
  routeTypes: Record<RouteType, number>;
  boundFor: Record<BoundFor, number>;
  nullTimes: number;
}

const HOLIDAYS: readonly (readonly [name: string, month: number, day: number])[] = [
  ['Naujieji metai', 1, 1],
  ['Lietuvos valstybės atkūrimo diena', 2, 16],
  ['Lietuvos nepriklausomybės atkūrimo diena', 3, 11],
  ['Tarptautinė darbo diena', 5, 1],
  ['Joninės (Rasos)', 6, 24],
  ['Valstybės (Karaliaus Mindaugo karūnavimo) diena', 7, 6],
  ['Žolinė', 8, 15],
  ['Visų šventųjų diena', 11, 1],
  ['Vėlinės', 11, 2],
  ['Kūčios', 12, 24],
  ['Kalėdos', 12, 25],
  ['Kalėdos (antra diena)', 12, 26],
];

const WEEKDAY_SETS: readonly (readonly [Weekday[], number, number])[] = [
  // [days, weight, probability of running on public holidays]
  [['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'], 35, 0.1],
  [[...WEEKDAYS], 25, 0.7],
  [['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'], 10, 0.25],
  [['SATURDAY', 'SUNDAY'], 8, 0.6],
  [['SATURDAY'], 4, 0.5],
  [['SUNDAY'], 4, 0.6],
  [['FRIDAY', 'SUNDAY'], 4, 0.3],
  [['MONDAY', 'WEDNESDAY', 'FRIDAY'], 3, 0.2],
  [['TUESDAY', 'THURSDAY'], 3, 0.2],
];

/** 'HH:MM' strings interned once: 8 million time entries then share 1,440 strings. */
const TIMES: readonly string[] = Array.from({ length: 1440 }, (_, m) => formatTime(m));

export function generateDataset(
  sizes: BenchSizes,
  seed: number,
): { dataset: TimetableDataset; profile: DatasetProfile } {
  const rng = new Rng(seed);

  // ---- stops -------------------------------------------------------------------------
  const stops: DatasetStop[] = [];
  const nameKeys = new Set<string>();
  const addStop = (name: string, coords: string | null, defaultOption = false): number => {
    const id = stops.length + 1;
    stops.push({ id, name, coords, defaultOption });
    nameKeys.add(`${name}\u0000${coords ?? ''}`);
    return id;
  };

  const towns = [HOME_TOWN, ...HUB_TOWNS];
  const bigHubs = new Set(['Vilnius', 'Kaunas', 'Klaipėda', 'Šiauliai', 'Panevėžys']);
  const districts: District[] = towns.map((town) => ({
    hubId: addStop(`${town.genitive} AS`, null, true),
    town,
    weight: town === HOME_TOWN ? 1.5 : bigHubs.has(town.name) ? 3 : 1,
    townStops: [],
    corridors: [],
    x: rng.next() * 100,
    y: rng.next() * 100,
    neighbours: [],
  }));
  for (const d of districts) {
    d.neighbours = districts
      .filter((o) => o !== d)
      .sort((a, b) => Math.hypot(a.x - d.x, a.y - d.y) - Math.hypot(b.x - d.x, b.y - d.y))
      .slice(0, 5);
  }

  for (const d of districts) {
    // Street names repeat from town to town; the coords note (the town's convention) tells them apart.
    const names = rng.shuffle([...TOWN_STOP_NAMES]).slice(0, sizes.townStopsPerHub);
    for (const name of names) d.townStops.push(addStop(name, d.town.name));
  }

  const villageStops = Math.max(0, sizes.stops - stops.length);
  const perDistrict = Math.floor(villageStops / districts.length);
  districts.forEach((d, index) => {
    const quota = perDistrict + (index < villageStops % districts.length ? 1 : 0);
    const corridorCount = Math.max(1, Math.round(quota / 55));
    d.corridors = Array.from({ length: corridorCount }, () => []);
    let made = 0;
    let village = 0;
    while (made < quota) {
      let v = villageName(rng);
      for (let attempt = 0; attempt < 5 && nameKeys.has(`${v.name}\u0000`); attempt++) v = villageName(rng);
      const corridor = d.corridors[village % corridorCount] as number[];
      village++;
      const note = nameKeys.has(`${v.name}\u0000`) ? `${d.town.genitive} r.` : null;
      corridor.push(addStop(v.name, note));
      made++;
      const extra = rng.chance(0.4) ? rng.int(1, 2) : 0;
      for (let e = 0; e < extra && made < quota; e++) {
        const name = rng.pick(VILLAGE_STOP_FORMS)(v);
        corridor.push(addStop(name, nameKeys.has(`${name}\u0000`) ? `${d.town.genitive} r.` : null));
        made++;
      }
    }
  });

  // ---- calendar ----------------------------------------------------------------------
  const holidays: DatasetHoliday[] = HOLIDAYS.map(([name, month, day], i) => ({
    id: i + 1,
    name,
    month,
    day,
  }));
  const { rules, groups: ruleGroups } = generateRules(rng);

  // ---- lines and routes --------------------------------------------------------------
  const lineCount = sizes.lines;
  const cityCount = Math.round(lineCount * 0.1);
  const nationalCount = Math.round(lineCount * 0.1);
  const kinds: RouteType[] = [];
  for (let i = 0; i < lineCount; i++) {
    kinds.push(i < cityCount ? 'City Bus' : i < cityCount + nationalCount ? 'Nationial Bus' : 'Regional Bus');
  }
  rng.shuffle(kinds);

  const lines: DatasetLine[] = [];
  const routeType = new Map<number, RouteType>();
  let routeId = 0;
  let noteId = 0;
  const cityNumbers = new Map<District, number>();
  const pickDistrict = (cityWeighting: boolean) =>
    rng.weighted(districts.map((d) => [d, cityWeighting && d.weight === 3 ? 6 : d.weight] as const));

  for (let i = 0; i < lineCount; i++) {
    const kind = kinds[i] as RouteType;
    const lineId = i + 1;
    let main: number[];
    let name: string;
    if (kind === 'City Bus') {
      // The home town always has its own city buses (the 'City bound' case from stop 1).
      const home = districts[0] as District;
      const d = (cityNumbers.get(home) ?? 0) < 2 ? home : pickDistrict(true);
      const n = (cityNumbers.get(d) ?? 0) + 1;
      cityNumbers.set(d, n);
      main = cityRoute(rng, d);
      name = `${d.town.name} miesto Nr. ${n}`;
    } else if (kind === 'Regional Bus') {
      const d = pickDistrict(false);
      main = regionalRoute(rng, d);
      name = `${d.town.name} – ${stopName(stops, main[main.length - 1] as number)}`;
    } else {
      const chain = [pickDistrict(false)];
      const hubs = rng.int(2, 4);
      while (chain.length < hubs) {
        const last = chain[chain.length - 1] as District;
        const next = last.neighbours.find((n) => !chain.includes(n) && rng.chance(0.6));
        if (!next) break;
        chain.push(next);
      }
      if (chain.length < 2) chain.push((chain[0] as District).neighbours[0] as District);
      main = nationalRoute(rng, chain);
      name = chain.map((d) => d.town.name).join(' – ');
    }
    const variations = [main, detourVariation(rng, main, districts, stops.length)];
    if (rng.chance(0.5)) variations.push(shortVariation(rng, main));

    const routes: DatasetRoute[] = variations.map((stopIds, v) => {
      routeId++;
      const measured = !rng.chance(0.1);
      routeType.set(routeId, kind);
      return {
        id: routeId,
        routeNotes: v === 0 ? null : v === 1 ? 'Su užsukimu' : 'Sutrumpintas maršrutas',
        stopIds,
        // One gap per pair of neighbouring stops; a tenth of the routes were never measured.
        distanceMeters: stopIds.slice(1).map(() => {
          const unknown = !measured || rng.chance(0.04);
          return unknown ? null : rng.int(kind === 'City Bus' ? 250 : 600, 6000);
        }),
      };
    });
    const touchesHome = main.includes(HOME_STOP_ID);
    lines.push({
      id: lineId,
      name,
      routeStart: stopName(stops, main[0] as number),
      routeEnd: stopName(stops, main[main.length - 1] as number),
      routeType: kind,
      operator: rng.pick(OPERATORS),
      anykStationPlatform: touchesHome ? String(rng.int(1, 8)) : null,
      price: rng.chance(0.7)
        ? `${rng.int(1, kind === 'Nationial Bus' ? 25 : 6)},${rng.pick(['00', '20', '50', '80'])} €`
        : null,
      via: rng.chance(0.15) ? `per ${stopName(stops, main[Math.floor(main.length / 2)] as number)}` : null,
      enabledSeasonalYearlyRuleFilter: rng.chance(0.1),
      customNotes: rng.chance(0.1)
        ? [
            (() => {
              const [noteKey, noteValue] = rng.pick(LINE_NOTES);
              return { id: ++noteId, noteKey, noteValue };
            })(),
          ]
        : [],
      routes,
    });
  }

  // ---- schedules and trips -----------------------------------------------------------
  const weights = lines.map((l) => (l.routeType === 'City Bus' ? 1.5 : 1) * (0.5 + rng.next()));
  const weightSum = weights.reduce((a, b) => a + b, 0);
  const perLine = weights.map((w) => Math.floor((sizes.schedules * w) / weightSum));
  let missing = sizes.schedules - perLine.reduce((a, b) => a + b, 0);
  for (let i = 0; missing > 0; i = (i + 1) % perLine.length, missing--) perLine[i] = (perLine[i] ?? 0) + 1;

  const schedules: DatasetSchedule[] = [];
  const tripsPerRoute = new Map<number, number>();
  /** Routes used by a trip leaving forwards (false) or backwards (true) with boundFor Out bound / One way. */
  const outgoingUse = new Map<number, Set<boolean>>();
  const boundCounts: Record<BoundFor, number> = { 'Out bound': 0, 'City bound': 0, 'One way': 0 };
  let tripId = 0;
  let stopTimes = 0;
  let nullTimes = 0;

  const makeTrip = (
    route: DatasetRoute,
    boundFor: BoundFor,
    reversed: boolean,
    kind: RouteType,
    start: number | null,
    after: number | null,
  ): DatasetTrip => {
    const n = route.stopIds.length;
    const increments = new Array<number>(n);
    increments[0] = 0;
    let duration = 0;
    for (let i = 1; i < n; i++) {
      const step =
        kind === 'City Bus' ? rng.int(1, 3) : kind === 'Regional Bus' ? rng.int(2, 5) : rng.int(2, 8);
      increments[i] = step;
      duration += step;
    }
    const latestStart = Math.max(0, 1439 - duration);
    let first: number;
    if (start !== null) first = Math.min(start, latestStart);
    else if (after !== null && after + 5 <= latestStart)
      first = rng.int(after + 5, Math.min(latestStart, after + 60));
    else first = rng.int(Math.min(300, latestStart), latestStart);
    const timeList = new Array<string | null>(n);
    let minute = first;
    for (let i = 0; i < n; i++) {
      minute += increments[i] as number;
      timeList[i] = TIMES[minute] as string;
    }
    if (rng.chance(0.03)) {
      // Legacy gaps: a stop shown without a time (never the first, so most trips still depart).
      const gaps = rng.int(1, 2);
      for (let g = 0; g < gaps; g++) timeList[rng.int(1, n - 1)] = null;
    }
    for (const t of timeList) if (t === null) nullTimes++;
    stopTimes += n;
    tripsPerRoute.set(route.id, (tripsPerRoute.get(route.id) ?? 0) + 1);
    boundCounts[boundFor]++;
    if (boundFor !== 'City bound') {
      let uses = outgoingUse.get(route.id);
      if (!uses) {
        uses = new Set();
        outgoingUse.set(route.id, uses);
      }
      uses.add(reversed);
    }
    return { id: ++tripId, boundFor, routeId: route.id, routeDirReversed: reversed, timeList };
  };

  const endMinute = (trip: DatasetTrip): number => {
    for (let i = trip.timeList.length - 1; i >= 0; i--) {
      const t = trip.timeList[i];
      if (t) return Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
    }
    return 0;
  };

  let scheduleId = 0;
  lines.forEach((line, index) => {
    const count = perLine[index] ?? 0;
    const routes = line.routes;
    for (let k = 0; k < count; k++) {
      const id = ++scheduleId;
      const [days, , holidayChance] = rng.weighted(WEEKDAY_SETS.map((set) => [set, set[1]] as const));
      const weekly = rng.chance(0.04) ? [rng.pick(WEEKDAYS)] : (days as Weekday[]);
      const pickRoute = (): DatasetRoute =>
        rng.weighted(routes.map((r, v) => [r, v === 0 ? 0.6 : v === 1 ? 0.25 : 0.15] as const));
      // Departures spread over the day with morning and afternoon peaks.
      const start = rng.weighted([
        [rng.int(300, 540), 4],
        [rng.int(540, 900), 3],
        [rng.int(900, 1140), 4],
        [rng.int(1140, 1400), 1],
      ] as const);
      let trips: DatasetTrip[];
      if (rng.chance(0.95)) {
        const out = makeTrip(pickRoute(), 'Out bound', false, line.routeType, start, null);
        const backRoute = rng.chance(0.8)
          ? (routes.find((r) => r.id === out.routeId) as DatasetRoute)
          : pickRoute();
        trips = [out, makeTrip(backRoute, 'City bound', true, line.routeType, null, endMinute(out))];
      } else {
        trips = [makeTrip(pickRoute(), 'One way', rng.chance(0.2), line.routeType, start, null)];
      }
      schedules.push({
        id,
        lineId: line.id,
        runsOnWeekly: weekly,
        runsOnYearlyId: pickRule(rng, ruleGroups),
        runsOnPublicHolidays: rng.chance(holidayChance),
        timeConstraintsDescription: rng.chance(0.05) ? rng.pick(TIME_CONSTRAINT_NOTES) : null,
        trips,
      });
    }
  });

  // ---- profile -----------------------------------------------------------------------
  const visits = new Int32Array(stops.length + 1);
  const homeDestinations = new Set<number>();
  for (const line of lines) {
    for (const route of line.routes) {
      const trips = tripsPerRoute.get(route.id) ?? 0;
      for (const s of route.stopIds) visits[s] = (visits[s] ?? 0) + trips;
      for (const reversed of outgoingUse.get(route.id) ?? []) {
        const travel = reversed ? [...route.stopIds].reverse() : route.stopIds;
        const at = travel.indexOf(HOME_STOP_ID);
        if (at >= 0) for (const s of travel.slice(at + 1)) if (s !== HOME_STOP_ID) homeDestinations.add(s);
      }
    }
  }
  const routeTypes: Record<RouteType, number> = { 'City Bus': 0, 'Regional Bus': 0, 'Nationial Bus': 0 };
  for (const l of lines) routeTypes[l.routeType]++;

  const dataset: TimetableDataset = {
    format: DATASET_FORMAT,
    version: DATASET_VERSION,
    stops,
    holidays,
    yearlyRules: rules,
    lines,
    schedules,
  };
  const profile: DatasetProfile = {
    stopCount: stops.length,
    stopNames: ['', ...stops.map((s) => s.name)],
    visits,
    hubIds: districts.map((d) => d.hubId),
    homeDestinations: [...homeDestinations].sort((a, b) => a - b),
    holidays: holidays.map((h) => ({ month: h.month, day: h.day })),
    generated: {
      stops: stops.length,
      lines: lines.length,
      routes: routeId,
      schedules: schedules.length,
      trips: tripId,
      stopTimes,
    },
    routeTypes,
    boundFor: boundCounts,
    nullTimes,
  };
  return { dataset, profile };
}

function stopName(stops: readonly DatasetStop[], id: number): string {
  return stops[id - 1]?.name ?? `#${id}`;
}
