import { describe, expect, it } from 'vitest';
import { normalizeDeparturesQuery } from './departures-query.ts';
import {
  DeparturesQuery,
  DeparturesQueryInput,
  IsoDate,
  LineIdInput,
  parseDeparturesQuery,
  StopSearchInput,
  TripIdInput,
} from './queries.ts';

const TODAY = '2026-07-01';

describe('parseDeparturesQuery (spec section 5 defaults)', () => {
  it.each([
    ['nothing given', {}, { from: 1, to: null, dir: 'Out bound', date: TODAY }],
    [
      'all given as query-string text',
      { from: '12', to: '34', dir: 'City bound', date: '2026-03-12' },
      { from: 12, to: 34, dir: 'City bound', date: '2026-03-12' },
    ],
    [
      'all given as numbers (tRPC)',
      { from: 12, to: 34, dir: 'Out bound', date: '2026-03-12' },
      { from: 12, to: 34, dir: 'Out bound', date: '2026-03-12' },
    ],
    [
      'the old client: empty destination',
      { from: '1', to: '', dir: 'Out bound', date: '2025-03-12' },
      { from: 1, to: null, dir: 'Out bound', date: '2025-03-12' },
    ],
    [
      'empty strings mean missing',
      { from: '', to: '', dir: '', date: '' },
      { from: 1, to: null, dir: 'Out bound', date: TODAY },
    ],
    [
      'nulls mean missing',
      { from: null, to: null, dir: null, date: null },
      { from: 1, to: null, dir: 'Out bound', date: TODAY },
    ],
    ['spaces around an id', { from: ' 7 ', to: '  ' }, { from: 7, to: null, dir: 'Out bound', date: TODAY }],
    [
      'dir One way becomes Out bound',
      { dir: 'One way' },
      { from: 1, to: null, dir: 'Out bound', date: TODAY },
    ],
    [
      'dir in other case becomes Out bound',
      { dir: 'city bound' },
      { from: 1, to: null, dir: 'Out bound', date: TODAY },
    ],
    [
      'dir nonsense becomes Out bound',
      { dir: 'sideways' },
      { from: 1, to: null, dir: 'Out bound', date: TODAY },
    ],
    [
      'date not a real day falls back to today',
      { date: '2026-02-29' },
      { from: 1, to: null, dir: 'Out bound', date: TODAY },
    ],
    [
      'date with time falls back to today',
      { date: '2026-03-12T10:00:00Z' },
      { from: 1, to: null, dir: 'Out bound', date: TODAY },
    ],
    [
      'date in another format falls back to today',
      { date: '12/03/2026' },
      { from: 1, to: null, dir: 'Out bound', date: TODAY },
    ],
    [
      'leap day in a leap year is kept',
      { date: '2028-02-29' },
      { from: 1, to: null, dir: 'Out bound', date: '2028-02-29' },
    ],
    [
      'a past date is kept (tooLate marks it)',
      { date: '2020-01-01' },
      { from: 1, to: null, dir: 'Out bound', date: '2020-01-01' },
    ],
    [
      'unknown params are ignored',
      { from: '3', utm_source: 'x' },
      { from: 3, to: null, dir: 'Out bound', date: TODAY },
    ],
  ])('%s', (_label, raw, expected) => {
    expect(parseDeparturesQuery(raw, TODAY)).toEqual(expected);
    expect(DeparturesQuery.parse(expected)).toEqual(expected);
  });

  it.each([
    ['from letters', { from: 'abc' }, 'from'],
    ['from zero', { from: '0' }, 'from'],
    ['from zero number', { from: 0 }, 'from'],
    ['from negative', { from: '-1' }, 'from'],
    ['from negative number', { from: -5 }, 'from'],
    ['from fraction', { from: '1.5' }, 'from'],
    ['from fraction number', { from: 1.5 }, 'from'],
    ['from exponent', { from: '1e3' }, 'from'],
    ['from hex', { from: '0x10' }, 'from'],
    ['from trailing junk', { from: '12abc' }, 'from'],
    ['from unsafe integer', { from: '99999999999999999999' }, 'from'],
    ['from boolean', { from: true }, 'from'],
    ['from repeated param', { from: ['1', '2'] }, 'from'],
    ['to letters', { to: 'x' }, 'to'],
    ['to zero', { to: 0 }, 'to'],
    ['dir not text', { dir: 5 }, 'dir'],
    ['date not text', { date: 20260312 }, 'date'],
  ])('rejects %s', (_label, raw, path) => {
    const result = DeparturesQueryInput.safeParse(raw);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([path]);
    expect(() => parseDeparturesQuery(raw, TODAY)).toThrow();
  });

  it('explains a bad id in words', () => {
    const result = DeparturesQueryInput.safeParse({ from: 'abc' });
    expect(result.error?.issues[0]?.message).toBe('from must be a positive whole number');
  });

  it('refuses an invalid "today" (a caller bug, not user input)', () => {
    expect(() => normalizeDeparturesQuery({}, '2026-7-1')).toThrow(RangeError);
  });
});

describe('DeparturesQuery (normalized shape)', () => {
  it.each([
    [{ from: 1, to: null, dir: 'Out bound', date: '2026-02-29' }],
    [{ from: 1, to: null, dir: 'One way', date: TODAY }],
    [{ from: 0, to: null, dir: 'Out bound', date: TODAY }],
    [{ from: 1, dir: 'Out bound', date: TODAY }],
  ])('rejects %j', (value) => {
    expect(DeparturesQuery.safeParse(value).success).toBe(false);
  });
});

describe('IsoDate', () => {
  it.each([
    ['2026-07-01', true],
    ['2028-02-29', true],
    ['2026-02-29', false],
    ['2026-7-1', false],
    ['', false],
  ])('%j valid: %s', (text, valid) => {
    expect(IsoDate.safeParse(text).success).toBe(valid);
  });
});

describe('StopSearchInput', () => {
  it.each([
    [{ query: 'anyksciu' }, 'anyksciu'],
    [{ query: '  Šiau  ' }, 'Šiau'],
    [{ query: '' }, ''],
    [{ query: '   ' }, ''],
    [{}, ''],
    [{ query: `  ${'a'.repeat(100)}  ` }, 'a'.repeat(100)],
  ])('%j -> %j', (raw, query) => {
    expect(StopSearchInput.parse(raw)).toEqual({ query });
  });

  it.each([[{ query: 'a'.repeat(101) }], [{ query: 5 }], [{ query: null }]])('rejects %j', (raw) => {
    expect(StopSearchInput.safeParse(raw).success).toBe(false);
  });
});

describe.each([
  ['LineIdInput', LineIdInput],
  ['TripIdInput', TripIdInput],
])('%s', (_name, schema) => {
  it.each([
    [{ id: 5 }, 5],
    [{ id: '5' }, 5],
    [{ id: ' 42 ' }, 42],
    [{ id: '007' }, 7],
  ])('%j -> id %i', (raw, id) => {
    expect(schema.parse(raw)).toEqual({ id });
  });

  it.each([
    [{}],
    [{ id: '' }],
    [{ id: null }],
    [{ id: 'abc' }],
    [{ id: '0' }],
    [{ id: -1 }],
    [{ id: 2.5 }],
    [{ id: '2.5' }],
    [{ id: Number.NaN }],
    [{ id: Number.POSITIVE_INFINITY }],
  ])('rejects %j', (raw) => {
    const result = schema.safeParse(raw);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['id']);
  });
});
