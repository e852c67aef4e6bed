import { describe, expect, it } from 'vitest';
import {
  destinationEnabled,
  emptyDayBrowseSearch,
  type HeaderQuery,
  parseStopId,
  readHeaderQuery,
  readTimetableQuery,
  withDate,
  withDeparture,
  withDestination,
  withDirection,
  writeHeaderQuery,
} from './timetable-query.ts';

const today = '2026-03-12';

describe('reading the URL', () => {
  it('applies the spec defaults: from 1, no destination, Out bound, today', () => {
    expect(readTimetableQuery('', today)).toEqual({ from: 1, to: null, dir: 'Out bound', date: today });
  });

  it('keeps valid values', () => {
    expect(readTimetableQuery('?from=1&to=27&dir=City+bound&date=2026-05-01', today)).toEqual({
      from: 1,
      to: 27,
      dir: 'City bound',
      date: '2026-05-01',
    });
    expect(readTimetableQuery('from=85&dir=City%20bound', today)).toMatchObject({
      from: 85,
      dir: 'City bound',
    });
  });

  it('falls back to today for a date that is not a real YYYY-MM-DD', () => {
    for (const date of ['2026-02-29', '2026-13-01', '12.03.2026', '2026-3-1', '']) {
      expect(readTimetableQuery(`date=${date}`, today).date).toBe(today);
    }
  });

  it('reads any dir but City bound as Out bound', () => {
    for (const dir of ['One way', 'city bound', 'Out bound', 'x', '']) {
      expect(readTimetableQuery(`dir=${encodeURIComponent(dir)}`, today).dir).toBe('Out bound');
    }
  });

  it('treats malformed or missing stop ids as not given', () => {
    expect(['12', ' 7 ', '0', '-3', '1e3', '0x10', 'abc', '', null].map(parseStopId)).toEqual([
      12,
      7,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(readHeaderQuery('from=&to=abc', today)).toMatchObject({ from: null, to: null });
    expect(readTimetableQuery('from=&to=abc', today)).toMatchObject({ from: 1, to: null });
  });
});

describe('writing the URL', () => {
  it('writes from, to, dir and date, an unset stop as empty', () => {
    const q: HeaderQuery = { from: 1, to: null, dir: 'City bound', date: '2026-05-01' };
    expect(writeHeaderQuery(q)).toBe('from=1&to=&dir=City+bound&date=2026-05-01');
    expect(writeHeaderQuery({ ...q, from: null, to: 27, dir: 'Out bound' })).toBe(
      'from=&to=27&dir=Out+bound&date=2026-05-01',
    );
  });

  it('round-trips through reading', () => {
    const q: HeaderQuery = { from: 1, to: 27, dir: 'Out bound', date: '2026-12-31' };
    expect(readHeaderQuery(writeHeaderQuery(q), today)).toEqual(q);
  });
});

describe('header changes', () => {
  const home: HeaderQuery = { from: 1, to: 27, dir: 'Out bound', date: today };

  it('clears the destination when the departure changes to another stop', () => {
    expect(withDeparture(home, 85)).toEqual({ ...home, from: 85, to: null });
    expect(withDeparture(home, 1)).toEqual(home);
    // Cleared selector: the home station is used, so the destination may stay.
    expect(withDeparture(home, null)).toEqual({ ...home, from: null });
  });

  it('enables the destination only from the home station', () => {
    expect(destinationEnabled({ from: 1 })).toBe(true);
    expect(destinationEnabled({ from: null })).toBe(true);
    expect(destinationEnabled({ from: 85 })).toBe(false);
  });

  it('sets the direction to Out bound when a destination is chosen', () => {
    const cityBound: HeaderQuery = { from: null, to: null, dir: 'City bound', date: today };
    expect(withDestination(cityBound, 27)).toEqual({ from: 1, to: 27, dir: 'Out bound', date: today });
    expect(withDestination(home, null)).toEqual({ ...home, to: null });
  });

  it('clears the destination when City bound is chosen from the home station', () => {
    expect(withDirection(home, 'City bound')).toEqual({ ...home, dir: 'City bound', to: null });
    expect(withDirection({ ...home, from: null }, 'City bound').to).toBeNull();
    expect(withDirection(home, 'Out bound')).toEqual(home);
    const elsewhere: HeaderQuery = { from: 85, to: null, dir: 'Out bound', date: today };
    expect(withDirection(elsewhere, 'City bound')).toEqual({ ...elsewhere, dir: 'City bound' });
  });

  it('changes the date only to a real date', () => {
    expect(withDate(home, '2026-04-06').date).toBe('2026-04-06');
    expect(withDate(home, '2026-02-30')).toBe(home);
  });
});

describe('the empty day link to /browse', () => {
  it('carries the same query', () => {
    const search = 'from=85&to=&dir=City+bound&date=2026-05-01';
    expect(emptyDayBrowseSearch(search, readTimetableQuery(search, today))).toBe(search);
  });

  it('replaces from by the destination when departing from the home station', () => {
    const search = 'from=1&to=27&dir=Out+bound&date=2026-05-01';
    expect(emptyDayBrowseSearch(search, readTimetableQuery(search, today))).toBe(
      'from=27&to=27&dir=Out+bound&date=2026-05-01',
    );
    // from missing means the home station too.
    expect(emptyDayBrowseSearch('to=27', readTimetableQuery('to=27', today))).toBe('to=27&from=27');
  });
});
