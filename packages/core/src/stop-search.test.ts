import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  distinctSearchNames,
  matchRank,
  prepareQuery,
  searchForm,
  searchName,
  searchStops,
  stemOf,
} from './stop-search.ts';

describe('Lithuanian case endings share a stem', () => {
  it.each([
    ['Anykščiai', 'Anykščių', 'Anykščiuose'],
    ['Kavarskas', 'Kavarsko', 'Kavarske'],
    ['Troškūnai', 'Troškūnų', 'Troškūnuose'],
    ['Šeimyniškiai', 'Šeimyniškių', 'Šeimyniškiams'],
    ['Kurkliai', 'Kurklių', 'Kurkliuose'],
    ['Svėdasai', 'Svėdasų', 'Svėdasuose'],
  ])('%s / %s / %s', (...forms) => {
    const stems = forms.map((form) => stemOf(searchForm(form)));
    expect(new Set(stems).size).toBe(1);
  });

  it('keeps short words whole', () => {
    expect(stemOf('ai')).toBe('ai');
    expect(stemOf('kelias')).toBe('keli');
  });
});

describe('abbreviations expand', () => {
  it.each([
    ['Anykščių AS', 'anyksciu autobusu stotis'],
    ['Troškūnų g. st.', 'troskunu gelezinkelio stotis'],
    ['Raguvėl. gel. st.', 'raguvel gelezinkelio stotis'],
    ['Kurkliai I k', 'kurkliai i kaimas'],
    ['Kurkliai II k.', 'kurkliai ii kaimas'],
    ['Aslinga', 'aslinga'],
  ])('%s -> %s', (name, form) => {
    expect(searchForm(name)).toBe(form);
  });
});

describe('ranking', () => {
  const rank = (query: string, name: string) => matchRank(prepareQuery(query), searchName(name));
  it.each([
    ['Kurkliai', 'Kurkliai', 0],
    ['kurkliu', 'Kurkliai', 0],
    ['Kurkliai', 'Kurkliai I k', 1],
    ['Anykščiai', 'Anykščių AS', 2],
    ['anyksciu', 'Anykščių AS', 1],
    ['Anykščių autobusų stotis', 'Anykščių AS', 0],
    ['autobusų stotis', 'Anykščių AS', 2],
    ['anyk', 'Anykščių AS', 1],
    ['stotis anyksc', 'Anykščių AS', 2],
    ['mokykla', 'Techn. mokykla', 2],
    ['okykl', 'Techn. mokykla', 3],
    ['k', 'Kavarskas', 1],
    ['as', 'Aslinga', 1],
    ['Kurkliai I k', 'Kurkliai I k', 0],
    ['Vilnius', 'Anykščių AS', null],
    ['', 'Anykščių AS', null],
  ] as const)('%j in %j -> %s', (query, name, expected) => {
    expect(rank(query, name)).toBe(expected);
  });

  it('orders by rank, then weekly departures, then alphabetically', () => {
    const stop = (id: number, name: string, weeklyDepartures: number, order: number) => ({
      id,
      names: [searchName(name)],
      weeklyDepartures,
      order,
    });
    const stops = [
      stop(1, 'Anykščių AS', 900, 0),
      stop(2, 'Anykščių MSV', 40, 1),
      stop(3, 'Utenos AS', 300, 2),
      stop(4, 'Anykščiai', 5, 3),
    ];
    expect(searchStops(stops, 'Anykščiai').map((h) => h.stop.id)).toEqual([4, 1, 2]);
    expect(searchStops(stops, 'autobusų stotis').map((h) => h.stop.id)).toEqual([1, 3]);
    expect(searchStops(stops, 'anyk', 2).map((h) => h.stop.id)).toEqual([1, 2]);
  });
});

