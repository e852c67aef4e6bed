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
