import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  distinctSearchNames,
  matchRank,
  prepareQuery,
  searchEveryStop,
  searchForm,
  searchName,
  searchStops,
  shareSearchIndex,
  stemOf,
  stopsThatCanMatch,
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
    // issue 29: as other timetables write them
    ['ANYKŠČIŲ A.S.', 'anyksciu autobusu stotis'],
    ['Anykščių A. S.', 'anyksciu autobusu stotis'],
    ['A. Baranausko a.', 'a baranausko a'],
    ['Mokinių st. v.', 'mokiniu stotele v'],
    ['Stadijonas', 'stadijonas'],
    ['Raguvos kr.', 'raguvos kryzkele'],
    ['Leliūnų gyv. 1', 'leliunu gyvenviete 1'],
    ['Rubikių ež.', 'rubikiu ezeras'],
    ['J. Biliūno gimn.', 'j biliuno gimnazija'],
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

describe('one or two letters match the start of a word only', () => {
  it.each([
    ['as', 'Anykščių AS', 2],
    ['AS', 'Anykščių AS', 2],
    ['an', 'Anykščių AS', 1],
    ['ii', 'Kurkliai II k.', 2],
    ['k', 'Kurkliai II k.', 1],
    ['st', 'Mokinių st. v.', 2],
    ['v', 'Mokinių st. v.', 2],
    ['ny', 'Anykščių AS', null],
    ['ai', 'Kurkliai II k.', null],
    ['t', 'Mokinių st. v.', null],
  ] as const)('%j in %j -> %s', (query, name, rank) => {
    expect(matchRank(prepareQuery(query), searchName(name))).toBe(rank);
  });
});

describe('the search index finds what looking at every stop finds', () => {
  // The real stops, a few with extra search names as staff give them.
  const extras: Record<number, string[]> = {
    0: ['Bus station', 'Autobusų parkas'],
    3: ['Ažuožerių k.'],
    10: ['Mokinių stotelė', 'g. st.'],
  };
  const stops = realStops.map((s, i) => ({
    ...s,
    names: [s.name, ...(extras[i] ?? [])].map(searchName),
    weeklyDepartures: (s.id * 37) % 11,
  }));
  const texts = stops.flatMap((s) => s.names.map((n) => n.folded));
  const names = [...realStops.map((s) => s.name), ...Object.values(extras).flat()];
  // What people type: starts of words (1-6 letters), pieces from inside names, as written, folded and in capitals.
  const queries = new Set<string>(['-', '...a', 'a.b', 'k', 'k.', 'AS', 'g. st.', 'as', 'st', 'a k', 'ii k']);
  for (const [n, name] of names.entries()) {
    // The words in another order ('II Kurkliai').
    if (name.includes(' ')) queries.add(name.split(' ').reverse().join(' '));
    for (const word of name.split(' '))
      for (let length = 1; length <= 6; length++) queries.add(word.slice(0, length));
    for (let at = n % 4; at + 3 <= name.length; at += 4) {
      queries.add(name.slice(at, at + 3));
      queries.add(name.slice(at, at + 5).toLocaleUpperCase('lt'));
    }
  }
  for (const text of texts.slice(0, 40)) queries.add(text.slice(0, 4));

  it(`agrees on ${queries.size} queries, the best 10 and all matches`, () => {
    const key = (hits: { stop: { id: number }; nameIndex: number; rank: number }[]) =>
      hits.map((h) => `${h.stop.id}/${h.nameIndex}/${h.rank}`).join(' ');
    for (const query of queries) {
      expect(key(searchStops(stops, query, 10)), query).toBe(key(searchEveryStop(stops, query, 10)));
      expect(key(searchStops(stops, query)), query).toBe(key(searchEveryStop(stops, query)));
    }
  });

  it('narrows a query to the stops that can match, and never leaves one out', () => {
    let narrowed = 0;
    for (const query of queries) {
      const prepared = prepareQuery(query);
      const positions = stopsThatCanMatch(stops, prepared);
      if (positions === null) {
        // Only punctuation and 1-2 letters ('st.', '. v', '-'): every stop is looked at.
        expect(prepared.expanded.length, query).toBeLessThan(3);
        continue;
      }
      narrowed++;
      const kept = new Set(positions);
      stops.forEach((stop, position) => {
        if (stop.names.some((name) => matchRank(prepared, name) !== null))
          expect(kept.has(position), `${query} -> ${stop.name}`).toBe(true);
      });
      expect(positions.length).toBeLessThan(stops.length);
    }
    expect(narrowed).toBeGreaterThan(queries.size * 0.95);
  });

  it('a new list of the same names shares the index; one with another name has its own', () => {
    const copy = stops.map((s) => ({ ...s }));
    shareSearchIndex(stops, copy);
    expect(searchStops(copy, 'anyk', 3).map((h) => h.stop.id)).toEqual(
      searchEveryStop(copy, 'anyk', 3).map((h) => h.stop.id),
    );
    const renamed = stops.map((s, i) => (i === 5 ? { ...s, names: [searchName('Naujasodis')] } : s));
    const found = searchStops(renamed, 'naujasod').map((h) => h.stop.id);
    expect(found).toContain(stops[5]?.id);
    expect(found).toEqual(searchEveryStop(renamed, 'naujasod').map((h) => h.stop.id));
  });
});