describe('extra search names', () => {
  const stop = (id: number, names: string[], weeklyDepartures = 0) => ({
    id,
    names: names.map(searchName),
    weeklyDepartures,
    order: id,
  });

  it('find a stop as its name does, the best of its names deciding, and say which matched', () => {
    const stops = [
      stop(1, ['Anykščių AS', 'Bus station', 'Autobusų parkas'], 900),
      stop(2, ['Bus stop'], 10),
    ];
    expect(searchStops(stops, 'bus station').map((h) => [h.stop.id, h.nameIndex, h.rank])).toEqual([
      [1, 1, 0],
    ]);
    expect(searchStops(stops, 'autobusu parko').map((h) => [h.stop.id, h.nameIndex])).toEqual([[1, 2]]);
    // Its own name matching as well as an extra one: the name is reported.
    expect(searchStops(stops, 'anyksciu').map((h) => h.nameIndex)).toEqual([0]);
    expect(searchStops(stops, 'bus').map((h) => h.stop.id)).toEqual([1, 2]);
  });

  it.each([
    ['Anykščių AS', ['Bus station', ' bus station'.trim(), 'BUS STATION'], ['Bus station']],
    ['Anykščių AS', ['anyksciu as', 'Autobusų stotis'], ['Autobusų stotis']],
    ['Kurkliai', ['Kurklių kaimas', 'Kurkliu kaimas', 'Kurkliai II'], ['Kurklių kaimas', 'Kurkliai II']],
    ['Kurkliai', [], []],
  ])('%j keeps %j as %j (each once, not its own name)', (name, names, kept) => {
    expect(distinctSearchNames(name, names)).toEqual(kept);
  });
});

/** The real stop names (data/anyksciai.json), in file order, equally busy: the words decide. */
const realStops = (
  JSON.parse(readFileSync(new URL('../../../data/anyksciai.json', import.meta.url), 'utf8')) as {
    stops: { id: number; name: string }[];
  }
).stops.map((s, order) => ({
  id: s.id,
  name: s.name,
  names: [searchName(s.name)],
  weeklyDepartures: 0,
  order,
}));
const findReal = (query: string) => searchStops(realStops, query).map((h) => h.stop.name);

describe('Lithuanian word forms on the real stop names (issue 13)', () => {
  it.each([
    // the town as a rider says it (nominative, locative) -> the stop named in the genitive
    ['Utena', 'Utenos AS'],
    ['Utenoje', 'Utenos AS'],
    ['Panevėžys', 'Panevėžio AS'],
    ['panevezys', 'Panevėžio AS'],
    ['Panevėžyje', 'Panevėžio AS'],
    ['Mickūnai', 'Mickūnų tiltas'],
    ['Aknystos', 'Aknystų kr.'],
    ['Rubikiai', 'Rubikių ež.'],
    ['Radiškis', 'Radiškio kryžkelė'],
    ['Biliūnas', 'J. Biliūno gimn.'],
    // and back: the genitive finds the nominative
    ['Kavarsko', 'Kavarskas'],
    ['Kavarske', 'Kavarskas'],
    ['Raguvos', 'Raguva'],
  ])('%j finds %j', (query, name) => {
    expect(findReal(query)).toContain(name);
  });

  it.each([
    // query, the first stops in order: the exact name, names starting with the query as typed,
    // then the same name in another case
    ['Utenos AS', ['Utenos AS']],
    ['Kavarskas', ['Kavarskas']],
    ['Raguva', ['Raguva']],
    ['Čekonys', ['Čekonys', 'Čekonys I', 'Čekonys II']],
    ['Raguvos', ['Raguvos kr.', 'Raguva']],
    ['Troškūnų', ['Troškūnų g. st.', 'Troškūnai']],
    ['Leliūnų', ['Leliūnų gyv. 1', 'Leliūnų gyv. 2', 'Leliūnai', 'Leliūnai']],
    ['Utena', ['Utenos AS']],
  ] as const)('%j lists %j first', (query, first) => {
    expect(findReal(query).slice(0, first.length)).toEqual(first);
  });

  it('"Kavarskas" finds a "Kavarsko …" stop (none in the real data: one made up here)', () => {
    const stops = [
      ...realStops,
      {
        id: 999,
        name: 'Kavarsko seniūnija',
        names: [searchName('Kavarsko seniūnija')],
        weeklyDepartures: 0,
        order: 999,
      },
    ];
    expect(searchStops(stops, 'Kavarskas').map((h) => h.stop.name)).toEqual([
      'Kavarskas',
      'Kavarsko seniūnija',
    ]);
    expect(searchStops(stops, 'Kavarsko').map((h) => h.stop.name)).toEqual([
      'Kavarsko seniūnija',
      'Kavarskas',
    ]);
  });
});
