import { addDays, type Direction, foldText, formatIsoDate, HOME_STOP_ID } from '@bus/core';
import type { DatasetProfile } from './generate.ts';
import { Rng, WeightedIndex } from './prng.ts';

/** Which kind of stop a departures query was aimed at, for the per-kind breakdown. */
export type QueryKind = 'any stop' | 'busy stop' | 'hub' | 'home out' | 'home city' | 'home to';

export interface DeparturesBenchQuery {
  kind: QueryKind;
  from: number;
  to?: number;
  dir: Direction;
  date: string;
}

export const BENCH_YEAR = 2026;

/** Holidays of the year plus Easter Sunday and Monday (2026-04-05/06). */
function holidayDates(profile: DatasetProfile): string[] {
  const dates = profile.holidays.map((h) => formatIsoDate({ year: BENCH_YEAR, month: h.month, day: h.day }));
  return [...dates, `${BENCH_YEAR}-04-05`, `${BENCH_YEAR}-04-06`];
}

/**
 * A departures query mix: a third any used stop, a third weighted by how many trips call
 * (the busy stops people actually look at), the rest hubs and the home station (out, city
 * bound, and with a destination); dates over the whole year with extra weight on holidays.
 */
export function departuresQueries(
  profile: DatasetProfile,
  count: number,
  seed: number,
): DeparturesBenchQuery[] {
  const rng = new Rng(seed);
  const used: number[] = [];
  for (let id = 1; id < profile.visits.length; id++) if ((profile.visits[id] ?? 0) > 0) used.push(id);
  const busy = new WeightedIndex(profile.visits);
  const otherHubs = profile.hubIds.filter((id) => id !== HOME_STOP_ID);
  const holidays = holidayDates(profile);
  const date = () =>
    rng.chance(0.15) ? rng.pick(holidays) : addDays(`${BENCH_YEAR}-01-01`, rng.int(0, 364));
  const dir = (): Direction => (rng.chance(0.5) ? 'Out bound' : 'City bound');

  const queries: DeparturesBenchQuery[] = [];
  for (let i = 0; i < count; i++) {
    const kind = rng.weighted<QueryKind>([
      ['any stop', 35],
      ['busy stop', 35],
      ['hub', 15],
      ['home out', 5],
      ['home city', 5],
      ['home to', profile.homeDestinations.length > 0 ? 5 : 0],
    ]);
    switch (kind) {
      case 'any stop':
        queries.push({ kind, from: rng.pick(used), dir: dir(), date: date() });
        break;
      case 'busy stop':
        queries.push({ kind, from: busy.pick(rng), dir: dir(), date: date() });
        break;
      case 'hub':
        queries.push({ kind, from: rng.pick(otherHubs), dir: dir(), date: date() });
        break;
      case 'home out':
        queries.push({ kind, from: HOME_STOP_ID, dir: 'Out bound', date: date() });
        break;
      case 'home city':
        queries.push({ kind, from: HOME_STOP_ID, dir: 'City bound', date: date() });
        break;
      case 'home to':
        queries.push({
          kind,
          from: HOME_STOP_ID,
          to: rng.pick(profile.homeDestinations),
          dir: 'Out bound',
          date: date(),
        });
        break;
    }
  }
  return queries;
}

export interface SearchBenchQuery {
  /** Characters taken from a stop name (1, 2, 3 or 5). */
  length: number;
  query: string;
}

/**
 * What visitors type: the first 1-2 letters of a word, or 3-5 letters from anywhere in a
 * name; half without diacritics ('siau' for 'Šiau'), some in capitals.
 */
export function searchQueries(profile: DatasetProfile, count: number, seed: number): SearchBenchQuery[] {
  const rng = new Rng(seed);
  const queries: SearchBenchQuery[] = [];
  while (queries.length < count) {
    const name = profile.stopNames[rng.int(1, profile.stopCount)] ?? '';
    const length = rng.pick([1, 2, 3, 5]);
    let query: string;
    if (length <= 2) {
      const words = name.split(' ').filter((w) => /^\p{L}/u.test(w));
      if (words.length === 0) continue;
      query = rng.pick(words).slice(0, length);
    } else if (rng.chance(0.4) || name.length <= length) {
      query = name.slice(0, length);
    } else {
      const at = rng.int(0, name.length - length);
      query = name.slice(at, at + length);
    }
    if (query.trim() === '') continue;
    if (rng.chance(0.5)) query = foldText(query);
    if (rng.chance(0.25)) query = query.toLocaleUpperCase('lt');
    queries.push({ length, query });
  }
  return queries;
}
